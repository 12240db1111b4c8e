// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearPending, markPagePending, markPending, PENDING_ATTRIBUTE } from './list-pending.ts';

afterEach(() => {
  document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
  document.body.replaceChildren();
});

function island(): { island: HTMLElement; card: HTMLElement } {
  const element = document.createElement('astro-island');
  const card = document.createElement('li');
  element.append(card);
  document.body.append(element);
  return { island: element, card };
}

describe('list-pending', () => {
  it('moves the page mark set before the island was parsed onto the island', () => {
    markPagePending();
    expect(document.documentElement.hasAttribute(PENDING_ATTRIBUTE)).toBe(true);
    const { island: element } = island();
    markPending(element);
    expect(document.documentElement.hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
    expect(element.hasAttribute(PENDING_ATTRIBUTE)).toBe(true);
    expect(element.getAttribute('aria-busy')).toBe('true');
  });

  it('clears the island around a node, after which nothing on the page is pending', () => {
    markPagePending();
    const { island: element, card } = island();
    markPending(element);
    clearPending(card);
    expect(element.hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
    expect(element.hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector(`[${PENDING_ATTRIBUTE}]`)).toBeNull();
  });
});
