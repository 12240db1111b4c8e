// @vitest-environment node
/**
 * The rebuild's route table: page files to routes, routes to output files (ids with a dot such
 * as `web3.0` and `2026.11` are folders, as Astro writes them) and the digests of what each shows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeIdProblem } from '../../src/lib/content/build-data.ts';
import { detailSharePage, shareImagePath } from '../../src/lib/og/share-cards.ts';
import { diffOtherFiles } from './other-files.ts';
import {
  digestOf,
  endpointPatterns,
  RouteError,
  routeDigests,
  routeFile,
  routeFileAmong,
  routePattern,
  staticRoute,
} from './routes.ts';
import type { Snapshot } from './snapshot.ts';
import { validateOutput } from './validate.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-routes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('routes', () => {
  it('maps page files to routes and routes to output files', () => {
    expect(['index.astro', 'faq.astro', 'helloty/index.astro', 'helloty/page.astro', 'robots.txt.ts'].map(staticRoute)).toEqual([
      '/',
      '/faq',
      '/helloty',
      '/helloty/page',
      '/robots.txt',
    ]);
    expect(['/', '/404', '/faq', '/robots.txt'].map(routeFile)).toEqual([
      'index.html',
      '404.html',
      'faq/index.html',
      'robots.txt',
    ]);
  });

  it('stops at a dynamic page it does not know, and passes code-only ones', () => {
    const snapshot = { successStories: [], hrStories: [], patents: [] } as unknown as Snapshot;
    expect(() => routeDigests(snapshot, { static: [], dynamic: ['events/[id].astro'] })).toThrow(RouteError);
    expect(routeDigests(snapshot, { static: ['bei.astro', 'index.astro'], dynamic: ['fonts/[name].css.ts'] })).toEqual({
      '/': digestOf([]),
      '/bei': '',
    });
  });

  it('digests ignore key order', () => {
    expect(digestOf({ a: 1, b: { c: 2, d: 3 } })).toBe(digestOf({ b: { d: 3, c: 2 }, a: 1 }));
    expect(digestOf({ a: 1 })).not.toBe(digestOf({ a: 2 }));
  });
});

const DOTTED = ['web3.0', 'hr-trend-2.0', '2026.11', 'report.xml'];

describe('routeFile', () => {
  it('writes detail pages with a dot in their id as folders, as Astro does', () => {
    for (const id of DOTTED) expect(routeIdProblem(id), id).toBeNull();
    expect(routeFile('/info/blog/web3.0')).toBe('info/blog/web3.0/index.html');
    expect(routeFile('/info/blog/hr-trend-2.0')).toBe('info/blog/hr-trend-2.0/index.html');
    expect(routeFile('/cad_archive/report.xml')).toBe('cad_archive/report.xml/index.html');
    expect(routeFile('/info/patent/2026.11')).toBe('info/patent/2026.11/index.html');
  });

  it('writes the endpoints of src/pages as the files they name', () => {
    expect(routeFile('/rss.xml')).toBe('rss.xml');
    expect(routeFile('/robots.txt')).toBe('robots.txt');
    expect(routeFile('/og/info/blog/web3.0.jpg')).toBe('og/info/blog/web3.0.jpg');
    expect(shareImagePath(detailSharePage('patent', '2026.11'))).toBe('/og/info/patent/2026.11.jpg');
    expect(routeFile('/og/info/patent/2026.11.jpg')).toBe('og/info/patent/2026.11.jpg');
    // Called as `routes.map(routeFile)` too.
    expect(['/', '/404', '/faq', '/helloty/page'].map(routeFile)).toEqual([
      'index.html',
      '404.html',
      'faq/index.html',
      'helloty/page/index.html',
    ]);
  });

  it('reads which routes are endpoints off the page files', () => {
    expect(routePattern('og/[...page].jpg.ts').test('/og/info/blog/a.b.jpg')).toBe(true);
    expect(routePattern('fonts/[name].css.ts').test('/fonts/a.css')).toBe(true);
    expect(routePattern('fonts/[name].css.ts').test('/fonts/a/b.css')).toBe(false);
    expect(routePattern('rss.xml.ts').test('/rssxxml')).toBe(false);
    const endpoints = endpointPatterns({ static: ['index.astro', 'feed.json.ts'], dynamic: ['news/[id].astro'] });
    expect(routeFileAmong('/feed.json', endpoints)).toBe('feed.json');
    expect(routeFileAmong('/news/v1.json', endpoints)).toBe('news/v1.json/index.html');
  });

  it('lets a dotted detail page pass validation, and keeps it out of the non-page files', () => {
    mkdirSync(join(dir, 'info/blog/web3.0'), { recursive: true });
    const page =
      '<!DOCTYPE html><html lang="ko"><head><title>웹 3.0</title></head><body><a href="/info/blog/web3.0">x</a></body></html>';
    writeFileSync(join(dir, 'info/blog/web3.0/index.html'), page);
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'rss.xml'), '<?xml version="1.0"?><rss></rss>');
    const result = validateOutput(dir, ['/', '/info/blog/web3.0', '/rss.xml']);
    expect(result.problems).toEqual([]);
    const pageFiles = new Set(['/', '/info/blog/web3.0', '/rss.xml'].map(routeFile));
    expect(diffOtherFiles(null, dir, pageFiles)).toEqual({ added: [], changed: [], removed: [] });
  });
});
