/**
 * Phase 2 input: every output route of the site with a digest of the content it renders.
 *
 * Static pages are discovered from `src/pages/`; the content each one shows is declared here
 * (`CONTENT_ROUTES`, the list screens from the site's route table), because it cannot be read off
 * the page. A page that starts showing API data must be added to that table, otherwise a change
 * to that data would not trigger a build. Dynamic pages are the detail pages of the route table
 * and the share pictures (`dynamicPageRoutes`), or declared in `CODE_ONLY_DYNAMIC_PAGES`; any
 * other stops the run, since the rebuild could neither detect its changes nor check its output.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { latestStories } from '../../src/components/sections/home/home-success.ts';
import { pageShareCards } from '../../src/data/share-cards.ts';
import type { ArticleData, PatentData } from '../../src/lib/content/build-data.ts';
import { detailShareCard, detailSharePage, shareImagePath } from '../../src/lib/og/share-cards.ts';
import { detailKinds, detailRoutes, listIds, listRoutes, type DetailKind } from '../../src/lib/routes.ts';
import type { Snapshot } from './snapshot.ts';

/** Route (e.g. `/info/blog/hr-0001`) → digest of the content it renders (`''`: code only). */
export type RouteDigests = Record<string, string>;

/** Static routes that render API data, and which data (used only for pages that exist). */
const CONTENT_ROUTES: Record<string, (s: Snapshot) => unknown> = {
  // The home shows the newest success stories of the whole list.
  '/': (s) => latestStories(s.successStories.map((story) => story.item)),
  // A list screen, at each of its addresses, shows its list's first page, banners and topics.
  ...Object.fromEntries(
    listIds.flatMap((id) =>
      [listRoutes[id].path, ...(listRoutes[id].aliases ?? [])].map((path) => [path, (s: Snapshot) => s.lists[id]]),
    ),
  ),
  // The feed carries every HR story with its detail.
  '/rss.xml': (s) => s.hrStories,
};

/** The snapshot's items of each kind of detail page. */
const DETAILS: Record<DetailKind, (s: Snapshot) => readonly (ArticleData | PatentData)[]> = {
  blog: (s) => s.hrStories,
  success: (s) => s.successStories,
  patent: (s) => s.patents,
};

/** The share pictures' page file: a picture for every detail and for each page of `pageShareCards`. */
const SHARE_PICTURES_PAGE = 'og/[...page].jpg.ts';

/** The kind of detail a dynamic page file renders (`info/blog/[id].astro` → `blog`), if it is a detail page. */
function detailKindOfPage(file: string): DetailKind | undefined {
  if (!file.endsWith('.astro')) return undefined;
  const pattern = routePattern(file);
  return detailKinds.find((kind) => pattern.test(`${detailRoutes[kind].pathPrefix}x`));
}

/**
 * The routes of a dynamic page file with the content each renders (a detail's card and detail;
 * a share picture's title and image, product pages' from code), or undefined for a page file the
 * rebuild does not know.
 */
function dynamicPageRoutes(file: string, s: Snapshot): [route: string, content: unknown][] | undefined {
  if (file === SHARE_PICTURES_PAGE) {
    return [
      ...detailKinds.flatMap((kind) =>
        DETAILS[kind](s).map(({ id, detail }) => ogRoute(detailSharePage(kind, id), detailShareCard(kind, detail))),
      ),
      ...Object.entries(pageShareCards).map(([page, card]) => ogRoute(page, card)),
    ];
  }
  const kind = detailKindOfPage(file);
  if (!kind) return undefined;
  return DETAILS[kind](s).map(({ id, item, detail }) => [`${detailRoutes[kind].pathPrefix}${id}`, { item, detail }]);
}

function ogRoute(page: string, content: unknown): [route: string, content: unknown] {
  return [shareImagePath(page), content];
}

/**
 * Dynamic pages whose output depends on the code alone (covered by the code digest), such as
 * the hashed font stylesheet. Their files are not listed as routes; the link check still
 * verifies them, since the pages that use them link to them.
 */
const CODE_ONLY_DYNAMIC_PAGES = new Set(['fonts/[name].css.ts']);

/** A page file the rebuild does not know how to handle. */
export class RouteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouteError';
  }
}

/** The page files of `pagesDir` (relative, `/`-separated), split into static and dynamic ones. */
export interface PageFiles {
  static: string[];
  dynamic: string[];
}

const PAGE_EXTENSIONS = /\.(astro|md|mdx|html|ts|js)$/;

/** Lists the files Astro turns into routes (skipping `_`-prefixed files and folders, and tests). */
export function listPageFiles(pagesDir: string): PageFiles {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (PAGE_EXTENSIONS.test(entry.name) && !/\.(test|spec)\.[tj]sx?$/.test(entry.name)) {
        files.push(relative(pagesDir, path).split(sep).join('/'));
      }
    }
  };
  walk(pagesDir);
  files.sort();
  return { static: files.filter((f) => !f.includes('[')), dynamic: files.filter((f) => f.includes('[')) };
}

/** The route of a static page file: `index.astro` → `/`, `faq.astro` → `/faq`, `robots.txt.ts` → `/robots.txt`. */
export function staticRoute(file: string): string {
  const path = file.replace(PAGE_EXTENSIONS, '').replace(/(^|\/)index$/, '');
  return `/${path}`;
}

/**
 * Every route of the site with its content digest.
 * @throws {RouteError} for a dynamic page the rebuild does not know.
 */
export function routeDigests(snapshot: Snapshot, pages: PageFiles): RouteDigests {
  const unknown = pages.dynamic.filter(
    (file) => file !== SHARE_PICTURES_PAGE && !detailKindOfPage(file) && !CODE_ONLY_DYNAMIC_PAGES.has(file),
  );
  if (unknown.length > 0) {
    throw new RouteError(
      `재빌드가 모르는 동적 페이지가 있습니다: ${unknown.map((f) => `src/pages/${f}`).join(', ')} — ` +
        'src/lib/routes.ts의 상세 화면(콘텐츠를 쓰는 페이지)이나 scripts/rebuild/routes.ts의 CODE_ONLY_DYNAMIC_PAGES(코드만 쓰는 페이지)에 추가해 주세요.',
    );
  }
  const routes: RouteDigests = {};
  for (const file of pages.static) {
    const route = staticRoute(file);
    const content = CONTENT_ROUTES[route];
    routes[route] = content ? digestOf(content(snapshot)) : '';
  }
  for (const file of pages.dynamic) {
    for (const [route, content] of dynamicPageRoutes(file, snapshot) ?? []) routes[route] = digestOf(content);
  }
  return Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b)));
}

/** Routes that come from `getStaticPaths` (the ones Astro can restore from its cache). */
export function dynamicRoutes(snapshot: Snapshot, pages: PageFiles): string[] {
  return pages.dynamic.flatMap((file) => dynamicPageRoutes(file, snapshot)?.map(([route]) => route) ?? []);
}

/** Page files that are endpoints (`rss.xml.ts`): Astro writes their route as the file it names. */
const ENDPOINT_FILE = /\.(ts|js)$/;

/**
 * The routes a page file serves, as a pattern: `rss.xml.ts` → `/rss.xml`,
 * `fonts/[name].css.ts` → `/fonts/<one segment>.css`, `og/[...page].jpg.ts` → `/og/<anything>.jpg`.
 */
export function routePattern(file: string): RegExp {
  const route = staticRoute(file);
  const source = route.replace(/\[\.\.\.[^\]]+\]|\[[^\]]+\]|[^[]+/g, (part) =>
    part.startsWith('[...') ? '.*' : part.startsWith('[') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^${source}$`);
}

/** The routes the endpoints among `pages` serve. */
export function endpointPatterns(pages: PageFiles): RegExp[] {
  return [...pages.static, ...pages.dynamic].filter((file) => ENDPOINT_FILE.test(file)).map(routePattern);
}

const SITE_PAGES = fileURLToPath(new URL('../../src/pages', import.meta.url));
let siteEndpoints: RegExp[] | undefined;

/**
 * The file a route is written to in the output folder (`build.format: 'directory'`). Only
 * routes of endpoints (`/rss.xml`, `/robots.txt`, `/og/info/blog/x.jpg`) are files; every page
 * is a folder, whatever its last segment looks like: the detail page of an id `web3.0` is
 * `info/blog/web3.0/index.html`, as Astro writes it. The endpoints are those of this site's
 * `src/pages` (read once); {@link routeFileAmong} takes others.
 */
export function routeFile(route: string): string {
  siteEndpoints ??= endpointPatterns(listPageFiles(SITE_PAGES));
  return routeFileAmong(route, siteEndpoints);
}

/** {@link routeFile} for a site whose endpoints serve `endpoints` (see {@link endpointPatterns}). */
export function routeFileAmong(route: string, endpoints: readonly RegExp[]): string {
  if (route === '/') return 'index.html';
  if (route === '/404' || route === '/500') return `${route.slice(1)}.html`;
  if (endpoints.some((pattern) => pattern.test(route))) return route.slice(1);
  return `${route.slice(1)}/index.html`;
}

/** A short, stable digest of any JSON value (object keys sorted, so key order does not matter). */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex').slice(0, 20);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );
}
