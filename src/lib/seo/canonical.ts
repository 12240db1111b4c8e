/**
 * Canonical addresses. A page's canonical address is its own path in the build's form (a
 * trailing slash, as Astro's directory output writes `faq/index.html`), except for screens the
 * spec serves at several addresses: those name one of them, and only that one is in the sitemap.
 */

/** Second addresses of one screen → the address search engines should index. */
export const canonicalAliases: Readonly<Record<string, string>> = {
  // One list screen at two addresses: /success_story and /helloty both show the success stories.
  '/helloty/': '/success_story/',
  '/helloty/page/': '/success_story/',
};

/** `/faq` and `/faq/` → `/faq/`; the root stays `/`; file-like paths (`/rss.xml`) are left alone. */
export function withTrailingSlash(pathname: string): string {
  if (pathname.endsWith('/') || /\.[a-z0-9]+$/i.test(pathname)) return pathname;
  return `${pathname}/`;
}

/** The canonical path of a page path. */
export function canonicalPath(pathname: string): string {
  const path = withTrailingSlash(pathname);
  return canonicalAliases[path] ?? path;
}

/** Whether a page path is a second address of a screen (left out of the sitemap). */
export function isAlias(pathname: string): boolean {
  return withTrailingSlash(pathname) in canonicalAliases;
}

/** The absolute canonical address of a page path on `site`. */
export function canonicalUrl(pathname: string, site: string | URL): string {
  return new URL(canonicalPath(pathname), site).toString();
}
