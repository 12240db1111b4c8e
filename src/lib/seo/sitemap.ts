/**
 * Which built pages the sitemap lists (used by @astrojs/sitemap's filter in astro.config.mjs,
 * so it imports nothing from `astro:*`).
 */
import { detailKinds, detailRoutes } from '../routes.ts';
import { isAlias, withTrailingSlash } from './canonical.ts';

/**
 * Pages that tell search engines not to index them (`noindex`): the query forms of the detail
 * screens (`/info/blog?portal=…`, `/cad_archive?portal=…`, `/info/patent?tag=…`), whose
 * canonical addresses are the pre-rendered detail paths, the 404 page and the search page (its
 * results are what a visitor typed, not content of their own).
 */
export const noindexPaths: readonly string[] = [
  ...detailKinds.map((kind) => detailRoutes[kind].pathPrefix),
  '/404/',
  '/search/',
];

/** True for a page path that belongs in the sitemap. */
export function isSitemapPage(pathname: string): boolean {
  const path = withTrailingSlash(pathname);
  return !noindexPaths.includes(path) && !isAlias(path);
}
