// @vitest-environment node
/** The routes a build must write and their files, ids with a dot (`web3.0`, `2026.11`) included. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeIdProblem } from '../../../../src/lib/content/build-data.ts';
import { buildSearchIndex } from '../../../../src/lib/search/index/build-index.ts';
import { siteSearchDocs } from '../../../../src/lib/content/search-docs.ts';
import type { Snapshot } from '../read/snapshot.ts';
import { changedRoutes } from './changed-files.ts';
import {
  expectedRoutes,
  fileRoute,
  listPageFiles,
  outputFile,
  RouteError,
  routePattern,
  staticRoute,
} from './routes.ts';
import { validateOutput } from './validate.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-routes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const DOTTED = ['web3.0', 'hr-trend-2.0', '2026.11', 'report.xml'];

/** A snapshot with these detail ids (the rest of the content plays no part in the routes but the search's). */
function snapshotOf({ hr = [] as string[], success = [] as string[], patents = [] as string[] }): Snapshot {
  const entries = (ids: string[]) =>
    ids.map((id) => ({
      id,
      item: { analytics_page_id: id, created_time: '2026-01-01T00:00:00+09:00' },
      detail: { title: `제목 ${id}`, content: '<p>본문</p>', tags: [] },
    }));
  return {
    cardLists: {},
    hrStories: entries(hr),
    successStories: entries(success),
    patents: entries(patents),
  } as unknown as Snapshot;
}

describe('page files and routes', () => {
  it('maps page files to routes', () => {
    expect(
      ['index.astro', 'faq.astro', 'helloty/index.astro', 'helloty/page.astro', 'robots.txt.ts'].map(
        staticRoute,
      ),
    ).toEqual(['/', '/faq', '/helloty', '/helloty/page', '/robots.txt']);
  });

  it('reads which routes a dynamic page file serves', () => {
    expect(routePattern('og/[...page].jpg.ts').test('/og/info/blog/a.b.jpg')).toBe(true);
    expect(routePattern('fonts/[name].css.ts').test('/fonts/a.css')).toBe(true);
    expect(routePattern('fonts/[name].css.ts').test('/fonts/a/b.css')).toBe(false);
    expect(routePattern('rss.xml.ts').test('/rssxxml')).toBe(false);
  });

  it('writes pages as folders, whatever their last segment, and endpoints as the files they name', () => {
    for (const id of DOTTED) expect(routeIdProblem(id), id).toBeNull();
    expect(outputFile('/info/blog/web3.0', false)).toBe('info/blog/web3.0/index.html');
    expect(outputFile('/cad_archive/report.xml', false)).toBe('cad_archive/report.xml/index.html');
    expect(outputFile('/og/info/patent/2026.11.jpg', true)).toBe('og/info/patent/2026.11.jpg');
    expect(outputFile('/rss.xml', true)).toBe('rss.xml');
    expect(['/', '/404', '/faq', '/helloty/page'].map((route) => outputFile(route, false))).toEqual([
      'index.html',
      '404.html',
      'faq/index.html',
      'helloty/page/index.html',
    ]);
  });

  it('names every output file by its route, the other way round', () => {
    for (const [route, endpoint] of [
      ['/', false],
      ['/404', false],
      ['/faq', false],
      ['/info/blog/web3.0', false],
      ['/rss.xml', true],
      ['/og/info/blog/web3.0.jpg', true],
    ] as const) {
      expect(fileRoute(outputFile(route, endpoint))).toBe(route);
    }
    expect(fileRoute('sitemap-0.xml')).toBe('/sitemap-0.xml');
    expect(fileRoute('_headers')).toBe('/_headers');
  });
});

describe('expectedRoutes', () => {
  it('expects every static page, every detail and every share picture of the snapshot', () => {
    const pages = {
      static: ['index.astro', 'info/blog/index.astro', 'rss.xml.ts'],
      dynamic: ['info/blog/[id].astro', 'og/[...page].jpg.ts'],
    };
    const routes = expectedRoutes(snapshotOf({ hr: ['hr-1', 'web3.0'], success: ['s-1'] }), pages);
    expect(routes).toEqual(
      expect.arrayContaining([
        { route: '/', file: 'index.html' },
        { route: '/info/blog', file: 'info/blog/index.html' },
        { route: '/rss.xml', file: 'rss.xml' },
        { route: '/info/blog/hr-1', file: 'info/blog/hr-1/index.html' },
        { route: '/info/blog/web3.0', file: 'info/blog/web3.0/index.html' },
        { route: '/og/info/blog/web3.0.jpg', file: 'og/info/blog/web3.0.jpg' },
        { route: '/og/cad_archive/s-1.jpg', file: 'og/cad_archive/s-1.jpg' },
        { route: '/og/soft-skill.jpg', file: 'og/soft-skill.jpg' },
      ]),
    );
    // The success stories' detail page file is not among these pages: none of its routes are expected.
    expect(routes.some(({ route }) => route === '/cad_archive/s-1')).toBe(false);
  });

  it("knows the site's own dynamic pages", () => {
    const pages = listPageFiles(fileURLToPath(new URL('../../../../src/pages', import.meta.url)));
    const routes = expectedRoutes(
      snapshotOf({ hr: ['hr-1'], success: ['s-1'], patents: ['kr-1'] }),
      pages,
    ).map(({ route }) => route);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/info/blog/hr-1',
        '/cad_archive/s-1',
        '/info/patent/kr-1',
        '/og/info/patent/kr-1.jpg',
        '/search/index.json',
      ]),
    );
    // The search's shards are named by the hash of the snapshot's index.
    expect(
      routes.filter((route) => /^\/search-index\/(terms|texts)-[0-9a-f]+(-[0-9a-z]+)?\.json$/.test(route))
        .length,
    ).toBeGreaterThan(3);
  });

  it("expects the search files of the index grown from the published release's", () => {
    const pages = { static: [], dynamic: ['search-index/[file].json.ts'] };
    const shards = (snapshot: Snapshot, root?: string) =>
      expectedRoutes(snapshot, pages, root).map(({ route }) => route);
    // The published release: its index as the build wrote it.
    const published = buildSearchIndex(siteSearchDocs(snapshotOf({ hr: ['hr-1'] })));
    mkdirSync(join(dir, 'current/search'), { recursive: true });
    mkdirSync(join(dir, 'current/search-index'));
    writeFileSync(join(dir, 'current/search/index.json'), JSON.stringify(published.entry));
    for (const file of published.files)
      writeFileSync(join(dir, 'current/search-index', file.name), file.body);

    const next = snapshotOf({ hr: ['hr-1', 'hr-2'] });
    const grown = shards(next, join(dir, 'current'));
    // The published base files, and the delta file of the document added (search format 4).
    const delta = grown.filter((route) => route.startsWith('/search-index/delta-'));
    expect(delta).toHaveLength(1);
    expect(grown.filter((route) => !delta.includes(route))).toEqual(
      published.files.map((file) => `/search-index/${file.name}`).sort(),
    );
    expect(grown).not.toEqual(shards(next));
  });

  it('stops at a dynamic page it does not know, and passes code-only ones', () => {
    expect(() => expectedRoutes(snapshotOf({}), { static: [], dynamic: ['events/[id].astro'] })).toThrow(
      RouteError,
    );
    expect(
      expectedRoutes(snapshotOf({}), { static: ['bei.astro'], dynamic: ['fonts/[name].css.ts'] }),
    ).toEqual([{ route: '/bei', file: 'bei/index.html' }]);
  });

  it('lets a dotted detail page pass validation, and names it by its route among the changes', () => {
    mkdirSync(join(dir, 'site/info/blog/web3.0'), { recursive: true });
    const page =
      '<!DOCTYPE html><html lang="ko"><head><title>웹 3.0</title></head><body><a href="/info/blog/web3.0">x</a></body></html>';
    writeFileSync(join(dir, 'site/info/blog/web3.0/index.html'), page);
    writeFileSync(join(dir, 'site/index.html'), page);
    writeFileSync(join(dir, 'site/rss.xml'), '<?xml version="1.0"?><rss></rss>');
    const expected = expectedRoutes(snapshotOf({ hr: ['web3.0'] }), {
      static: ['index.astro', 'rss.xml.ts'],
      dynamic: ['info/blog/[id].astro'],
    });
    expect(validateOutput(join(dir, 'site'), expected).problems).toEqual([]);
    expect(changedRoutes(null, join(dir, 'site'))).toEqual({
      added: ['/', '/info/blog/web3.0', '/rss.xml'],
      changed: [],
      removed: [],
    });
  });
});
