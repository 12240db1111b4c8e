/**
 * Canonical addresses. A page's canonical address is its own path in the build's form (a
 * trailing slash, as Astro's directory output writes `faq/index.html`), except for the second
 * addresses of a screen (`routes.ts`): those name the screen's own address, and only that one is
 * in the sitemap.
 */
import { aliasTarget } from '../routes.ts';

/** `/faq` and `/faq/` → `/faq/`; the root stays `/`; file-like paths (`/rss.xml`) are left alone. */
export function withTrailingSlash(pathname: string): string {
  if (pathname.endsWith('/') || /\.[a-z0-9]+$/i.test(pathname)) return pathname;
  return `${pathname}/`;
}

/** The screen a page path is a second address of (`/helloty/` → `/success_story`), if it is one. */
function screenOfAlias(pathname: string): string | undefined {
  return aliasTarget(pathname.replace(/\/$/, '') || '/');
}

/** The canonical path of a page path. */
export function canonicalPath(pathname: string): string {
  const screen = screenOfAlias(pathname);
  return screen ? withTrailingSlash(screen) : withTrailingSlash(pathname);
}

/** Whether a page path is a second address of a screen (left out of the sitemap). */
export function isAlias(pathname: string): boolean {
  return screenOfAlias(pathname) !== undefined;
}

/** The absolute canonical address of a page path on `site`. */
export function canonicalUrl(pathname: string, site: string | URL): string {
  return new URL(canonicalPath(pathname), site).toString();
}
