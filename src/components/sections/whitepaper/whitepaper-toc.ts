/**
 * The white paper's table of contents: marks the link of the section being read with
 * `aria-current="true"` (an IntersectionObserver on a reading line below the sticky header),
 * and keeps the `<details>` open on wide screens, closed by default on phones.
 */
import { RESIZE_THROTTLE_MS, throttle, watchMobileLayout } from '../../../lib/dom/mobile-layout.ts';

export function initToc(details: HTMLDetailsElement): void {
  const links = new Map<string, HTMLAnchorElement>();
  for (const link of details.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    links.set(decodeURIComponent(link.hash.slice(1)), link);
  }
  // In document order: a sub-section comes after its parent and before the next section.
  const targets = [...links.keys()].flatMap((id) => document.getElementById(id) ?? []);

  const setCurrent = (id: string | undefined) => {
    for (const [key, link] of links) {
      if (key === id) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  };

  // The reading line sits just below the sticky header; the current section is the last one
  // whose top has passed it. The observer's root is that line (1px high), so it fires exactly
  // when a section's top or bottom crosses it, in either direction.
  const header =
    parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 72;
  const line = header + 32;
  const update = () => {
    const passed = targets.filter((target) => target.getBoundingClientRect().top <= line);
    setCurrent(passed.at(-1)?.id);
  };
  let observer: IntersectionObserver | undefined;
  const observe = () => {
    observer?.disconnect();
    const below = Math.max(0, window.innerHeight - line - 1);
    observer = new IntersectionObserver(update, { rootMargin: `-${line}px 0px -${below}px 0px` });
    for (const target of targets) observer.observe(target);
  };
  observe();
  window.addEventListener('resize', throttle(observe, RESIZE_THROTTLE_MS));

  watchMobileLayout((mobile) => {
    details.open = !mobile;
  });
}
