/**
 * Adds a stylesheet's text to the page once, when the code that needs it runs. For the styles of
 * what only an island shows (its loading and error states): a page's HTML must fit in the first
 * round trip of a slow connection, and rules for states the build never renders do not belong
 * there. The site's policy allows inline styles (`style-src 'unsafe-inline'`, astro.config.mjs).
 */
export function injectStyles(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}
