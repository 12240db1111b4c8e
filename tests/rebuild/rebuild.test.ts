// @vitest-environment node
/**
 * The nightly rebuild end to end: the CLI as a child process against the reference content
 * server on a temporary copy of the content, with its output in a temporary folder.
 *
 * The steps build on each other (each run compares with the release the previous one
 * published), so they run in order in one file. Full builds are kept to three.
 */
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RemoteOptions, type RunningServer } from '../../scripts/content-api/server.ts';
import type {
  ChangedRoutes,
  ChangedRoutesFile,
  ReleaseManifest,
} from '../../scripts/publish/rebuild/manifest.ts';
import { parseRebuildArgs } from '../../scripts/publish/rebuild/args.ts';
import { createProgress } from '../../scripts/publish/lib/log.ts';
import { fileRoute } from '../../scripts/publish/rebuild/routes.ts';
import { outputFolder } from '../../scripts/publish/rebuild/output-folder.ts';
import { EXIT_CODES, runRebuild } from '../../scripts/publish/rebuild/run.ts';
import { endpointUrl } from '../../src/lib/api/endpoints.ts';
import { createSearcher } from '../../src/lib/search/searcher.ts';
import { ListResponseSchema } from '../../src/lib/api/schemas.ts';
import { makeWorkFolder, runRebuildCli, type ScriptRun } from '../support/publish-run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const STEP_TIMEOUT = 240_000;

interface HrStoriesFile {
  topics: unknown[];
  items: {
    analytics_page_id: string;
    absolute_url: string;
    title: string;
    created_time: string;
    [key: string]: unknown;
  }[];
}

let work: string;
let contentDir: string;
let out: string;
let port: number;
let api: RunningServer | undefined;
let fake: Server | undefined;

const hrFile = () => join(contentDir, 'hr-stories.json');
const readHr = (): HrStoriesFile => JSON.parse(readFileSync(hrFile(), 'utf8')) as HrStoriesFile;
const writeHr = (data: HrStoriesFile) => writeFileSync(hrFile(), `${JSON.stringify(data, null, 2)}\n`);
const apiUrl = () => `http://127.0.0.1:${port}`;

/** Faults of the reference server while a test wants the API to behave like a remote one. */
let remote: RemoteOptions | null = null;

/** (Re)starts the reference server on the same port: image addresses carry the origin. */
async function restartApi(): Promise<void> {
  await stopApi();
  api = await startServer({ contentDir, port, remote });
}

async function stopApi(): Promise<void> {
  await api?.close();
  api = undefined;
  if (fake) {
    const server = fake;
    fake = undefined;
    // Keep-alive connections from the CLI's fetch would hold close() for seconds.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

/**
 * A stand-in API on the same port answering with `handler`'s status and body, or passing the
 * request on to `upstream` (with its original Host, so image addresses stay the same).
 */
async function startFake(
  handler: (req: IncomingMessage) => { status: number; body: string } | 'proxy' | 'drop' | 'hang',
  upstream?: string,
): Promise<void> {
  await stopApi();
  const server = createServer((req, res) => {
    const answer = handler(req);
    if (answer === 'drop') {
      req.socket.destroy();
      return;
    }
    if (answer === 'hang') return;
    if (answer === 'proxy' && upstream) {
      const forward = request(`${upstream}${req.url ?? '/'}`, { headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end();
      return;
    }
    const { status, body } = answer === 'proxy' ? { status: 502, body: '{}' } : answer;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake = server;
}

/** Runs `scripts/publish/rebuild.ts` the way `npm run rebuild` does. */
let lastSnapshotCalls = 0;

function rebuild(...args: string[]): Promise<ScriptRun> {
  return rebuildWithEnv({}, ...args);
}

async function rebuildWithEnv(env: Record<string, string>, ...args: string[]): Promise<ScriptRun> {
  const run = await runRebuildCli(out, apiUrl(), args, env);
  const calls = /API 호출 (\d+)건/.exec(run.stdout);
  if (run.code === 0 && calls) lastSnapshotCalls = Number(calls[1]);
  return run;
}

const current = () => join(out, 'current');
const releases = () => readdirSync(join(out, 'releases')).sort();
const currentTarget = () => readlinkSync(current());
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(current(), file), 'utf8')) as T;
const page = (route: string) => join(current(), route, 'index.html');

/** Every file under the published site with its bytes, plus where `current` points. */
function publishedState(): { target: string; files: Map<string, string> } {
  const files = new Map<string, string>();
  const base = join(out, currentTarget());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(base, path), readFileSync(path).toString('base64'));
    }
  };
  walk(base);
  return { target: currentTarget(), files };
}

/** The site search over the published release's own files, as a browser would read them. */
function publishedSearch(query: string) {
  const searcher = createSearcher({
    entryUrl: '/search/index.json',
    fetchJson: async (url) => JSON.parse(readFileSync(join(current(), url), 'utf8')) as unknown,
  });
  return searcher.search(query);
}

/** The site search's shard files of the published release. */
const searchShards = () => readdirSync(join(current(), 'search-index')).sort();

/** The ids on the HR list's first page, as the site's list page shows them. */
async function hrFirstPageIds(): Promise<string[]> {
  const res = await fetch(endpointUrl(apiUrl(), 'hrStoryTags', { page: 1, topic_id: '', name: '' }));
  return ListResponseSchema.parse(await res.json()).objects.map((item) => item.analytics_page_id);
}

interface FaqFile {
  topics: unknown[];
  items: { analytics_page_id: string; post_body: string; [key: string]: unknown }[];
}

const faqFile = () => join(contentDir, 'faq.json');
const readFaq = (): FaqFile => JSON.parse(readFileSync(faqFile(), 'utf8')) as FaqFile;

/** Replaces the answer of FAQ `id` in the content copy. */
function editFaqAnswer(id: string, answer: string): void {
  const faq = readFaq();
  faq.items.find((item) => item.analytics_page_id === id)!.post_body = answer;
  writeFileSync(faqFile(), `${JSON.stringify(faq, null, 2)}\n`);
}

/** The ids on page 2 of the FAQ list, as the API's search pages it (`/faq/search`). */
async function faqPage2Ids(): Promise<string[]> {
  const res = await fetch(endpointUrl(apiUrl(), 'faqSearch', { page: 2, term: '' }));
  const ids = ListResponseSchema.parse(await res.json()).objects.map((item) => item.analytics_page_id);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  return ids;
}

/** The longest sentence of an answer's text: what a reader would quote of it. */
function longestSentence(html: string): string {
  const sentences = html
    .replace(/<[^>]*>/g, '\n')
    .split(/[.\n]/)
    .map((sentence) => sentence.trim());
  return sentences.reduce((longest, sentence) => (sentence.length > longest.length ? sentence : longest), '');
}

/** The published release's files (paths from its root) whose bytes hold `text`. */
function releaseFilesWith(text: string): string[] {
  const base = join(out, currentTarget());
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (readFileSync(path, 'utf8').includes(text)) found.push(relative(base, path));
    }
  };
  walk(base);
  return found;
}

/**
 * The release has FAQ `id`'s new answer where the site search reads it (found by `query`), and
 * the old sentence in no file at all.
 */
async function expectAnswerPublished(id: string, answer: string, query: string, old: string): Promise<void> {
  expect(releaseFilesWith(old)).toEqual([]);
  const files = releaseFilesWith(answer);
  expect(files.some((file) => file === 'search/index.json' || file.startsWith('search-index/'))).toBe(true);
  expect((await publishedSearch(query)).hits.map((hit) => hit.id)).toContain(`faq:${id}`);
}

beforeAll(async () => {
  ({ work, contentDir, out } = makeWorkFolder('rebuild-test-'));
  api = await startServer({ contentDir, port: 0 });
  port = api.port;
}, STEP_TIMEOUT);

afterAll(async () => {
  await stopApi();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run rebuild', () => {
  let firstRelease = '';
  let editedRelease = '';
  let deletedId = '';

  it(
    'publishes the first release with a manifest and every detail page',
    { timeout: STEP_TIMEOUT },
    async () => {
      const run = await rebuild();
      expect(run.code, run.stderr + run.stdout).toBe(0);
      console.log(`첫 빌드: ${run.seconds.toFixed(1)}초`);

      expect(lstatSync(current()).isSymbolicLink()).toBe(true);
      firstRelease = currentTarget();
      expect(firstRelease).toMatch(/^releases\//);
      const manifest = readJson<ReleaseManifest>('manifest.json');
      expect(manifest.files).toContain('hrcontents/index.html');
      expect(manifest.contentDigest).toMatch(/^[0-9a-f]{20}$/);
      expect(manifest.counts.hrStory).toBe(readHr().items.length);

      for (const item of readHr().items)
        expect(existsSync(page(`info/blog/${item.analytics_page_id}`))).toBe(true);
      const success = JSON.parse(readFileSync(join(contentDir, 'success.json'), 'utf8')) as HrStoriesFile;
      for (const item of success.items)
        expect(existsSync(page(`cad_archive/${item.analytics_page_id}`))).toBe(true);
      const patents = JSON.parse(readFileSync(join(contentDir, 'patents.json'), 'utf8')) as { tag: string }[];
      for (const patent of patents) expect(existsSync(page(`info/patent/${patent.tag}`))).toBe(true);

      const changed = readJson<ChangedRoutes>('changed-routes.json');
      // Every file of the first release is new, named by its route; hashed assets and search
      // shards never need purging.
      expect(changed.added).toEqual(
        manifest.files
          .filter((file) => !file.startsWith('_astro/') && !file.startsWith('search-index/'))
          .map(fileRoute)
          .sort(),
      );
      expect(changed.added).toEqual(
        expect.arrayContaining(['/', '/hrcontents', '/rss.xml', '/sitemap-0.xml', '/og/soft-skill.jpg']),
      );
      expect(changed.changed).toEqual([]);
      expect(run.stdout).toMatch(/렌더링 \d+개, 캐시에서 복원 0개/);
    },
  );

  it('builds nothing when nothing changed', { timeout: STEP_TIMEOUT }, async () => {
    const before = releases();
    const run = await rebuild();
    console.log(`변경 없음: ${run.seconds.toFixed(2)}초`);
    expect(run.code, run.stderr).toBe(0);
    // Fails when someone edits the code between the runs (the output then says so).
    expect(run.stdout, run.stdout).toContain('변경 사항이 없어 빌드하지 않습니다.');
    expect(run.stdout).not.toContain('astro build');
    expect(releases()).toEqual(before);
    expect(currentTarget()).toBe(firstRelease);
    // A poll: the first page of every list, the banners and the topics, each answered 304.
    expect(run.stdout).toContain('첫 페이지와 바뀐 항목만 읽습니다');
    expect(run.stdout).toContain('(API 호출 11건 (304 11건))');
  });

  it(
    'after editing one HR story, changes only its page and the lists that show it, and renders only that detail',
    { timeout: STEP_TIMEOUT },
    async () => {
      const [id] = await hrFirstPageIds();
      const hr = readHr();
      const story = hr.items.find((item) => item.analytics_page_id === id)!;
      story.title = `${story.title} (개정판)`;
      writeHr(hr);
      await restartApi();

      const run = await rebuild();
      expect(run.code, run.stderr + run.stdout).toBe(0);
      console.log(`HR 이야기 1건 수정: ${run.seconds.toFixed(1)}초`);
      editedRelease = currentTarget();
      expect(editedRelease).not.toBe(firstRelease);

      const changed = readJson<ChangedRoutes>('changed-routes.json');
      const manifest = readJson<ReleaseManifest>('manifest.json');
      // The HR list's first page and, where the site has one, the feed of all HR stories.
      const lists = ['/hrcontents', ...(manifest.files.includes('rss.xml') ? ['/rss.xml'] : [])];
      // The story's share picture shows its title too (tests/rebuild/og-images.test.ts).
      const picture = `/og/info/blog/${id}.jpg`;
      // The site search's entry names the shards that changed (new names, never purged).
      expect(changed).toEqual({
        added: [],
        changed: [...lists, '/search/index.json', `/info/blog/${id}`, picture].sort(),
        removed: [],
        warnings: [],
      });
      const isShard = (route: string) => route.startsWith('/search-index/');
      // Among the getStaticPaths pages only the edited story (and its picture) were rendered; the
      // rest were restored.
      const dynamicTotal = manifest.files
        .map(fileRoute)
        .filter(
          (route) =>
            /^\/(og\/)?(info\/blog|cad_archive|info\/patent)\/[^/]+$/.test(route) ||
            /^\/og\/[^/]+\.jpg$/.test(route) ||
            isShard(route),
        ).length;
      const rendered = /getStaticPaths 페이지 (\d+)개 중 렌더링 (\d+)개/.exec(run.stdout);
      const renderedCount = Number(rendered?.[2]);
      expect(Number(rendered?.[1])).toBe(dynamicTotal);
      // The edit rides in the search entry's delta: every base file of the index keeps its name
      // and is restored. (How much of the index a publish rewrites is the search bench's figure:
      // docs/performance.md.)
      expect(renderedCount).toBe(2);
      const line = run.stdout.split('\n').find((l) => l.includes('getStaticPaths 페이지')) ?? '';
      expect(line).toContain(`/info/blog/${id}`);
      expect(line).toContain(picture);
      expect(readFileSync(page(`info/blog/${id}`), 'utf8')).toContain('(개정판)');
      // The release is still complete.
      for (const item of hr.items) expect(existsSync(page(`info/blog/${item.analytics_page_id}`))).toBe(true);
    },
  );

  it(
    'makes a published news item findable by the site search, and unfindable once deleted',
    { timeout: STEP_TIMEOUT },
    async () => {
      const newsFile = join(contentDir, 'news.json');
      const original = readFileSync(newsFile, 'utf8');
      const news = JSON.parse(original) as Record<string, unknown>[];
      expect((await publishedSearch('물결무늬 박람회')).total).toBe(0);
      const shardsBefore = searchShards();
      writeFileSync(
        newsFile,
        `${JSON.stringify(
          [
            {
              ...news[0],
              analytics_page_id: 'news-9101',
              absolute_url: 'https://news.example/articles/9101',
              title: '인사이트하이어, 물결무늬 채용 박람회에 면접 체험관 연다',
              meta_description: '지원자가 구조화 면접을 미리 체험하는 부스를 운영한다.',
              created_time: '2026-11-26T10:00:00+09:00',
            },
            ...news,
          ],
          null,
          2,
        )}\n`,
      );
      await restartApi();
      const added = await rebuild();
      expect(added.code, added.stderr + added.stdout).toBe(0);
      const found = await publishedSearch('물결무늬 박람회');
      expect(found.hits.map((hit) => [hit.id, hit.url])).toEqual([
        ['news:news-9101', 'https://news.example/articles/9101'],
      ]);
      // Most shards keep their names: a CDN keeps serving them from its cache.
      const kept = searchShards().filter((name) => shardsBefore.includes(name));
      expect(kept.length / shardsBefore.length).toBeGreaterThan(0.5);

      writeFileSync(newsFile, original);
      await restartApi();
      const removed = await rebuild();
      expect(removed.code, removed.stderr + removed.stdout).toBe(0);
      expect((await publishedSearch('물결무늬 박람회')).total).toBe(0);
      // Items past the lists' first pages are searched too: the snapshot holds every page.
      expect((await publishedSearch('AI 역량검사 정식 출시')).hits.map((hit) => hit.id)).toContain(
        'news:news-0001',
      );
    },
  );

  it(
    "publishes a story deleted and one added further down at the next plain poll, the API's Last-Modified having moved",
    { timeout: STEP_TIMEOUT },
    async () => {
      const hr = readHr();
      const firstPage = await hrFirstPageIds();
      const removed = hr.items.find((item) => !firstPage.includes(item.analytics_page_id))!;
      deletedId = removed.analytics_page_id;
      const template = hr.items[0]!;
      hr.items = hr.items.filter((item) => item !== removed);
      hr.items.push({
        ...template,
        analytics_page_id: 'hr-9001',
        // Its address and its id differ, as the contract allows: its page is where its address says.
        absolute_url: '/info/blog/hiring-9001',
        title: '새로 올린 HR 이야기',
        created_time: '2020-01-01T09:00:00+09:00',
      });
      writeHr(hr);
      await restartApi();

      // One deleted further down and one added there leave the first page and the total as they
      // were; the restarted server's Last-Modified (its content files' time) is what gives it away.
      const run = await rebuild();
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toContain('첫 페이지와 바뀐 항목만 읽습니다');
      expect(run.stdout).toContain(
        'HR 이야기 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다',
      );
      // The eleven first pages, pages 2+ of every list (the reference server's stamp is the whole
      // content's: HR stories 2–4, patents 2, news 2–3, videos 2–3, seminars 2, FAQ 2–3; success
      // stories have one page) and the new story's detail.
      expect(run.stdout).toMatch(/API 호출 23건/);
      const changed = readJson<ChangedRoutes>('changed-routes.json');
      expect(changed.added).toEqual(['/info/blog/hiring-9001', '/og/info/blog/hiring-9001.jpg']);
      expect(changed.removed).toEqual([`/info/blog/${deletedId}`, `/og/info/blog/${deletedId}.jpg`]);
      expect(existsSync(page(`info/blog/${deletedId}`))).toBe(false);
      expect(readFileSync(page('info/blog/hiring-9001'), 'utf8')).toContain('새로 올린 HR 이야기');
      expect(existsSync(page('info/blog/hr-9001'))).toBe(false);
      // The previous release is left as it was.
      expect(existsSync(join(out, editedRelease, 'info/blog', deletedId, 'index.html'))).toBe(true);
    },
  );

  it(
    'publishes a card edited further down at the next plain poll, and a body fixed there once --item names it',
    { timeout: STEP_TIMEOUT },
    async () => {
      const firstPage = await hrFirstPageIds();
      const hr = readHr();
      const [carded, fixed] = hr.items.filter(
        (item) => !firstPage.includes(item.analytics_page_id) && item.analytics_page_id !== 'hr-9001',
      );
      carded!.meta_description = '카드 요약도 고쳤습니다.';
      fixed!.content = `${String(fixed!.content)}<p>본문만 고친 문단입니다.</p>`;
      writeHr(hr);
      await restartApi();

      // The moved Last-Modified has the lists read page by page: the changed card, and with it
      // its detail, is published; a body fixed under an unchanged card is not (no card says so).
      const poll = await rebuild();
      expect(poll.code, poll.stderr + poll.stdout).toBe(0);
      expect(readJson<ChangedRoutes>('changed-routes.json').changed).toContain(
        `/info/blog/${carded!.analytics_page_id}`,
      );
      // The detail page's description is the card's.
      expect(readFileSync(page(`info/blog/${carded!.analytics_page_id}`), 'utf8')).toContain(
        '카드 요약도 고쳤습니다.',
      );
      expect(readFileSync(page(`info/blog/${fixed!.analytics_page_id}`), 'utf8')).not.toContain(
        '본문만 고친 문단입니다.',
      );

      const hook = await rebuild('--item', fixed!.analytics_page_id);
      expect(hook.code, hook.stderr + hook.stdout).toBe(0);
      expect(readJson<ChangedRoutes>('changed-routes.json').changed).toContain(
        `/info/blog/${fixed!.analytics_page_id}`,
      );
      expect(readFileSync(page(`info/blog/${fixed!.analytics_page_id}`), 'utf8')).toContain(
        '본문만 고친 문단입니다.',
      );
      // The poll recorded the new Last-Modified: eleven first-page calls, the list page the story
      // is on, and its detail.
      expect(hook.stdout).toMatch(/API 호출 13건/);
    },
  );

  it(
    'publishes an FAQ answer edited on page 2 of its list at the next poll, in every file of the release',
    { timeout: STEP_TIMEOUT * 2 },
    async () => {
      // A base to poll on: nothing to do after the steps before, the first release when run alone.
      const ready = await rebuild();
      expect(ready.code, ready.stderr + ready.stdout).toBe(0);
      const [id] = await faqPage2Ids();
      const old = longestSentence(readFaq().items.find((item) => item.analytics_page_id === id)!.post_body);
      // The old answer is in the release (its search texts) before: the grep below can see it.
      expect(releaseFilesWith(old)).not.toEqual([]);
      const answer = '전화 상담은 종료되었고 온라인 문의 양식으로만 답변합니다.';
      editFaqAnswer(id!, `<p>${answer}</p>`);
      await restartApi();

      // The restarted server's Last-Modified (its content files' time) moved for every list.
      const run = await rebuild();
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toContain(
        '자주 묻는 질문 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다',
      );
      await expectAnswerPublished(id!, answer, '온라인 문의 양식', old);
    },
  );

  it(
    'publishes an FAQ answer edited on page 2 of its list through --item, its Last-Modified unmoved, in every file of the release',
    { timeout: STEP_TIMEOUT * 2 },
    async () => {
      const ready = await rebuild();
      expect(ready.code, ready.stderr + ready.stdout).toBe(0);
      const [, id] = await faqPage2Ids();
      const old = longestSentence(readFaq().items.find((item) => item.analytics_page_id === id)!.post_body);
      expect(releaseFilesWith(old)).not.toEqual([]);
      const answer = '대표 전화번호는 더 이상 안내하지 않으며 문의 게시판으로 받습니다.';
      // The content file keeps its time: the API's Last-Modified stays, so only --item can tell.
      const { atime, mtime } = statSync(faqFile());
      editFaqAnswer(id!, `<p>${answer}</p>`);
      utimesSync(faqFile(), atime, mtime);
      await restartApi();

      const hook = await rebuild('--item', id!);
      expect(hook.code, hook.stderr + hook.stdout).toBe(0);
      expect(hook.stdout).toContain('--item 항목이 있는 자주 묻는 질문 목록 2쪽을 다시 읽습니다');
      expect(hook.stdout).not.toContain('찾지 못했습니다');
      // The eleven first pages and the FAQ's page 2.
      expect(hook.stdout).toMatch(/API 호출 12건/);
      await expectAnswerPublished(id!, answer, '문의 게시판', old);
    },
  );

  it(
    'keeps the published version of a story whose detail keeps failing, and leaves out a new one that never had a page',
    { timeout: STEP_TIMEOUT },
    async () => {
      const hr = readHr();
      const kept = hr.items.find((item) => item.analytics_page_id !== 'hr-9001')!;
      const keptPage = readFileSync(page(`info/blog/${kept.analytics_page_id}`), 'utf8');
      // The kept story's title changes too, so a poll would read its detail; the new one is newest.
      kept.title = `${kept.title} (상세 장애 중 수정)`;
      hr.items.push({
        ...hr.items[0]!,
        analytics_page_id: 'hr-9002',
        absolute_url: '/info/blog/hr-9002',
        title: '상세가 없는 새 글',
        created_time: '2026-12-31T09:00:00+09:00',
      });
      writeHr(hr);
      await stopApi();
      const upstream = await startServer({ contentDir, port: 0 });
      try {
        // Details of those two answer 500 or drop the connection on every try; all else passes.
        await startFake((req) => {
          const id = new URL(req.url ?? '/', 'http://api.invalid').searchParams.get('id');
          if (id === kept.analytics_page_id) return { status: 500, body: '{"error":"오류"}' };
          if (id === 'hr-9002') return 'drop';
          return 'proxy';
        }, upstream.url);
        const run = await rebuild('--full');
        expect(run.code, run.stderr + run.stdout).toBe(0);
        expect(run.stdout).toContain(`상세를 가져오지 못해 게시된 판을 유지합니다`);
        expect(run.stdout).toMatch(/hr-9002.*건너뜁니다/);
        expect(readFileSync(page(`info/blog/${kept.analytics_page_id}`), 'utf8')).toBe(keptPage);
        expect(existsSync(page('info/blog/hr-9002'))).toBe(false);
        expect(readJson<ChangedRoutesFile>('changed-routes.json').warnings.join('\n')).toContain(
          kept.analytics_page_id,
        );
      } finally {
        await stopApi();
        await upstream.close();
        hr.items = hr.items.filter((item) => item.analytics_page_id !== 'hr-9002');
        kept.title = kept.title.replace(' (상세 장애 중 수정)', '');
        writeHr(hr);
        await restartApi();
      }
    },
  );

  it('fails when most details fail: an outage, not one bad item', { timeout: STEP_TIMEOUT }, async () => {
    const before = publishedState();
    const upstream = await startServer({ contentDir, port: 0 });
    try {
      await startFake(
        (req) =>
          req.url?.startsWith('/blog/detail') ? { status: 503, body: '{"error":"점검 중"}' } : 'proxy',
        upstream.url,
      );
      const run = await rebuild('--full');
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/상세 호출 \d+건 중 \d+건이 재시도 후에도 실패했습니다/);
      expect(publishedState()).toEqual(before);
    } finally {
      await stopApi();
      await upstream.close();
      await restartApi();
    }
  });

  it(
    'stops at its deadline, hung API or running build, releases the lock and leaves current as it was',
    { timeout: STEP_TIMEOUT },
    async () => {
      const before = publishedState();
      // A hung API: no answer at all.
      await startFake(() => 'hang');
      const hung = await rebuild('--deadline', '3s');
      expect(hung.code).toBe(1);
      expect(hung.stderr).toContain('실행 제한 시간');
      expect(existsSync(join(out, '.rebuild.lock'))).toBe(false);
      // A build still running at the deadline is killed with everything it started. Without
      // Astro's page manifest the build renders every page, far longer than the deadline.
      await restartApi();
      rmSync(join(out, 'cache', 'incremental-build.json'), { force: true });
      const killed = await rebuild('--force', '--deadline', '6s');
      expect(killed.code).toBe(1);
      expect(killed.stdout).toContain('astro build 실행 중');
      expect(killed.stderr).toContain('실행 제한 시간');
      expect(existsSync(join(out, '.build'))).toBe(false);
      expect(existsSync(join(out, '.rebuild.lock'))).toBe(false);
      expect(publishedState()).toEqual(before);
    },
  );

  it(
    'keeps the shrink guard on when the live manifest is unreadable',
    { timeout: STEP_TIMEOUT },
    async () => {
      const manifestFile = join(current(), 'manifest.json');
      const saved = readFileSync(manifestFile, 'utf8');
      const savedHr = readFileSync(hrFile(), 'utf8');
      writeFileSync(manifestFile, '');
      writeHr({ ...readHr(), items: [] });
      await restartApi();
      try {
        const run = await rebuild();
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/크게 줄어|비어 있는 목록/);
      } finally {
        writeFileSync(manifestFile, saved);
        writeFileSync(hrFile(), savedHr);
        await restartApi();
      }
    },
  );

  describe('against an API across the internet: 100 ms a call, 2 % answered 503, at most 20 calls a second', () => {
    beforeAll(async () => {
      remote = { latencyMs: 100, failShare: 0.02, rateLimit: 20, seed: 7 };
      await restartApi();
    });
    afterAll(async () => {
      remote = null;
      await restartApi();
    });

    it('reads the whole API without failing', { timeout: STEP_TIMEOUT }, async () => {
      api!.resetStats();
      const run = await rebuild('--full');
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toContain('API 전체를 읽습니다 (--full)');
      // The faults were there, and were ridden out.
      expect(api!.stats().failed).toBeGreaterThan(0);
    });

    it(
      'polls twenty times in a row without a failure, each poll a handful of calls',
      { timeout: STEP_TIMEOUT },
      async () => {
        for (let poll = 0; poll < 20; poll++) {
          const run = await rebuild();
          expect(run.code, `${poll + 1}번째: ${run.stderr}`).toBe(0);
          expect(run.stdout).toContain('(API 호출 11건');
        }
      },
    );

    it('publishes an edit at the next poll', { timeout: STEP_TIMEOUT }, async () => {
      const [id] = await hrFirstPageIds();
      const hr = readHr();
      const story = hr.items.find((item) => item.analytics_page_id === id)!;
      story.title = `${story.title} (원격 수정)`;
      writeHr(hr);
      await restartApi();
      const run = await rebuild();
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(readFileSync(page(`info/blog/${id}`), 'utf8')).toContain('(원격 수정)');
    });
  });

  describe('a failing API leaves current untouched, byte for byte', () => {
    let before: ReturnType<typeof publishedState>;
    let releasesBefore: string[];

    beforeAll(() => {
      // A pending change, so a run that got past the snapshot would build and publish.
      const hr = readHr();
      hr.items[0]!.title = `${hr.items[0]!.title} (재수정)`;
      writeHr(hr);
      before = publishedState();
      releasesBefore = releases();
    });

    const expectUntouched = () => {
      expect(publishedState()).toEqual(before);
      expect(releases()).toEqual(releasesBefore);
      expect(existsSync(join(out, '.build'))).toBe(false);
    };

    it('when the server is stopped', { timeout: STEP_TIMEOUT }, async () => {
      await stopApi();
      const run = await rebuild();
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('콘텐츠 API에 연결할 수 없습니다');
      expect(run.stderr).toContain('게시된 사이트(current)는 바뀌지 않았습니다.');
      expectUntouched();
    });

    it('when it answers 500', { timeout: STEP_TIMEOUT }, async () => {
      await startFake(() => ({ status: 500, body: '{"error":"서버 오류가 발생했습니다."}' }));
      const run = await rebuild();
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('오류 500');
      expectUntouched();
    });

    it('when it answers malformed JSON', { timeout: STEP_TIMEOUT }, async () => {
      await startFake(() => ({ status: 200, body: '{"objects": [' }));
      const run = await rebuild();
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('올바른 JSON이 아닙니다');
      expectUntouched();
    });

    it('when it answers JSON that breaks the contract', { timeout: STEP_TIMEOUT }, async () => {
      await startFake(() => ({ status: 200, body: '{"objects": "none", "paging": {}}' }));
      const run = await rebuild();
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('계약(스키마)과 맞지 않습니다');
      expectUntouched();
    });

    it('when a list is suddenly empty', { timeout: STEP_TIMEOUT }, async () => {
      const saved = readFileSync(hrFile(), 'utf8');
      writeHr({ ...readHr(), items: [] });
      await restartApi();
      const run = await rebuild();
      writeFileSync(hrFile(), saved);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('HR 이야기');
      expect(run.stderr).toMatch(/크게 줄어/);
      expectUntouched();
    });

    it('when the build fails: the half-built release is removed', { timeout: STEP_TIMEOUT }, async () => {
      // An address Astro refuses as its `site` stands for any failed build; it is a configuration
      // change, so the run gets past change detection.
      await restartApi();
      const run = await rebuildWithEnv({ SITE_URL: '주소가 아님' });
      expect(run.code).not.toBe(0);
      expect(run.stdout).toContain('astro build 실행 중');
      expect(run.stderr).toContain('astro build가 실패했습니다');
      expectUntouched();
    });
  });

  it(
    'builds from the snapshot it checked, even when the API changes between the snapshot and the build',
    { timeout: STEP_TIMEOUT },
    async () => {
      // The real API on another port behind a stand-in that answers the snapshot's calls as they
      // are, then (when the build would read again) gives the story another title or fails.
      await stopApi();
      const upstream = await startServer({ contentDir, port: 0 });
      const hr = readHr();
      const story = hr.items[0]!;
      let calls = 0;
      try {
        await startFake(() => {
          calls++;
          if (calls <= lastSnapshotCalls) return 'proxy';
          return { status: 503, body: '{"error":"점검 중"}' };
        }, upstream.url);
        const run = await rebuild();
        expect(run.code, run.stderr + run.stdout).toBe(0);
        expect(run.stdout).toContain('스냅샷에서 렌더링');
        expect(readFileSync(page(`info/blog/${story.analytics_page_id}`), 'utf8')).toContain(story.title);
      } finally {
        await stopApi();
        await upstream.close();
        await restartApi();
      }
      // The release records the digest of exactly what was rendered: the same content, read again
      // from the real API (image addresses on the same origin), builds nothing.
      const again = await rebuild();
      expect(again.stdout, again.stderr + again.stdout).toContain('변경 사항이 없어 빌드하지 않습니다.');
    },
  );

  let beforeConfigChange = '';
  it(
    'publishes a new release when only SITE_URL changed, and reports a failure after the switch as published',
    { timeout: STEP_TIMEOUT },
    async () => {
      beforeConfigChange = currentTarget();
      const lines: string[] = [];
      const progress = createProgress(
        (line) => lines.push(line),
        (line) => lines.push(line),
      );
      const options = parseRebuildArgs(['--out', out], root);
      if (options === 'help') throw new Error('help');
      const outcome = await runRebuild(options, {
        root,
        folder: outputFolder(out),
        apiUrl: apiUrl(),
        progress,
        env: { ...process.env, SITE_URL: 'https://www.other-host.example' },
        prune: () => {
          throw new Error('디스크 오류 (시험)');
        },
      });
      expect(outcome, lines.join('\n')).toBe('published-with-errors');
      expect(EXIT_CODES[outcome]).toBe(3);
      expect(currentTarget()).not.toBe(beforeConfigChange);
      expect(lines.join('\n')).toContain('설정(SITE_URL·API 주소 등)이 바뀌어');
      expect(lines.join('\n')).toContain('게시는 완료되었습니다. 오래된 릴리스 정리에 실패했습니다');
      expect(lines.join('\n')).not.toContain('바뀌지 않았습니다');
      expect(readFileSync(page('faq'), 'utf8')).toContain('https://www.other-host.example/faq');
    },
  );

  it(
    '--rollback switches current back to the previous release and holds it until --resume',
    { timeout: STEP_TIMEOUT },
    async () => {
      const from = currentTarget();
      const run = await rebuild('--rollback');
      expect(run.code, run.stderr).toBe(0);
      expect(currentTarget()).toBe(beforeConfigChange);
      expect(run.stdout).toContain(
        `${from.replace('releases/', '')} → ${beforeConfigChange.replace('releases/', '')}`,
      );
      expect(readFileSync(page('faq'), 'utf8')).not.toContain('other-host');

      // The next run (content changed meanwhile) must not publish again while held.
      const hr = readHr();
      hr.items[0]!.title = `${hr.items[0]!.title} (보류 중 수정)`;
      writeHr(hr);
      await restartApi();
      const held = await rebuild();
      expect(held.code, held.stderr).toBe(0);
      expect(held.stdout).toContain('유지하는 중이라 게시하지 않습니다');
      expect(currentTarget()).toBe(beforeConfigChange);
      expect(readFileSync(join(out, 'history.jsonl'), 'utf8')).toContain('"action":"rollback"');

      const resumed = await rebuild('--resume');
      expect(resumed.code, resumed.stderr + resumed.stdout).toBe(0);
      expect(resumed.stdout).toContain('유지를 풀었습니다');
      expect(currentTarget()).not.toBe(beforeConfigChange);
      expect(readFileSync(page(`info/blog/${hr.items[0]!.analytics_page_id}`), 'utf8')).toContain(
        '(보류 중 수정)',
      );
    },
  );
});
