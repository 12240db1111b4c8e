/**
 * Stylesheets that are not needed for the first paint: an element names one in
 * `data-later-styles` (the footer, components/layout/SiteFooter.astro), and it is added to the
 * page once the page has painted, so that the page's HTML, which must arrive in the first round
 * trip of a slow connection, does not carry its rules.
 */
import { afterFirstPaint } from './after-first-paint.ts';

/** Adds a `<link rel="stylesheet">` for each address the page names, once. */
export function addLaterStyles(doc: Document = document): void {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-later-styles]')) {
    const href = element.dataset.laterStyles;
    if (!href || doc.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    doc.head.append(link);
  }
}

/** {@link addLaterStyles} after the first paint. */
export function loadLaterStyles(): void {
  afterFirstPaint(() => addLaterStyles(), 1000);
}
