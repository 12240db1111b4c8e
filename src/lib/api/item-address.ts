/**
 * Where an item of the contract lives on the site, decided once. The contract lets an item's
 * stable id (`analytics_page_id`) and its address (`absolute_url`) differ, so cards, the detail
 * pages' `getStaticPaths`, the detail call, the sitemap, the feed and the rebuild's expected routes
 * all take the item's detail key from here, and a card always links to the page built for it.
 */
import { detailPath, matchDetailPath } from '../detail-paths.ts';
import type { DetailKind, ListId } from '../routes.ts';
import type { ContentItem } from './schemas.ts';

/** The part of an item that decides its address. */
export type AddressedItem = Pick<ContentItem, 'analytics_page_id' | 'absolute_url'>;

/** The detail screen of each list whose items get a pre-rendered page. */
export const detailKindOfList: Readonly<Partial<Record<ListId, DetailKind>>> = {
  hrStory: 'blog',
  success: 'success',
  patent: 'patent',
};

/** Why an id cannot be a page's address segment (the build words it for its log). */
export type RouteIdProblem = 'too-long' | 'decomposed' | 'dots' | 'characters';

/**
 * Why `id` cannot be a page's address segment, or `null` when it can. A page must be
 * reachable at exactly the address the list links to, on any static host: so no `/`, `\`,
 * `?`, `#` or `%` (they change what the address means), no leading `.` (`.` and `..`, and
 * `.well-known`-style names every host denies or reserves: the nginx config answers 404 for any
 * `/.` segment, 'dots'), no spaces or controls, and Hangul in its composed form (NFC: a
 * decomposed id names a different file on disk than the address a browser sends). A code, not a
 * sentence: the list islands decide links with it, and the build's Korean log lines stay out of
 * their code.
 */
export function routeIdProblem(id: string): RouteIdProblem | null {
  if (id.length > 200) return 'too-long';
  if (id !== id.normalize('NFC')) return 'decomposed';
  if (id.startsWith('.')) return 'dots';
  if (!/^[\p{L}\p{N}_~.-]+$/u.test(id)) return 'characters';
  return null;
}

/**
 * The patent key of a list item: the last segment of its `/info/patent/{tag}` address, or
 * `null` when the item has no address or the segment is not valid percent-encoding. The patent
 * detail call is by this tag alone: a patent has no page without it.
 */
export function patentTag(absoluteUrl: string | undefined): string | null {
  if (!absoluteUrl) return null;
  const segment = absoluteUrl.split(/[?#]/)[0]!.split('/').filter(Boolean).pop();
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The key of an HR or success story: the segment of its `absolute_url` when that is exactly a site
 * path to a detail of this kind (`/info/blog/{key}`, `/cad_archive/{key}`), else its
 * `analytics_page_id`. The URL wins because every other link to the story (slides, links in
 * articles, the old site's bookmarks) is its `absolute_url`. An address with a query or a fragment
 * is not taken apart: `/info/blog/a?b` may be the id `a?b` unescaped, which must stay refused
 * ({@link routeIdProblem}) rather than become the page of another story `a`.
 */
export function storyKey(kind: Exclude<DetailKind, 'patent'>, item: AddressedItem): string {
  const url = item.absolute_url;
  if (url?.startsWith('/') && !url.startsWith('//') && !/[?#]/.test(url)) {
    const target = matchDetailPath(url);
    if (target?.kind === kind) return target.key;
  }
  return item.analytics_page_id;
}

/** The key of the item's detail page and detail call, or `null` when it can have none. */
export function detailKey(kind: DetailKind, item: AddressedItem): string | null {
  return kind === 'patent' ? patentTag(item.absolute_url) : storyKey(kind, item);
}

/**
 * Where a card of list `list` links: the detail page built for the item's key, or the item's own
 * `absolute_url` when its list has no detail pages or its key cannot be an address (no page is
 * built for it; the rebuild warns).
 */
export function itemHref(list: ListId | undefined, item: AddressedItem): string | undefined {
  const kind = list === undefined ? undefined : detailKindOfList[list];
  if (!kind) return item.absolute_url;
  const key = detailKey(kind, item);
  return key !== null && routeIdProblem(key) === null ? detailPath({ kind, key }) : item.absolute_url;
}
