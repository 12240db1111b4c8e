// @vitest-environment node
/** The rebuild's pieces on their own: log parsing, change detection, guards, validation, releases. */
import { mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRebuildArgs, UsageError } from '../../scripts/rebuild/args.ts';
import { outputPathToRoute, parseBuildLog } from '../../scripts/rebuild/build.ts';
import { shrunkLists } from '../../scripts/rebuild/guard.ts';
import { diffRoutes, isUnchanged, type ReleaseManifest } from '../../scripts/rebuild/manifest.ts';
import {
  acquireLock,
  currentRelease,
  listReleases,
  newReleaseName,
  pruneReleases,
  ReleaseError,
  rollback,
  switchCurrent,
} from '../../scripts/rebuild/releases.ts';
import { diffOtherFiles } from '../../scripts/rebuild/other-files.ts';
import { digestOf, RouteError, routeDigests, routeFile, staticRoute } from '../../scripts/rebuild/routes.ts';
import type { Snapshot } from '../../scripts/rebuild/snapshot.ts';
import { internalTarget, parseHtml, validateOutput } from '../../scripts/rebuild/validate.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-modules-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('parseBuildLog', () => {
  it('tells rendered pages from restored ones, with or without colours', () => {
    const log = [
      '10:26:32 [build] ✓ Completed in 1.92s.',
      '10:26:32   ├─ /404.html (+19ms) ',
      '10:26:32   \u001b[34m├─\u001b[39m \u001b[2m/info/blog/a/index.html\u001b[22m \u001b[2m(+1.02s)\u001b[22m',
      '10:26:32   ├─ /info/blog/b/index.html (restored)',
      '10:26:32   ├─ /info/blog/c/index.html (cached)',
      '10:26:32   ▶ /_astro/logo.svg (before: 5kB, after: 5kB) (+1ms) (12/56)',
    ];
    expect(parseBuildLog(log)).toEqual({
      rendered: ['/404.html', '/info/blog/a/index.html'],
      restored: ['/info/blog/b/index.html', '/info/blog/c/index.html'],
    });
    expect(['/index.html', '/404.html', '/info/blog/a/index.html'].map(outputPathToRoute)).toEqual(['/', '/404', '/info/blog/a']);
  });
});

describe('routes', () => {
  it('maps page files to routes and routes to output files', () => {
    expect(['index.astro', 'faq.astro', 'helloty/index.astro', 'helloty/page.astro', 'robots.txt.ts'].map(staticRoute)).toEqual([
      '/',
      '/faq',
      '/helloty',
      '/helloty/page',
      '/robots.txt',
    ]);
    expect(['/', '/404', '/faq', '/robots.txt'].map(routeFile)).toEqual(['index.html', '404.html', 'faq/index.html', 'robots.txt']);
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

describe('diffRoutes', () => {
  const previous = { codeDigest: 'code1', routes: { '/': '', '/a': 'x', '/b': 'y' } } as unknown as ReleaseManifest;

  it('lists added, changed and removed routes', () => {
    const diff = diffRoutes(previous, { '/': '', '/a': 'x2', '/c': 'z' }, 'code1');
    expect(diff).toEqual({ added: ['/c'], changed: ['/a'], removed: ['/b'] });
    expect(isUnchanged(previous, diff)).toBe(false);
    expect(isUnchanged(previous, diffRoutes(previous, { '/': '', '/a': 'x', '/b': 'y' }, 'code1'))).toBe(true);
  });

  it('counts every route as changed when the code changed', () => {
    expect(diffRoutes(previous, { '/': '', '/a': 'x', '/b': 'y' }, 'code2').changed).toEqual(['/', '/a', '/b']);
  });

  it('treats everything as added without a previous release', () => {
    const diff = diffRoutes(null, { '/': '' }, 'code1');
    expect(diff.added).toEqual(['/']);
    expect(isUnchanged(null, diff)).toBe(false);
  });
});

describe('shrunkLists', () => {
  const counts = { news: 10, video: 10, seminar: 10, faq: 10, hrStory: 10, success: 10, patent: 10 };

  it('flags a list under the ratio, not one that had nothing before', () => {
    expect(shrunkLists({ ...counts, hrStory: 33 }, { ...counts, hrStory: 0 }, 0.5)).toEqual([
      'HR 이야기 33건 → 0건 (기준: 이전의 50% 이상)',
    ]);
    expect(shrunkLists({ ...counts, news: 0 }, counts, 0.5)).toEqual([]);
    expect(shrunkLists(counts, { ...counts, faq: 5 }, 0.5)).toEqual([]);
    expect(shrunkLists(counts, { ...counts, faq: 0 }, 0)).toEqual([]);
    expect(shrunkLists(undefined, counts, 0.5)).toEqual([]);
  });
});

describe('validateOutput', () => {
  const page = (body: string) => `<!DOCTYPE html><html lang="ko"><head><title>제목</title></head><body>${body}</body></html>`;
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  };

  it('accepts a complete site and ignores external, mailto, fragment and query parts', () => {
    write('index.html', page('<a href="/faq?x=1#top">a</a><a href="https://example.com/x">b</a><a href="mailto:a@b.c">c</a><a href="#main">d</a><img src="/_astro/a.svg" srcset="/_astro/a.svg 1x, /_astro/a.svg 2x"><astro-island component-url="/_astro/island.js"></astro-island>'));
    write('faq/index.html', page('<a href="../">home</a>'));
    write('_astro/a.svg', '<svg/>');
    write('_astro/island.js', '');
    write('404.html', page(''));
    expect(validateOutput(dir, ['/', '/faq', '/404']).problems).toEqual([]);
  });

  it('reports missing routes, broken links and assets, and broken documents', () => {
    write('index.html', page('<a href="/gone">a</a><script src="/_astro/missing.js"></script>'));
    write('cut/index.html', '<!DOCTYPE html><html><head><title>t</title></head><body><div><p>잘린');
    const { problems } = validateOutput(dir, ['/', '/cut', '/faq']);
    expect(problems).toContain('페이지가 없습니다: /faq (faq/index.html)');
    expect(problems).toContain('깨진 내부 링크: /index.html → /gone');
    expect(problems).toContain('깨진 내부 링크: /index.html → /_astro/missing.js');
    expect(problems.some((p) => p.startsWith('HTML 오류: /cut/index.html') && p.includes('잘린 파일'))).toBe(true);
  });

  it('parses documents strictly enough to catch unclosed elements and empty titles', () => {
    expect(parseHtml(page('<div><span>x</div>')).errors).toContain('<span> 요소가 닫히지 않았습니다');
    // Self-closing elements are complete inside inline SVG (the header logo), not in HTML.
    expect(parseHtml(page('<a href="/"><svg viewBox="0 0 1 1"><rect width="1" height="1"/><g><path d="M0 0"/></g></svg></a>')).errors).toEqual([]);
    expect(parseHtml(page('<svg><rect/></svg><div><span>x</div>')).errors).toContain('<span> 요소가 닫히지 않았습니다');
    expect(parseHtml('<!DOCTYPE html><html><head><title></title></head><body></body></html>').errors).toContain('<title>이 비어 있습니다');
    expect(internalTarget('/info/blog/%ED%95%9C', 'index.html')).toBe('info/blog/한');
    expect(internalTarget('//cdn.example/x.js', 'index.html')).toBeNull();
  });
});

describe('diffOtherFiles', () => {
  it('compares the files that are not pages, skipping hashed assets and the release records', () => {
    const files = (root: string, entries: Record<string, string>) => {
      for (const [file, text] of Object.entries(entries)) {
        mkdirSync(join(dir, root, file, '..'), { recursive: true });
        writeFileSync(join(dir, root, file), text);
      }
    };
    files('a', { 'index.html': '1', 'sitemap-0.xml': 'old', 'favicon.svg': 'same', 'old.txt': 'x', '_astro/a.js': '1', 'manifest.json': '1' });
    files('b', { 'index.html': '2', 'sitemap-0.xml': 'new', 'favicon.svg': 'same', 'new.txt': 'y', '_astro/b.js': '2', 'manifest.json': '2' });
    expect(diffOtherFiles(join(dir, 'a'), join(dir, 'b'), new Set(['index.html']))).toEqual({
      added: ['/new.txt'],
      changed: ['/sitemap-0.xml'],
      removed: ['/old.txt'],
    });
  });
});

describe('releases', () => {
  const release = (name: string) => mkdirSync(join(dir, 'releases', name), { recursive: true });

  it('switches current, prunes the oldest but never the current one, and rolls back', () => {
    for (const name of ['r1', 'r2', 'r3']) release(name);
    expect(currentRelease(dir)).toBeNull();
    switchCurrent(dir, 'r3');
    expect(readlinkSync(join(dir, 'current'))).toBe(join('releases', 'r3'));
    expect(rollback(dir)).toEqual({ from: 'r3', to: 'r2' });
    expect(currentRelease(dir)).toBe('r2');
    expect(pruneReleases(dir, 1)).toEqual(['r1']);
    expect(listReleases(dir)).toEqual(['r2', 'r3']);
    expect(() => rollback(dir)).toThrow(ReleaseError);
  });

  it('refuses a current that is not a symlink', () => {
    mkdirSync(join(dir, 'current'));
    expect(() => currentRelease(dir)).toThrow(/심볼릭 링크가 아닙니다/);
  });

  it('names releases by time, uniquely', () => {
    const now = new Date('2026-11-21T03:00:00.123Z');
    expect(newReleaseName(now, [])).toBe('2026-11-21T03-00-00-123Z');
    expect(newReleaseName(now, ['2026-11-21T03-00-00-123Z'])).toBe('2026-11-21T03-00-00-123Z-1');
  });

  it('lets one run at a time hold the lock, and takes over a dead one', () => {
    const unlock = acquireLock(dir);
    expect(() => acquireLock(dir)).toThrow(/다른 재빌드가 실행 중입니다/);
    unlock();
    writeFileSync(join(dir, '.rebuild.lock'), '99999999');
    acquireLock(dir)();
  });
});

describe('parseRebuildArgs', () => {
  it('reads the options and rejects bad ones', () => {
    expect(parseRebuildArgs(['--out', 'o', '--keep', '3', '--min-ratio', '0.8'], '/srv')).toMatchObject({
      out: '/srv/o',
      keep: 3,
      minRatio: 0.8,
      rollback: false,
      timeoutMs: 30_000,
    });
    expect(() => parseRebuildArgs([], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--keep', '0'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--min-ratio', '2'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--bogus'], '/srv')).toThrow(UsageError);
  });
});
