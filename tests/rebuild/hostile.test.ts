// @vitest-environment node
/**
 * The rebuild against hostile and odd content: `javascript:` and other script addresses on
 * every banner and card kind, control characters and lone surrogates in titles, ids that
 * cannot be addresses, an image address with a space, links in articles
 * that lead nowhere. The run must publish everything else, name the bad items in its warnings,
 * and no built file may carry a script address; the feed and the sitemap must be XML.
 *
 * Also content that is valid but looks like something else: a title that looks like an
 * address (`/\ 공지 /\`), ids with a dot (`web3.0`, a patent `2026.11`), a link whose
 * decoded address holds a line break and a workflow command, and 150 unknown topic ids on one
 * HR story.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../scripts/content-api/load-content.ts';
import { createApp, startServer } from '../../scripts/content-api/server.ts';
import type { ChangedRoutesFile, ReleaseManifest } from '../../scripts/publish/rebuild/release/manifest.ts';
import { xmlErrors } from '../../scripts/publish/rebuild/release/validate.ts';
import { copyReferenceContent, makeTestFolder, runRebuildCli } from '../support/publish-run.ts';

const SCRIPT_ADDRESS = /(javascript|vbscript)\s*:|data:text\/html/i;
const hostile = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
];
const pick = (index: number) => hostile[index % hostile.length]!;
/** (Decomposed Hangul is covered by the unit tests: the reference server stores text in NFC.) */
const ODD_ID = 'hr-frag#1';
/** A news title that starts like an address and does not parse as one. */
const NOTICE_TITLE = '/\\ 공지 /\\';
/** Valid ids whose last segment looks like a file name: their pages are folders all the same. */
const DOTTED_ID = 'web3.0';
const DOTTED_PATENT = '2026.11';
/** An article link that decodes to a line break followed by a workflow command. */
const NEWLINE_LINK = '/info/blog/%0A::add-mask::x';
/** The HR story given 150 topic ids that no topic has. */
const MANY_TAGS_ID = 'hr-0028';

type Json = Record<string, unknown>;
let work: string;
let contentDir: string;
let out: string;
let api: { url: string; close(): Promise<void> };
let run: { code: number; stdout: string; stderr: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test edits reach into JSON of any shape
function edit(contentDir: string, file: string, change: (data: any) => void): void {
  const path = join(contentDir, file);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  change(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
}

/** Our content with hostile values in every kind of address and text. */
function makeHostileContent(contentDir: string): void {
  copyReferenceContent(contentDir);
  const cards = (items: Json[]) =>
    items.slice(0, 4).forEach((item, index) => {
      item.absolute_url = pick(index);
      item.featured_image = pick(index + 1);
      item.thumb = pick(index + 2);
    });
  edit(contentDir, 'news.json', (items: Json[]) => {
    cards(items);
    items[4]!.title = `제어 문자\u0000\u0001\u000b가 든 제목 \ud800`;
    items[5]!.title = NOTICE_TITLE;
  });
  for (const file of ['videos.json', 'seminars.json']) {
    edit(contentDir, file, (data: { banners: Json[]; items: Json[] }) => {
      data.banners.forEach((banner, index) => {
        banner.absolute_url = pick(index);
        banner.featured_image = pick(index + 1);
      });
      cards(data.items);
    });
  }
  edit(contentDir, 'seminars.json', (data: { items: Json[] }) => {
    data.items[5]!.featured_image = '/images/없는 그림 파일.svg';
  });
  edit(contentDir, 'success.json', (data: { banners: Json[]; items: Json[] }) => {
    data.banners.forEach((banner, index) => {
      banner.absolute_url = pick(index);
      banner.featured_image = pick(index + 1);
    });
    data.items[0]!.logo = 'javascript:alert(1)';
    data.items[1]!.featured_image = '//evil.example/x.png';
    data.items[2]!.content = `${String(data.items[2]!.content)}<p><a href="javascript:alert(1)">스크립트</a> <a href="/cad_archive/없는-사례">없는 사례</a></p>`;
  });
  edit(contentDir, 'hr-stories.json', (data: { items: Json[] }) => {
    const [a, b, c, d] = data.items;
    a!.content = `${String(a!.content)}<p><a href="/info/blog/없는-글">없는 글</a> <img src="vbscript:x"> <iframe src="https://www.youtube-nocookie.com/embed/x" allow="camera; autoplay"></iframe></p>`;
    a!.title = `${String(a!.title)}\u0001`;
    b!.analytics_page_id = 'hr-bad?x';
    b!.absolute_url = '/info/blog/hr-bad?x';
    c!.analytics_page_id = ODD_ID;
    c!.absolute_url = `/info/blog/${encodeURIComponent(ODD_ID)}`;
    d!.title = `외톨이 서로게이트 \udc00 제목`;
    d!.meta_description = `요약에 널 문자\u0000`;
    const [dotted, manyTags, newline] = data.items.slice(4);
    dotted!.analytics_page_id = DOTTED_ID;
    dotted!.absolute_url = `/info/blog/${DOTTED_ID}`;
    expect(manyTags!.analytics_page_id).toBe(MANY_TAGS_ID);
    manyTags!.tag_ids = [2, ...Array.from({ length: 150 }, (_, i) => 10_000 + i)];
    newline!.content = `${String(newline!.content)}<p><a href="${NEWLINE_LINK}">줄바꿈이 든 링크</a></p>`;
  });
  edit(contentDir, 'faq.json', (data: { items: Json[] }) => {
    data.items[0]!.post_body = `<p>답변 <a href="JaVaScRiPt:alert(1)">위험</a> <a href="/없는-페이지">없는 페이지</a></p>`;
  });
}

/**
 * The reference server over the hostile content, with one patent keyed `2026.11`. The content
 * files only allow patent keys without a dot, so that one is changed after loading.
 */
function startHostileServer(contentDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const content = loadContent(contentDir);
  const patent = content.patents[0]!;
  patent.tag = DOTTED_PATENT;
  patent.absolute_url = `/info/patent/${DOTTED_PATENT}`;
  const app = createApp(content, { imagesDir: join(contentDir, 'images') });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      }),
    );
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

beforeAll(async () => {
  work = makeTestFolder('rebuild-hostile-');
  contentDir = join(work, 'content');
  out = join(work, 'out');
  makeHostileContent(contentDir);
  api = await startHostileServer(contentDir);
  run = await runRebuildCli(out, api.url);
}, 300_000);

afterAll(async () => {
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run rebuild on hostile content', () => {
  const current = () => join(out, readlinkSync(join(out, 'current')));

  it('publishes, naming the bad items in its warnings', () => {
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain('게시 · current →');
    expect(run.stdout).toContain('"hr-bad?x": 상세 페이지를 만들지 않습니다');
    expect(run.stdout).toContain(
      `${JSON.stringify(ODD_ID)}: 상세 페이지를 만들지 않습니다 (id에 주소에 쓸 수 없는 문자`,
    );
    expect(run.stdout).toContain('콘텐츠의 링크가 없는 페이지를 가리킵니다: /info/blog/없는-글');
    const changed = JSON.parse(
      readFileSync(join(current(), 'changed-routes.json'), 'utf8'),
    ) as ChangedRoutesFile;
    const manifest = JSON.parse(readFileSync(join(current(), 'manifest.json'), 'utf8')) as ReleaseManifest;
    expect(changed.warnings).toEqual(manifest.warnings);
    expect(changed.warnings.join('\n')).toContain('hr-bad?x');
    expect(changed.warnings.join('\n')).toContain('/cad_archive/없는-사례');
    expect(changed.warnings.join('\n')).toContain('/없는-페이지');
  });

  it('still publishes every other item', () => {
    const hr = JSON.parse(readFileSync(join(contentDir, 'hr-stories.json'), 'utf8')) as { items: Json[] };
    const good = hr.items.filter(
      (item) => item.analytics_page_id !== 'hr-bad?x' && item.analytics_page_id !== ODD_ID,
    );
    for (const item of good)
      expect(existsSync(join(current(), 'info/blog', String(item.analytics_page_id), 'index.html'))).toBe(
        true,
      );
    expect(existsSync(join(current(), 'info/blog/hr-bad'))).toBe(false);
  });

  it('writes no script address into any page, feed, sitemap or data file', () => {
    const offenders = listFiles(current())
      .filter((file) => /\.(html|xml|txt|json)$/.test(file))
      .filter((file) => SCRIPT_ADDRESS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(current(), file));
    expect(offenders).toEqual([]);
  });

  it('names only card pictures the release holds, and keeps the address of one it could not fetch', () => {
    const named = new Set(
      listFiles(current())
        .filter((file) => file.endsWith('.html'))
        .flatMap((file) =>
          [...readFileSync(file, 'utf8').matchAll(/\/_astro\/cards\/[\w-]+\.webp/g)].map(([path]) => path),
        ),
    );
    expect(named.size).toBeGreaterThan(0);
    for (const path of named) expect(existsSync(join(current(), path)), path).toBe(true);
    // The seminar whose picture the API does not have keeps the API's address (its card then shows
    // the fallback), not a picture the release lacks.
    const seminar = readFileSync(join(current(), 'seminar/index.html'), 'utf8');
    expect(seminar).toMatch(/\/images\/(없는|%EC%97%86%EB%8A%94)/);
  });

  it('shows a title that looks like an address as text', () => {
    const news = readFileSync(join(current(), 'newsRoom/index.html'), 'utf8');
    expect(news).toContain(`>${NOTICE_TITLE}<`);
  });

  it('writes the pages of ids with a dot as folders, and their share pictures as files', () => {
    for (const file of [
      `info/blog/${DOTTED_ID}/index.html`,
      `og/info/blog/${DOTTED_ID}.jpg`,
      `info/patent/${DOTTED_PATENT}/index.html`,
      `og/info/patent/${DOTTED_PATENT}.jpg`,
    ])
      expect(existsSync(join(current(), file)), file).toBe(true);
    const changed = JSON.parse(
      readFileSync(join(current(), 'changed-routes.json'), 'utf8'),
    ) as ChangedRoutesFile;
    expect(changed.added).toEqual(
      expect.arrayContaining([`/info/blog/${DOTTED_ID}`, `/info/patent/${DOTTED_PATENT}`]),
    );
    // A page file taken for a non-page one would be listed as a file of its own.
    expect(changed.added.filter((route) => route.endsWith('/index.html'))).toEqual([]);
  });

  it('prints every line and warning as one line, none a workflow command', () => {
    const lines = `${run.stdout}\n${run.stderr}`.split(/\r\n|[\n\r\u0085\u2028\u2029]/);
    expect(lines.filter((line) => /^\s*::/.test(line))).toEqual([]);
    expect(run.stdout).toContain('콘텐츠의 링크가 없는 페이지를 가리킵니다: /info/blog/\\n::add-mask::x');
    const changed = JSON.parse(
      readFileSync(join(current(), 'changed-routes.json'), 'utf8'),
    ) as ChangedRoutesFile;
    // The workflow prints them with `jq -r '.warnings[]' | sed 's/^/::warning::/'`.
    for (const warning of changed.warnings)
      expect(warning.split(/\r\n|[\n\r\u0085\u2028\u2029]/), warning).toHaveLength(1);
    expect(changed.warnings.join('\n')).toContain('/info/blog/\\n::add-mask::x');
  });

  it('publishes an HR story with 150 unknown topic ids, showing its known topic', () => {
    expect(existsSync(join(current(), `info/blog/${MANY_TAGS_ID}/index.html`))).toBe(true);
    const list = readFileSync(join(current(), 'hrcontents/index.html'), 'utf8');
    expect(list).toContain(`/info/blog/${MANY_TAGS_ID}`);
  });

  it('writes a feed and sitemaps that parse as XML, without the control characters', () => {
    const xml = listFiles(current()).filter((file) => file.endsWith('.xml'));
    expect(xml.map((file) => relative(current(), file))).toEqual(
      expect.arrayContaining(['rss.xml', 'sitemap-index.xml']),
    );
    for (const file of xml) expect(xmlErrors(readFileSync(file, 'utf8')), file).toEqual([]);
    expect(readFileSync(join(current(), 'rss.xml'), 'utf8')).toContain('외톨이 서로게이트  제목');
  });
});

describe('a first run with an empty list', () => {
  it('refuses to publish unless --allow-empty is given', { timeout: 300_000 }, async () => {
    const emptyContent = join(work, 'empty-news');
    copyReferenceContent(emptyContent);
    writeFileSync(join(emptyContent, 'news.json'), '[]');
    const server = await startServer({ contentDir: emptyContent, port: 0 });
    const emptyOut = join(work, 'empty-out');
    try {
      const refused = await runRebuildCli(emptyOut, server.url);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('첫 빌드인데 비어 있는 목록이 있어 게시하지 않습니다: 뉴스');
      expect(existsSync(join(emptyOut, 'current'))).toBe(false);
      const allowed = await runRebuildCli(emptyOut, server.url, ['--allow-empty']);
      expect(allowed.code, allowed.stderr + allowed.stdout).toBe(0);
      expect(existsSync(join(emptyOut, 'current', 'newsRoom', 'index.html'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
