/**
 * The site's screens and their addresses, in one table: the seven list screens (with the second
 * addresses some keep from the old site) and the three detail screens (where each lives, which
 * list it returns to, how the old site's query form names its item). The detail island and the
 * 404 page's early check, canonical addresses and the sitemap, the share pictures, the header's
 * current page, the list engine and the nightly rebuild all read it from here.
 *
 * Plain data and pure functions (the labels are `t()` calls with literal keys, which the client
 * build turns into their strings), nothing else computed when the module loads: the browser bundle,
 * `astro.config.mjs` and the scripts import it, and the detail table is copied into every
 * pre-rendered detail page's inline script (its back link), which must carry nothing else.
 * Reading and writing detail addresses is `detail-paths.ts`.
 */
import { t } from '../i18n/index.ts';
import type { EndpointName } from './api/endpoints.ts';

/** The seven list screens; also the ids of the `lists` content collection. */
export const listIds = ['news', 'video', 'seminar', 'faq', 'hrStory', 'success', 'patent'] as const;
export type ListId = (typeof listIds)[number];

export interface ListRoute {
  /** The screen's address, the one its list store mirrors and search engines index. */
  path: string;
  /** More addresses of the same screen, kept from the old site; their canonical address is `path`. */
  aliases?: readonly string[];
  /** The list's Korean name: its region is `{label} 목록`, and the rebuild's messages name it so. */
  label: string;
}

export const listRoutes: Readonly<Record<ListId, ListRoute>> = {
  news: { path: '/newsRoom', label: t('list.name.news') },
  video: { path: '/video', label: t('list.name.video') },
  seminar: { path: '/seminar', label: t('list.name.seminar') },
  faq: { path: '/faq', label: t('list.name.faq') },
  hrStory: { path: '/hrcontents', label: t('list.name.hrStory') },
  // The old site served the success stories at /helloty and /helloty/page as well.
  success: { path: '/success_story', aliases: ['/helloty', '/helloty/page'], label: t('list.name.success') },
  patent: { path: '/tech', label: t('list.name.patent') },
};

/** The address of the screen `path` (no trailing slash) is a second address of, e.g. `/helloty/page` → `/success_story`. */
export function aliasTarget(path: string): string | undefined {
  for (const { path: main, aliases = [] } of Object.values(listRoutes))
    if (aliases.includes(path)) return main;
  return undefined;
}

/** The address of the screen shown at `pathname`, without a trailing slash: its own, or the one it is a second address of. */
export function screenPath(pathname: string): string {
  const path = pathname.replace(/\/$/, '') || '/';
  return aliasTarget(path) ?? path;
}

/** The three detail screens: HR stories, success stories, patents. */
export const detailKinds = ['blog', 'success', 'patent'] as const;
export type DetailKind = (typeof detailKinds)[number];

export interface DetailRoute {
  /**
   * Address prefix of a pre-rendered detail; the key is the one segment after it. The prefix
   * itself is the detail's query form (`/info/blog?portal=…`), fetched live in the browser.
   */
  pathPrefix: string;
  /** The list screen the `목록으로` button returns to (one of {@link listRoutes}' addresses). */
  listPath: string;
  /** Query parameters that carry the key on the query form, first match wins. */
  queryKeys: readonly string[];
  /** The API call that fills it. */
  endpoint: Extract<EndpointName, 'blogDetail' | 'patentDetail'>;
  /** The list query parameters carried back to the list (the rest of the list's address is its own). */
  carries: 'page' | 'page-topic';
  /** The section label above the title. */
  section: string;
}

export const detailRoutes: Readonly<Record<DetailKind, DetailRoute>> = {
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
