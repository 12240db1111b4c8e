/**
 * The addresses a CDN purge names: the site's address plus each route of a release's
 * `changed-routes.json`, in every form the site answers and a browser asks for.
 *
 * - A page answers at `/faq` and at `/faq/` (scripts/lib/static-server.ts, the nginx config of
 *   scripts/publish/deploy), and an edge caches each address on its own, so both forms are purged. A
 *   route the release holds as a file (`/rss.xml`, `/og/info/blog/x.jpg`) has one form; a
 *   removed route, which the release can no longer tell about, gets both.
 * - Each segment is percent-encoded as the site writes its links (`encodeURIComponent`, as
 *   src/lib/detail-paths.ts does): a Korean id is purged under the address a browser requests.
 */
import type { RouteLists } from '../lib/pending-purge.ts';

/** A `changed-routes.json` or a site address this module cannot use; the message is Korean. */
export class PurgeInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PurgeInputError';
  }
}

/** The route lists of a parsed `changed-routes.json`. @throws {PurgeInputError} when its shape is wrong. */
export function readRouteLists(value: unknown): RouteLists {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const list = (key: keyof RouteLists): string[] => {
    const items = record[key] ?? [];
    if (!Array.isArray(items) || items.some((item) => typeof item !== 'string' || !item.startsWith('/')))
      throw new PurgeInputError(`changed-routes.json의 ${key} 가 "/"로 시작하는 경로의 목록이 아닙니다.`);
    return items as string[];
  };
  return { added: list('added'), changed: list('changed'), removed: list('removed') };
}

/**
 * The site's address without a trailing slash (`https://www.example.com`), to put routes after.
 * @throws {PurgeInputError} for anything but an http(s) address without query or fragment.
 */
export function siteBase(siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(siteUrl.trim());
  } catch {
    throw new PurgeInputError(`사이트 주소(SITE_URL)가 올바른 주소가 아닙니다: ${siteUrl}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username)
    throw new PurgeInputError(
      `사이트 주소(SITE_URL)는 https://www.example.com 처럼 http(s) 주소여야 합니다: ${siteUrl}`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A route's path, each segment percent-encoded (`/info/blog/인사이트` → `/info/blog/%EC%9D%B8…`). */
export function encodeRoute(route: string): string {
  return route.split('/').map(encodeURIComponent).join('/');
}

/**
 * The absolute addresses to purge for `routes`, in route order: both forms of a page, one of a
 * file (`isFile(route)`: the release holds the route as a file), the home page once.
 */
export function purgeUrls(
  siteUrl: string,
  routes: readonly string[],
  isFile: (route: string) => boolean = () => false,
): string[] {
  const base = siteBase(siteUrl);
  const urls = new Set<string>();
  for (const route of routes) {
    const bare = route.replace(/\/+$/, '');
    if (bare === '') {
      urls.add(`${base}/`);
      continue;
    }
    const path = `${base}${encodeRoute(bare)}`;
    urls.add(path);
    if (!isFile(bare)) urls.add(`${path}/`);
  }
  return [...urls];
}

/** `items` in consecutive batches of at most `size` (the API's limit per call). */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer: ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
