// @vitest-environment node
/**
 * The rebuild against hostile and odd content: `javascript:` and other script addresses on
 * every banner and card kind, control characters and lone surrogates in titles, ids that
 * cannot be addresses, an image address with a space, links in articles
 * that lead nowhere. The run must publish everything else, name the bad items in its warnings,
 * and no built file may carry a script address; the feed and the sitemap must be XML.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/content-api/server.ts';
import type { ChangedRoutesFile, ReleaseManifest } from '../../scripts/rebuild/manifest.ts';
import { xmlErrors } from '../../scripts/rebuild/validate.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
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

type Json = Record<string, unknown>;
let work: string;
let contentDir: string;
let out: string;
let api: RunningServer;
let run: { code: number; stdout: string; stderr: string };

function runRebuildCli(
  apiUrl: string,
  outDir: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/rebuild.ts', '--out', outDir, ...args], {
      cwd: root,
      env: { ...process.env, PUBLIC_CONTENT_API_URL: apiUrl, GITHUB_OUTPUT: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test edits reach into JSON of any shape
function edit(contentDir: string, file: string, change: (data: any) => void): void {
  const path = join(contentDir, file);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  change(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
}

/** Our content with hostile values in every kind of address and text. */
function makeHostileContent(contentDir: string): void {
  cpSync(join(root, 'scripts/content-api/data'), contentDir, { recursive: true });
  const cards = (items: Json[]) =>
    items.slice(0, 4).forEach((item, index) => {
      item.absolute_url = pick(index);
      item.featured_image = pick(index + 1);
      item.thumb = pick(index + 2);
    });
  edit(contentDir, 'news.json', (items: Json[]) => {
    cards(items);
    items[4]!.title = `제어 문자\u0000\u0001\u000b가 든 제목 \ud800`;
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
  });
  edit(contentDir, 'faq.json', (data: { items: Json[] }) => {
    data.items[0]!.post_body = `<p>답변 <a href="JaVaScRiPt:alert(1)">위험</a> <a href="/없는-페이지">없는 페이지</a></p>`;
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'rebuild-hostile-'));
  contentDir = join(work, 'content');
  out = join(work, 'out');
  makeHostileContent(contentDir);
  api = await startServer({ contentDir, port: 0 });
  run = await runRebuildCli(api.url, out);
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
    expect(run.stdout).toContain(`${JSON.stringify(ODD_ID)}: 상세 페이지를 만들지 않습니다 (id에 주소에 쓸 수 없는 문자`);
    expect(run.stdout).toContain('콘텐츠의 링크가 없는 페이지를 가리킵니다: /info/blog/없는-글');
    const changed = JSON.parse(readFileSync(join(current(), 'changed-routes.json'), 'utf8')) as ChangedRoutesFile;
    const manifest = JSON.parse(readFileSync(join(current(), 'manifest.json'), 'utf8')) as ReleaseManifest;
    expect(changed.warnings).toEqual(manifest.warnings);
    expect(changed.warnings.join('\n')).toContain('hr-bad?x');
    expect(changed.warnings.join('\n')).toContain('/cad_archive/없는-사례');
    expect(changed.warnings.join('\n')).toContain('/없는-페이지');
  });

  it('still publishes every other item', () => {
    const hr = JSON.parse(readFileSync(join(contentDir, 'hr-stories.json'), 'utf8')) as { items: Json[] };
    const good = hr.items.filter((item) => item.analytics_page_id !== 'hr-bad?x' && item.analytics_page_id !== ODD_ID);
    for (const item of good)
      expect(existsSync(join(current(), 'info/blog', String(item.analytics_page_id), 'index.html'))).toBe(true);
    expect(existsSync(join(current(), 'info/blog/hr-bad'))).toBe(false);
  });

  it('writes no script address into any page, feed, sitemap or data file', () => {
    const offenders = listFiles(current())
      .filter((file) => /\.(html|xml|txt|json)$/.test(file))
      .filter((file) => SCRIPT_ADDRESS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(current(), file));
    expect(offenders).toEqual([]);
  });

  it('writes a feed and sitemaps that parse as XML, without the control characters', () => {
    const xml = listFiles(current()).filter((file) => file.endsWith('.xml'));
    expect(xml.map((file) => relative(current(), file))).toEqual(expect.arrayContaining(['rss.xml', 'sitemap-index.xml']));
    for (const file of xml) expect(xmlErrors(readFileSync(file, 'utf8')), file).toEqual([]);
    expect(readFileSync(join(current(), 'rss.xml'), 'utf8')).toContain('외톨이 서로게이트  제목');
  });
});

describe('a first run with an empty list', () => {
  it('refuses to publish unless --allow-empty is given', { timeout: 300_000 }, async () => {
    const emptyContent = join(work, 'empty-news');
    cpSync(join(root, 'scripts/content-api/data'), emptyContent, { recursive: true });
    writeFileSync(join(emptyContent, 'news.json'), '[]');
    const server = await startServer({ contentDir: emptyContent, port: 0 });
    const emptyOut = join(work, 'empty-out');
    try {
      const refused = await runRebuildCli(server.url, emptyOut);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('첫 빌드인데 비어 있는 목록이 있어 게시하지 않습니다: 뉴스');
      expect(existsSync(join(emptyOut, 'current'))).toBe(false);
      const allowed = await runRebuildCli(server.url, emptyOut, '--allow-empty');
      expect(allowed.code, allowed.stderr + allowed.stdout).toBe(0);
      expect(existsSync(join(emptyOut, 'current', 'newsRoom', 'index.html'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
