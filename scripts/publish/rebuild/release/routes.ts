/**
 * The routes a build must write, and which output file each one is: the completeness check of
 * a build (validate.ts) and of a release a rollback returns to (rebuild/releases/releases.ts),
 * and the file ↔ route mapping of `changed-routes.json` (changed-files.ts).
 *
 * Static pages are discovered from `src/pages/`. A dynamic page is a detail page of the site's
 * route table (`src/lib/routes.ts`: one route per item of the snapshot), the share pictures (one
 * per detail and per page of `src/data/share-cards.ts`), or declared in
 * `CODE_ONLY_DYNAMIC_PAGES`, or the site search's shards (their names are the hashes of the
 * index of the snapshot's content, grown from the published release's); any other stops the run, since the rebuild could not check that the
 * build wrote its pages.
 *
 * Which page shows which content is nobody's to declare: a digest of the whole snapshot decides
 * whether to build (change-detection.ts), and the files that differ from the published release
 * are the changed routes.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pageShareCards } from '../../../../src/data/share-cards.ts';
import type { ArticleData, PatentData } from '../../../../src/lib/content/build-data.ts';
import { detailSharePage, shareImagePath } from '../../../../src/lib/og/share-cards.ts';
import { detailKinds, detailRoutes, type DetailKind } from '../../../../src/lib/routes.ts';
import { buildSearchIndex, type BuiltIndex } from '../../../../src/lib/search/index/build-index.ts';
import { indexInputDigest } from '../../../../src/lib/search/index/prebuilt-index.ts';
import { previousIndexOptions } from '../../../../src/lib/search/index/previous-index.ts';
import { siteSearchDocs } from '../../../../src/lib/content/search-docs.ts';
import type { Snapshot } from '../read/snapshot.ts';
import { inCollectionOrder } from './collection-order.ts';

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
/** Page files that are endpoints (`rss.xml.ts`): Astro writes their route as the file it names. */
const ENDPOINT_FILE = /\.(ts|js)$/;

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
 * The routes a page file serves, as a pattern: `rss.xml.ts` → `/rss.xml`,
 * `fonts/[name].css.ts` → `/fonts/<one segment>.css`, `og/[...page].jpg.ts` → `/og/<anything>.jpg`.
 */
export function routePattern(file: string): RegExp {
  const route = staticRoute(file);
  const source = route.replace(/\[\.\.\.[^\]]+\]|\[[^\]]+\]|[^[]+/g, (part) =>
    part.startsWith('[...')
      ? '.*'
      : part.startsWith('[')
        ? '[^/]+'
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^${source}$`);
}

/**
 * The file a route is written to (`build.format: 'directory'`): an endpoint's route is the file
 * it names (`/rss.xml`, `/og/info/blog/x.jpg`); every page is a folder, whatever its last
 * segment looks like (the detail page of an id `web3.0` is `info/blog/web3.0/index.html`, as
 * Astro writes it), except the error pages.
 */
export function outputFile(route: string, endpoint: boolean): string {
  if (endpoint) return route.slice(1);
  if (route === '/') return 'index.html';
  if (route === '/404' || route === '/500') return `${route.slice(1)}.html`;
  return `${route.slice(1)}/index.html`;
}

/** The route of an output file, the inverse of {@link outputFile}: `info/blog/x/index.html` → `/info/blog/x`. */
export function fileRoute(file: string): string {
  if (file === 'index.html') return '/';
  if (file === '404.html' || file === '500.html') return `/${file.slice(0, -'.html'.length)}`;
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return `/${file}`;
}

/**
 * Dynamic pages whose output depends on the code alone (the hashed font stylesheet). Their
 * files are not expected routes; the link check still verifies them, since the pages that use
 * them link to them.
 */
const CODE_ONLY_DYNAMIC_PAGES = new Set(['fonts/[name].css.ts']);

/** The site search's shards: the files the index of the snapshot's content is made of. */
const SEARCH_INDEX_PAGE = 'search-index/[file].json.ts';

export interface SnapshotSearchIndex {
  index: BuiltIndex;
  /** What it is made of (`indexInputDigest`): the build takes it as its own only for the same. */
  input: string;
}

const searchIndexes = new WeakMap<Snapshot, Map<string, SnapshotSearchIndex>>();

/**
 * The site search's index of the snapshot over the previous release's (`searchPrevious`, the
 * build's SEARCH_PREVIOUS_INDEX), made once per run: its files are routes the build must write,
 * and the build is handed it rather than making it again (build-release.ts).
 */
export function snapshotSearchIndex(
  snapshot: Snapshot,
  searchPrevious: string | undefined,
): SnapshotSearchIndex {
  let byPrevious = searchIndexes.get(snapshot);
  if (!byPrevious) searchIndexes.set(snapshot, (byPrevious = new Map()));
  let made = byPrevious.get(searchPrevious ?? '');
  if (!made) {
    // In the build's order, or the build would not take this index as its own (collection-order.ts).
    const docs = siteSearchDocs(inCollectionOrder(snapshot));
    made = {
      index: buildSearchIndex(docs, previousIndexOptions(searchPrevious)),
      input: indexInputDigest(docs, searchPrevious),
    };
    byPrevious.set(searchPrevious ?? '', made);
  }
  return made;
}

/** The shards of the snapshot's index: the build keeps the previous index's base files, so they are what it must write. */
function searchIndexRoutes(snapshot: Snapshot, searchPrevious: string | undefined): string[] {
  const { entry, files } = snapshotSearchIndex(snapshot, searchPrevious).index;
  return files.map(({ name }) => `${entry.base}${name.replace(/\.json$/, '')}.json`);
}

/** The share pictures' page file: a picture for every detail and for each page of `pageShareCards`. */
const SHARE_PICTURES_PAGE = 'og/[...page].jpg.ts';

/** The snapshot's items of each kind of detail page. */
const DETAILS: Record<DetailKind, (s: Snapshot) => readonly (ArticleData | PatentData)[]> = {
  blog: (s) => s.hrStories,
  success: (s) => s.successStories,
  patent: (s) => s.patents,
};

/** The kind of detail a dynamic page file renders (`info/blog/[id].astro` → `blog`), if it is a detail page. */
function detailKindOfPage(file: string): DetailKind | undefined {
  if (ENDPOINT_FILE.test(file)) return undefined;
  const pattern = routePattern(file);
  return detailKinds.find((kind) => pattern.test(`${detailRoutes[kind].pathPrefix}x`));
}

/** The routes of a dynamic page file for the snapshot; undefined for a page file the rebuild does not know. */
function dynamicPageRoutes(
  file: string,
  snapshot: Snapshot,
  searchPrevious: string | undefined,
): string[] | undefined {
  if (file === SHARE_PICTURES_PAGE) {
    return [
      ...detailKinds.flatMap((kind) =>
        DETAILS[kind](snapshot).map(({ id }) => shareImagePath(detailSharePage(kind, id))),
      ),
      ...Object.keys(pageShareCards).map(shareImagePath),
    ];
  }
  if (file === SEARCH_INDEX_PAGE) return searchIndexRoutes(snapshot, searchPrevious);
  if (CODE_ONLY_DYNAMIC_PAGES.has(file)) return [];
  const kind = detailKindOfPage(file);
  return kind && DETAILS[kind](snapshot).map(({ id }) => `${detailRoutes[kind].pathPrefix}${id}`);
}

/** Whether the rebuild knows which routes a dynamic page file serves (without working them out). */
function knowsDynamicPage(file: string): boolean {
  return (
    file === SHARE_PICTURES_PAGE ||
    file === SEARCH_INDEX_PAGE ||
    CODE_ONLY_DYNAMIC_PAGES.has(file) ||
    detailKindOfPage(file) !== undefined
  );
}

/**
 * Stops at a dynamic page the rebuild does not know, before anything is built: its routes could
 * not be checked. Cheap (no search index), so it runs before the build starts.
 * @throws {RouteError}
 */
export function checkDynamicPages(pages: PageFiles): void {
  const unknown = pages.dynamic.filter((file) => !knowsDynamicPage(file));
  if (unknown.length > 0) {
    throw new RouteError(
      `재빌드가 모르는 동적 페이지가 있습니다: ${unknown.map((f) => `src/pages/${f}`).join(', ')} — ` +
        'src/lib/routes.ts의 상세 화면으로 추가하거나, 콘텐츠를 쓰지 않는 페이지라면 scripts/publish/rebuild/release/routes.ts의 CODE_ONLY_DYNAMIC_PAGES에 추가해 주세요.',
    );
  }
}

/** A route the build must write, and its output file. */
export interface ExpectedRoute {
  route: string;
  file: string;
}

/**
 * Every route the build of `snapshot` must write, sorted: each static page, each detail page and
 * each share picture.
 * @throws {RouteError} for a dynamic page the rebuild does not know.
 */
export function expectedRoutes(
  snapshot: Snapshot,
  pages: PageFiles,
  searchPrevious?: string,
): ExpectedRoute[] {
  checkDynamicPages(pages);
  const routes = [
    ...pages.static.map((file) => ({ route: staticRoute(file), endpoint: ENDPOINT_FILE.test(file) })),
    ...pages.dynamic.flatMap((file) =>
      dynamicPageRoutes(file, snapshot, searchPrevious)!.map((route) => ({
        route,
        endpoint: ENDPOINT_FILE.test(file),
      })),
    ),
  ];
  return routes
    .map(({ route, endpoint }) => ({ route, file: outputFile(route, endpoint) }))
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

/** Routes that come from `getStaticPaths` (the ones Astro can restore from its cache). */
export function dynamicRoutes(snapshot: Snapshot, pages: PageFiles, searchPrevious?: string): string[] {
  return pages.dynamic.flatMap((file) => dynamicPageRoutes(file, snapshot, searchPrevious) ?? []);
}
