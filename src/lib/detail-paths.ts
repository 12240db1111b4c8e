/**
 * Detail addresses, read and written: the pre-rendered paths (`/info/blog/{id}`,
 * `/cad_archive/{id}`, `/info/patent/{tag}`), the query forms of the old site (`?portal=`,
 * `?tag=`) and detail paths that were not pre-rendered (the 404 page's live fallback). Built
 * from the route table (`routes.ts`).
 */
import { detailKinds, detailRoutes, type DetailKind } from './routes.ts';

/** Longest key the fallback asks the API about; anything longer cannot be an id. */
export const MAX_KEY_LENGTH = 200;

/** A detail to show: its kind and its id (HR and success stories) or tag (patents). */
export interface DetailTarget {
  kind: DetailKind;
  key: string;
}

/** `info/blog` → `blog`: the detail prefixes without their slashes. */
const kindByPrefix: Readonly<Record<string, DetailKind>> = Object.fromEntries(
  detailKinds.map((kind) => [detailRoutes[kind].pathPrefix.slice(1, -1), kind]),
);

/**
 * One regular expression for every detail path (`/info/blog/{id}`, `/cad_archive/{id}`,
 * `/info/patent/{tag}`), shared by the island, the share pictures and the 404 page's early check
 * (which cannot import modules and ships its source), so all of them always agree.
 */
export const DETAIL_PATH_PATTERN = new RegExp(
  `^/(${Object.keys(kindByPrefix)
    .map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})/([^/]+)/?$`,
);

function cleanKey(raw: string | null | undefined): string | null {
  const key = raw?.trim() ?? '';
  return key && key.length <= MAX_KEY_LENGTH ? key : null;
}

/** The detail a path names (`/info/blog/{id}`, `/cad_archive/{id}`, `/info/patent/{tag}`), or null. */
export function matchDetailPath(pathname: string): DetailTarget | null {
  const match = DETAIL_PATH_PATTERN.exec(pathname);
  if (!match) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  const key = cleanKey(segment);
  const kind = kindByPrefix[match[1]!];
  return key && kind ? { kind, key } : null;
}

/** The key of the query form (`?portal=`/`?id=` or `?tag=`); null when missing or blank. */
export function keyFromQuery(kind: DetailKind, search: string): string | null {
  const params = new URLSearchParams(search);
  for (const name of detailRoutes[kind].queryKeys) {
    const key = cleanKey(params.get(name));
    if (key) return key;
  }
  return null;
}

/** The canonical path of a detail, e.g. `/info/blog/hr-0033`. */
export function detailPath({ kind, key }: DetailTarget): string {
  return `${detailRoutes[kind].pathPrefix}${encodeURIComponent(key)}`;
}
