/**
 * The three detail screens (contract "Links"): where each lives, which list it returns to and
 * which API call fills it, plus the address parsing of the live fallback — the query forms of
 * the old site (`?portal=`, `?tag=`) and detail paths that were not pre-rendered (404 page).
 */
import { t } from '../../i18n/index.ts';
import type { EndpointName } from '../../lib/api/endpoints.ts';

export type DetailKind = 'blog' | 'success' | 'patent';

export interface DetailKindConfig {
  /** Address prefix of a pre-rendered detail; the key is the one segment after it. */
  pathPrefix: string;
  /** The list screen the `목록으로` button returns to. */
  listPath: string;
  /** Query parameters that carry the key on the query form, first match wins. */
  queryKeys: readonly string[];
  endpoint: Extract<EndpointName, 'blogDetail' | 'patentDetail'>;
  /** The list query parameters carried back to the list (the rest of the list's address is its own). */
  carries: 'page' | 'page-topic';
  /** The section label above the title. */
  section: string;
}

export const detailKinds: Record<DetailKind, DetailKindConfig> = {
  blog: {
    pathPrefix: '/info/blog/',
    listPath: '/hrcontents',
    queryKeys: ['portal', 'id'],
    endpoint: 'blogDetail',
    carries: 'page-topic',
    section: t('detail.section.hrStory'),
  },
  success: {
    pathPrefix: '/cad_archive/',
    listPath: '/helloty/page',
    queryKeys: ['portal', 'id'],
    endpoint: 'blogDetail',
    carries: 'page',
    section: t('detail.section.success'),
  },
  patent: {
    pathPrefix: '/info/patent/',
    listPath: '/tech',
    queryKeys: ['tag'],
    endpoint: 'patentDetail',
    carries: 'page',
    section: t('detail.section.patent'),
  },
};

/** Longest key the fallback asks the API about; anything longer cannot be an id. */
export const MAX_KEY_LENGTH = 200;

/** A detail to show: its kind and its id (HR and success stories) or tag (patents). */
export interface DetailTarget {
  kind: DetailKind;
  key: string;
}

/**
 * One regular expression for every detail path, shared by the island and the 404 page's
 * early check (which cannot import modules), so both always agree.
 */
export const DETAIL_PATH_PATTERN = /^\/(info\/blog|cad_archive|info\/patent)\/([^/]+)\/?$/;

const kindByPrefix: Record<string, DetailKind> = { 'info/blog': 'blog', cad_archive: 'success', 'info/patent': 'patent' };

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
  for (const name of detailKinds[kind].queryKeys) {
    const key = cleanKey(params.get(name));
    if (key) return key;
  }
  return null;
}

/** The canonical path of a detail, e.g. `/info/blog/hr-0033`. */
export function detailPath({ kind, key }: DetailTarget): string {
  return `${detailKinds[kind].pathPrefix}${encodeURIComponent(key)}`;
}
