// @vitest-environment node
/**
 * The nightly rebuild end to end: the CLI as a child process against the reference content
 * server on a temporary copy of the content, with its output in a temporary folder.
 *
 * The steps build on each other (each run compares with the release the previous one
 * published), so they run in order in one file: the first release, then the edits a poll or
 * `--item` must publish, then the failing details a run must ride out or stop at. The remote API
 * (rebuild-remote.test.ts) and the runs that must leave `current` as it was, the deadline and
 * `--rollback` (rebuild-safety.test.ts) are files of their own, each with its own work folder,
 * server and first build, so that vitest runs them side by side. One full build here: the first.
 */
import { existsSync, lstatSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/content-api/server.ts';
import type {
  ChangedRoutes,
  ChangedRoutesFile,
  ReleaseManifest,
} from '../../scripts/publish/rebuild/release/manifest.ts';
import { fileRoute } from '../../scripts/publish/rebuild/release/routes.ts';
import { rebuildBench, STEP_TIMEOUT, type HrStoriesFile } from './rebuild-bench.ts';

const bench = rebuildBench('rebuild-test-');
const {
  rebuild,
  readHr,
  writeHr,
  restartApi,
  stopApi,
  startFake,
  current,
  releases,
  currentTarget,
  readJson,
  page,
  publishedState,
  publishedSearch,
  searchShards,
  hrFirstPageIds,
  faqFile,
  readFaq,
  editFaqAnswer,
  faqPage2Ids,
  longestSentence,
  releaseFilesWith,
  expectAnswerPublished,
} = bench;

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
      const success = JSON.parse(
        readFileSync(join(bench.contentDir, 'success.json'), 'utf8'),
      ) as HrStoriesFile;
      for (const item of success.items)
        expect(existsSync(page(`cad_archive/${item.analytics_page_id}`))).toBe(true);
      const patents = JSON.parse(readFileSync(join(bench.contentDir, 'patents.json'), 'utf8')) as {
        tag: string;
      }[];
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
      const oldTitle = story.title;
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
      // The site search's entry names the delta that carries the edit (a new name, never purged);
      // the story's fragment, which held the old title, is withdrawn, and no other file.
      const [fragment, ...others] = changed.removed;
      expect(others).toEqual([]);
      expect(fragment).toMatch(/^\/search-index\/frag-[0-9a-f]{16}-[0-9a-z]+\.json$/);
      const withdrawn = JSON.parse(readFileSync(join(bench.out, firstRelease, fragment!), 'utf8')) as {
        ti: string;
      };
      expect(withdrawn.ti).toBe(oldTitle);
      expect(changed).toEqual({
        added: [],
        changed: [...lists, '/search/index.json', `/info/blog/${id}`, picture].sort(),
        removed: [fragment],
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
      // The edit rides in the search entry's delta, the one search file rendered: every base file
      // of the index keeps its name and is restored. (How much of the index a publish rewrites is
      // the search bench's figure: docs/performance.md.)
      expect(renderedCount).toBe(3);
      const line = run.stdout.split('\n').find((l) => l.includes('getStaticPaths 페이지')) ?? '';
      expect(line).toContain(`/info/blog/${id}`);
      expect(line).toContain(picture);
      // Search files are counted, not named: the one is the delta the new entry names.
      expect(line).toContain('(검색 색인 조각 1개 포함)');
      const entry = readJson<{ delta?: { name: string } }>('search/index.json');
      expect(existsSync(join(current(), 'search-index', entry.delta!.name))).toBe(true);
      expect(readFileSync(page(`info/blog/${id}`), 'utf8')).toContain('(개정판)');
      // The release is still complete.
      for (const item of hr.items) expect(existsSync(page(`info/blog/${item.analytics_page_id}`))).toBe(true);
    },
  );

  it(
    'makes a published news item findable by the site search, and unfindable once deleted',
    { timeout: STEP_TIMEOUT },
    async () => {
      const newsFile = join(bench.contentDir, 'news.json');
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
      // The eleven first pages, pages 2–4 of the HR stories (the reference server dates each list
      // by its own file: the other lists' stamps stayed) and the new story's detail.
      expect(run.stdout.match(/Last-Modified가 지난 스냅샷보다 늦어/g)).toHaveLength(1);
      expect(run.stdout).toMatch(/API 호출 15건/);
      const changed = readJson<ChangedRoutes>('changed-routes.json');
      expect(changed.added).toEqual(['/info/blog/hiring-9001', '/og/info/blog/hiring-9001.jpg']);
      // Besides its page and picture, the search files that posted its words went (deleted means gone).
      const searchFile = (route: string) => route.startsWith('/search-index/');
      expect(changed.removed.filter((route) => !searchFile(route))).toEqual([
        `/info/blog/${deletedId}`,
        `/og/info/blog/${deletedId}.jpg`,
      ]);
      expect(changed.removed.filter(searchFile).length).toBeGreaterThan(0);
      expect(existsSync(page(`info/blog/${deletedId}`))).toBe(false);
      expect(readFileSync(page('info/blog/hiring-9001'), 'utf8')).toContain('새로 올린 HR 이야기');
      expect(existsSync(page('info/blog/hr-9001'))).toBe(false);
      // The previous release is left as it was.
      expect(existsSync(join(bench.out, editedRelease, 'info/blog', deletedId, 'index.html'))).toBe(true);
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

      // The restarted server's Last-Modified for the FAQ (its file's time) moved.
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
      const upstream = await startServer({ contentDir: bench.contentDir, port: 0 });
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
    const upstream = await startServer({ contentDir: bench.contentDir, port: 0 });
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
});
