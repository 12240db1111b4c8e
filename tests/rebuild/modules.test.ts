// @vitest-environment node
/** The rebuild's pieces on their own: log parsing, configuration digest, guards, validation, releases, arguments. */
import { mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDuration, parseRebuildArgs, UsageError } from '../../scripts/rebuild/args.ts';
import { outputPathToRoute, parseBuildLog } from '../../scripts/rebuild/build.ts';
import { emptyLists, shrunkCounts, snapshotCounts, type Counts } from '../../scripts/rebuild/guard.ts';
import { configDigest } from '../../scripts/rebuild/code-digest.ts';
import {
  currentRelease,
  listReleases,
  newReleaseName,
  pruneReleases,
  readHistory,
  readHold,
  ReleaseError,
  releaseHold,
  rollback,
  switchCurrent,
} from '../../scripts/rebuild/releases.ts';
import { outputFile } from '../../scripts/rebuild/routes.ts';
import type { Snapshot } from '../../scripts/rebuild/snapshot.ts';
import {
  addressesIn,
  contentLinkTargets,
  internalTarget,
  parseHtml,
  validateOutput,
  xmlErrors,
} from '../../scripts/rebuild/validate.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-modules-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Expected routes of pages (not endpoints). */
const pagesAt = (...routes: string[]) => routes.map((route) => ({ route, file: outputFile(route, false) }));

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

describe('configDigest', () => {
  it('changes with the site address, the API address and other PUBLIC_ settings, not with unrelated variables', () => {
    const base = configDigest({ SITE_URL: 'https://a.example' }, 'https://api.example');
    expect(configDigest({ SITE_URL: 'https://a.example', HOME: '/x' }, 'https://api.example')).toBe(base);
    expect(configDigest({ SITE_URL: 'https://b.example' }, 'https://api.example')).not.toBe(base);
    expect(configDigest({ SITE_URL: 'https://a.example' }, 'https://api2.example')).not.toBe(base);
    expect(configDigest({ SITE_URL: 'https://a.example', PUBLIC_X: '1' }, 'https://api.example')).not.toBe(base);
  });

  it('changes with the image hosts the build fetches from (they decide which pictures are inlined)', () => {
    const base = configDigest({ SITE_URL: 'https://a.example' }, 'https://api.example');
    expect(
      configDigest({ SITE_URL: 'https://a.example', CONTENT_IMAGE_HOSTS: 'https://img.example' }, 'https://api.example'),
    ).not.toBe(base);
  });
});

describe('the shrinking-content guard', () => {
  const counts: Counts = {
    news: 6,
    video: 9,
    seminar: 9,
    faq: 10,
    hrStory: 33,
    success: 9,
    patent: 12,
    videoBanners: 3,
    seminarBanners: 3,
    successSlides: 3,
    faqTopics: 5,
    hrStoryTopics: 6,
    hrStoryBodies: 33,
    successBodies: 9,
    patentBodies: 12,
  };

  it('flags what fell under the ratio, not what had nothing before', () => {
    expect(shrunkCounts({ ...counts }, { ...counts, hrStory: 0 }, 0.5)).toEqual(['HR 이야기 33건 → 0건 (기준: 이전의 50% 이상)']);
    expect(shrunkCounts({ ...counts, news: 0 }, counts, 0.5)).toEqual([]);
    expect(shrunkCounts(counts, { ...counts, faq: 5 }, 0.5)).toEqual([]);
    expect(shrunkCounts(counts, { ...counts, faq: 0 }, 0)).toEqual([]);
    expect(shrunkCounts(undefined, counts, 0.5)).toEqual([]);
  });

  it('guards banners, topics and article bodies too', () => {
    expect(shrunkCounts(counts, { ...counts, videoBanners: 0, faqTopics: 1, hrStoryBodies: 3 }, 0.5)).toEqual([
      'HR 영상 배너 3건 → 0건 (기준: 이전의 50% 이상)',
      'FAQ 주제 5건 → 1건 (기준: 이전의 50% 이상)',
      '본문이 있는 HR 이야기 33건 → 3건 (기준: 이전의 50% 이상)',
    ]);
  });

  it('counts the objects a first page returned and the bodies that have text, not the totals an API claims', () => {
    const first = (n: number, total: number) => ({
      objects: Array.from({ length: n }, () => ({})),
      paging: { page_size: total, start_page: 1, end_page: 1 },
    });
    const story = (content: string) => ({ detail: { content } });
    const snapshot = {
      lists: {
        news: { first: first(0, 40) },
        video: { first: first(9, 9), banners: [{}] },
        seminar: { first: first(9, 9), banners: [] },
        faq: { first: first(10, 30), topics: [{}, {}] },
        hrStory: { first: first(9, 33), topics: [{}] },
        success: { first: first(9, 9), slides: [{}] },
        patent: { first: first(9, 12) },
      },
      hrStories: [story('<p>본문</p>'), story('<p> &nbsp;</p>'), story('<img src="/a.png">')],
      successStories: [story('')],
      patents: [{ detail: {} }],
    } as unknown as Snapshot;
    expect(snapshotCounts(snapshot)).toMatchObject({
      news: 0,
      faq: 10,
      hrStory: 3,
      hrStoryBodies: 2,
      successBodies: 0,
      patentBodies: 0,
      videoBanners: 1,
      seminarBanners: 0,
    });
    expect(emptyLists(snapshotCounts(snapshot))).toEqual(['뉴스']);
  });
});

describe('validateOutput', () => {
  const page = (body: string) => `<!DOCTYPE html><html lang="ko"><head><title>제목</title></head><body>${body}</body></html>`;
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  };

  it('accepts a complete site and ignores external, mailto, fragment and query parts', () => {
    write(
      'index.html',
      page(
        '<a href="/faq?x=1#top">a</a><a href="https://example.com/x">b</a><a href="mailto:a@b.c">c</a><a href="#main">d</a><img src="/_astro/a.svg" srcset="/_astro/a.svg 1x, /_astro/a.svg 2x"><astro-island component-url="/_astro/island.js"></astro-island>',
      ),
    );
    write('faq/index.html', page('<a href="../">home</a>'));
    write('_astro/a.svg', '<svg/>');
    write('_astro/island.js', '');
    write('404.html', page(''));
    expect(validateOutput(dir, pagesAt('/', '/faq', '/404')).problems).toEqual([]);
  });

  it('reports missing routes, broken links and assets, and broken documents', () => {
    write('index.html', page('<a href="/gone">a</a><script src="/_astro/missing.js"></script>'));
    write('cut/index.html', '<!DOCTYPE html><html><head><title>t</title></head><body><div><p>잘린');
    const { problems } = validateOutput(dir, pagesAt('/', '/cut', '/faq'));
    expect(problems).toContain('페이지가 없습니다: /faq (faq/index.html)');
    expect(problems).toContain('깨진 내부 링크: /index.html → /gone');
    expect(problems).toContain('깨진 내부 링크: /index.html → /_astro/missing.js');
    expect(problems.some((p) => p.startsWith('HTML 오류: /cut/index.html') && p.includes('잘린 파일'))).toBe(true);
  });

  it('parses documents strictly enough to catch unclosed elements and empty titles', () => {
    expect(parseHtml(page('<div><span>x</div>')).errors).toContain('<span> 요소가 닫히지 않았습니다');
    // Self-closing elements are complete inside inline SVG (the header logo), not in HTML.
    expect(
      parseHtml(page('<a href="/"><svg viewBox="0 0 1 1"><rect width="1" height="1"/><g><path d="M0 0"/></g></svg></a>')).errors,
    ).toEqual([]);
    expect(parseHtml(page('<svg><rect/></svg><div><span>x</div>')).errors).toContain('<span> 요소가 닫히지 않았습니다');
    expect(parseHtml('<!DOCTYPE html><html><head><title></title></head><body></body></html>').errors).toContain(
      '<title>이 비어 있습니다',
    );
    expect(internalTarget('/info/blog/%ED%95%9C', 'index.html')).toBe('info/blog/한');
    expect(internalTarget('//cdn.example/x.js', 'index.html')).toBeNull();
  });
});

describe('validateOutput and content', () => {
  const page = (body: string) => `<!DOCTYPE html><html lang="ko"><head><title>제목</title></head><body>${body}</body></html>`;
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  };

  it('reports a content link to no page as a warning, and a structure link as a problem', () => {
    write(
      'index.html',
      page(
        '<nav><a href="/missing-menu">메뉴</a></nav><article><a href="/info/blog/%EC%97%86%EC%9D%8C?page=2">기사</a></article>',
      ),
    );
    write('faq/index.html', page('<a href="/info/blog/%EC%97%86%EC%9D%8C">같은 기사</a>'));
    const content = {
      calls: {
        '/news/search': {
          ok: true,
          data: { objects: [{ absolute_url: '/info/blog/%EC%97%86%EC%9D%8C', post_body: '<p><a href="/nope">x</a></p>' }] },
        },
      },
    };
    const targets = contentLinkTargets(addressesIn(content));
    expect([...targets].sort()).toEqual(['info/blog/없음', 'nope']);
    const result = validateOutput(dir, pagesAt('/', '/faq'), targets);
    expect(result.problems).toEqual(['깨진 내부 링크: /index.html → /missing-menu']);
    expect(result.warnings).toEqual(['콘텐츠의 링크가 없는 페이지를 가리킵니다: /info/blog/없음 (/faq/index.html /index.html)']);
  });

  it('fails on an address that runs script, wherever it came from', () => {
    write(
      'index.html',
      page('<a href="javascript:alert(1)">x</a><img src=" JaVaScRiPt:x"><iframe src="data:text/html,x"></iframe>'),
    );
    expect(validateOutput(dir, pagesAt('/')).problems.filter((p) => p.startsWith('스크립트를 실행하는 주소'))).toHaveLength(3);
  });

  it('parses the feed and the sitemaps as XML', () => {
    write('index.html', page(''));
    write('rss.xml', '<?xml version="1.0"?><rss><channel><title>a\u0001b</title></channel></rss>');
    write('sitemap-0.xml', '<urlset><url><loc>https://a.example/</loc></urlset>');
    const { problems } = validateOutput(dir, pagesAt('/'));
    expect(problems.some((p) => p.startsWith('XML 오류: /rss.xml') && p.includes('U+0001'))).toBe(true);
    expect(problems.some((p) => p.startsWith('XML 오류: /sitemap-0.xml'))).toBe(true);
    expect(xmlErrors('<?xml version="1.0"?><rss><channel><title>한글 &amp; 채용</title></channel></rss>')).toEqual([]);
  });
});

describe('releases', () => {
  const release = (name: string) => {
    mkdirSync(join(dir, 'releases', name), { recursive: true });
    writeFileSync(join(dir, 'releases', name, 'index.html'), '<!DOCTYPE html>');
    writeFileSync(join(dir, 'releases', name, 'manifest.json'), JSON.stringify({ routes: { '/': 'x' } }));
  };

  it('switches current and records each switch in the history', () => {
    for (const name of ['r1', 'r2']) release(name);
    expect(currentRelease(dir)).toBeNull();
    switchCurrent(dir, 'r1');
    switchCurrent(dir, 'r2');
    expect(readlinkSync(join(dir, 'current'))).toBe(join('releases', 'r2'));
    expect(readHistory(dir).map(({ action, release, from }) => [action, release, from])).toEqual([
      ['publish', 'r1', null],
      ['publish', 'r2', 'r1'],
    ]);
  });

  it('prunes by when a release was last current, not by its name, and never the current or held one', () => {
    // Names sort in the opposite order of publishing: name order would delete the live ones.
    for (const name of ['c', 'b', 'a']) {
      release(name);
      switchCurrent(dir, name);
    }
    expect(pruneReleases(dir, 2)).toEqual(['c']);
    expect(listReleases(dir)).toEqual(['a', 'b']);
  });

  it('rolls back along the history, holds the release, and never prunes the one it moved away from and republished', () => {
    for (const name of ['r1', 'r2', 'r3']) {
      release(name);
      switchCurrent(dir, name);
    }
    expect(rollback(dir)).toMatchObject({ from: 'r3', to: 'r2' });
    expect(readHold(dir)).toMatchObject({ release: 'r2', from: 'r3' });
    // A second rollback goes further back, not forward to the release just rejected.
    expect(rollback(dir)).toMatchObject({ from: 'r2', to: 'r1' });
    expect(releaseHold(dir)).toBe(true);
    expect(readHold(dir)).toBeNull();
    switchCurrent(dir, 'r3');
    expect(pruneReleases(dir, 2)).toEqual(['r2']);
    expect(listReleases(dir)).toEqual(['r1', 'r3']);
  });

  it('skips an incomplete release when rolling back, and refuses when none is complete', () => {
    for (const name of ['r1', 'r2', 'r3']) {
      release(name);
      switchCurrent(dir, name);
    }
    rmSync(join(dir, 'releases', 'r2', 'index.html'));
    const result = rollback(dir);
    expect(result).toMatchObject({ from: 'r3', to: 'r1' });
    expect(result.skipped[0]).toMatch(/^r2: 페이지 1개가 없습니다/);
    rmSync(join(dir, 'releases', 'r3', 'manifest.json'));
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
});

describe('parseRebuildArgs', () => {
  it('reads the options and rejects bad ones', () => {
    expect(parseRebuildArgs(['--out', 'o', '--keep', '3', '--min-ratio', '0.8'], '/srv')).toMatchObject({
      out: '/srv/o',
      keep: 3,
      minRatio: 0.8,
      rollback: false,
      resume: false,
      allowEmpty: false,
      timeoutMs: 30_000,
      everyMs: null,
    });
    expect(parseRebuildArgs(['--out', 'o', '--every', '5m', '--allow-empty', '--resume'], '/srv')).toMatchObject({
      everyMs: 300_000,
      allowEmpty: true,
      resume: true,
    });
    expect(() => parseRebuildArgs([], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--keep', '0'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--min-ratio', '2'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--bogus'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--every', '1s'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--every', 'soon'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--rollback', '--resume'], '/srv')).toThrow(UsageError);
  });

  it('reads durations', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('5 minutes')).toBeNull();
  });
});
