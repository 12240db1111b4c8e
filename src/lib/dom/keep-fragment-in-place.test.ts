// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { keepFragmentInPlace } from './keep-fragment-in-place.ts';

function setUp(): { link: HTMLLinkElement; target: HTMLElement; scrolled: unknown[] } {
  document.head.innerHTML = '<link rel="stylesheet" href="/_astro/later.B2.css">';
  document.body.innerHTML = '<section id="results"></section>';
  const target = document.getElementById('results')!;
  const scrolled: unknown[] = [];
  target.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => void scrolled.push(options);
  return { link: document.head.querySelector('link')!, target, scrolled };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tick = () => wait(0);

/** The hold has ended: once a moment has passed, no more scrolls come. */
async function expectHoldEnded(scrolled: unknown[]): Promise<void> {
  await wait(50);
  const count = scrolled.length;
  await wait(100);
  expect(scrolled.length).toBe(count);
}

describe('keepFragmentInPlace', () => {
  it('brings the section back to the top of the view once the styles are in, and holds it there a while', async () => {
    const { link, target, scrolled } = setUp();
    keepFragmentInPlace([link], target);
    await tick();
    expect(scrolled).toEqual([]);
    link.dispatchEvent(new Event('load'));
    await tick();
    expect(scrolled[0]).toEqual({ behavior: 'instant', block: 'start' });
    // Frame after frame, against a smooth scroll the jump may still be making.
    await wait(100);
    expect(scrolled.length).toBeGreaterThan(1);
    // Until the visitor moves.
    window.dispatchEvent(new Event('wheel'));
    await expectHoldEnded(scrolled);
  });

  it('leaves the place alone when the visitor moved before the styles arrived', async () => {
    const { link, target, scrolled } = setUp();
    keepFragmentInPlace([link], target);
    window.dispatchEvent(new Event('wheel'));
    link.dispatchEvent(new Event('load'));
    await tick();
    expect(scrolled).toEqual([]);
  });

  it('lets go when the address names another section while it holds', async () => {
    const { link, target, scrolled } = setUp();
    keepFragmentInPlace([link], target);
    link.dispatchEvent(new Event('load'));
    await tick();
    expect(scrolled.length).toBeGreaterThan(0);
    // An in-page link to a section further down: pulling back to this one would undo the jump.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await expectHoldEnded(scrolled);
  });

  it('lets go as soon as the address changes, before the browser reports it', async () => {
    const { link, target, scrolled } = setUp();
    // The address as the page reads it; no `hashchange` comes (happy-dom would send one at once).
    const address = { hash: '#results' };
    const doc = { defaultView: window, location: address } as unknown as Document;
    keepFragmentInPlace([link], target, doc);
    link.dispatchEvent(new Event('load'));
    await tick();
    expect(scrolled.length).toBeGreaterThan(0);
    // A jump has started its smooth scroll toward the new section and the address says so, but
    // `hashchange` is a task still to come: a frame of the hold in between would cancel the jump.
    address.hash = '#cover-letter';
    await expectHoldEnded(scrolled);
  });
});
