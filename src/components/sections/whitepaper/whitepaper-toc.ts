/**
 * The white paper's table of contents: marks the link of the section in view with
 * `aria-current="true"` (an IntersectionObserver over a band just below the sticky header),
 * and keeps the `<details>` open on wide screens, closed by default on phones.
 */
import { $isMobile } from '../../../stores/viewport.store.ts';

export function initToc(details: HTMLDetailsElement): void {
  const links = new Map<string, HTMLAnchorElement>();
  for (const link of details.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    links.set(decodeURIComponent(link.hash.slice(1)), link);
  }
  // In document order, so the deepest (latest) visible section wins.
  const targets = [...links.keys()].flatMap((id) => document.getElementById(id) ?? []);
  const visible = new Set<Element>();

  const setCurrent = (id: string) => {
    for (const [key, link] of links) {
      if (key === id) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  };

  const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 72;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      const current = targets.filter((target) => visible.has(target)).at(-1);
      if (current) setCurrent(current.id);
    },
    { rootMargin: `-${header + 24}px 0px -55% 0px` },
  );
  for (const target of targets) observer.observe(target);

  $isMobile.subscribe((mobile) => {
    details.open = !mobile;
  });
}
