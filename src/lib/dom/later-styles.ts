/**
 * The one way to add CSS later, after the page's HTML. Stylesheets that are not needed for the
 * first paint: an element names one in
 * `data-later-styles` (the footer, components/layout/SiteFooter.astro; the sections below a
 * page's first screen, src/integrations/later-styles), and it is added to the page once the page
 * has painted, so that the page's HTML, which must arrive in the first round trip of a slow
 * connection, does not carry its rules.
 */
import { afterFirstPaint } from './after-first-paint.ts';

/** Adds a `<link rel="stylesheet">` for each address the page names, once; returns the links added. */
export function addLaterStyles(doc: Document = document): HTMLLinkElement[] {
  const added: HTMLLinkElement[] = [];
  for (const element of doc.querySelectorAll<HTMLElement>('[data-later-styles]')) {
    const href = element.dataset.laterStyles;
    if (!href || doc.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.later = '';
    doc.head.append(link);
    added.push(link);
  }
  return added;
}

/** The sheets added so far, by name: one list for every copy of this module a page runs. */
const ADDED = Symbol.for('insighthire.injected-styles');

/**
 * Adds a stylesheet's text to the page once, when the code that needs it runs. For the styles of
 * what only an island shows (its loading and error states): a page's HTML must fit in the first
 * round trip of a slow connection, and rules for states the build never renders do not belong
 * there. As a constructed stylesheet (`adoptedStyleSheets`), which the page's policy does not
 * govern: it allows no inline `<style>` but the one its hash names (astro.config.mjs). A browser
 * without constructed stylesheets (Safari before 16.4) gets a `<style>`, which its policy then
 * refuses: there the states show without their look, and nothing else is at stake.
 */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined') return;
  const holder = document as unknown as Record<symbol, Set<string> | undefined>;
  const added = (holder[ADDED] ??= new Set());
  if (added.has(id) || document.getElementById(id)) return;
  added.add(id);
  if ('adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}

/** {@link addLaterStyles} once the page has painted. */
export function loadLaterStyles(doc: Document = document): void {
  afterFirstPaint(() => addLaterStyles(doc), 1000);
}

/**
 * On a page whose sections below the first screen get their styles later: when the address names
 * such a section (a shared link to `/#results`, or a jump within the page before then: the
 * banner's link to `#solution`), the styles are added at once, since where that section is
 * depends on the styles of the sections above it, and `onFragment` keeps it in place
 * (keep-fragment-in-place.ts) once those still loading are in.
 */
export function keepFragmentsInPlace(
  onFragment: (links: HTMLLinkElement[], target: Element) => void,
  doc: Document = document,
): void {
  const keepTarget = () => {
    let target: Element | null = null;
    try {
      // `/#results`; an address with a malformed escape names nothing.
      target = doc.getElementById(decodeURIComponent(doc.location.hash.slice(1)));
    } catch {
      // Nothing to keep in place.
    }
    if (!target) return;
    // Those added now count even when the cache applied them at once: the browser scrolled to the
    // section before, with the page laid out without them.
    const added = addLaterStyles(doc);
    const loading = [...doc.head.querySelectorAll<HTMLLinkElement>('link[data-later]')].filter(
      (link) => added.includes(link) || !link.sheet,
    );
    if (loading.length > 0) onFragment(loading, target);
  };
  keepTarget();
  doc.defaultView?.addEventListener('hashchange', keepTarget);
}
