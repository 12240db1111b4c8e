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

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFragmentInPlace', () => {
  it('brings the section back to the top of the view once the styles are in', async () => {
    const { link, target, scrolled } = setUp();
    keepFragmentInPlace([link], target);
    await tick();
    expect(scrolled).toEqual([]);
    link.dispatchEvent(new Event('load'));
    await tick();
    expect(scrolled).toEqual([{ behavior: 'instant', block: 'start' }]);
  });

  it('leaves the place alone when the visitor moved before the styles arrived', async () => {
    const { link, target, scrolled } = setUp();
    keepFragmentInPlace([link], target);
    window.dispatchEvent(new Event('wheel'));
    link.dispatchEvent(new Event('load'));
    await tick();
    expect(scrolled).toEqual([]);
  });
});
