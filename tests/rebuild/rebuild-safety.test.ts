// @vitest-environment node
/**
 * The nightly rebuild end to end, what must not publish or must publish safely: the deadline, the
 * shrink guard, a failing API or build leaving `current` as it was byte for byte, the build
 * rendering the snapshot it checked, a configuration change, and `--rollback`. The CLI runs as a
 * child process against the reference content server on a temporary copy of the content, with
 * its output in a temporary folder.
 *
 * Its own work folder, server and first release (beforeAll), so that it runs beside
 * rebuild.test.ts and rebuild-remote.test.ts. The steps build on each other, so they run in
 * order in one file. Four full builds: the first release; the first build after the deadline step
 * (it removes Astro's page manifest, as a killed build may); the SITE_URL change, which every page
 * shows; and `--resume`, back to the old SITE_URL. The others are incremental or stop before
 * `astro build`.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/content-api/server.ts';
import { parseRebuildArgs } from '../../scripts/publish/rebuild/args.ts';
import { createProgress } from '../../scripts/publish/lib/log.ts';
import { outputFolder } from '../../scripts/publish/rebuild/output-folder.ts';
import { EXIT_CODES, runRebuild } from '../../scripts/publish/rebuild/run.ts';
import { rebuildBench, root, STEP_TIMEOUT } from './rebuild-bench.ts';

const bench = rebuildBench('rebuild-safety-test-');
const {
  hrFile,
  readHr,
  writeHr,
  apiUrl,
  restartApi,
  stopApi,
  startFake,
  rebuild,
  rebuildWithEnv,
  current,
  releases,
  currentTarget,
  page,
  publishedState,
  editFirstStoryTitle,
} = bench;

describe('npm run rebuild', () => {
  beforeAll(async () => {
    // The first release, as rebuild.test.ts publishes it.
    const first = await rebuild();
    expect(first.code, first.stderr + first.stdout).toBe(0);
    // Then one story of the HR list's first page edited and published, as the remote steps
    // (rebuild-remote.test.ts) did before these when all was one file: the last successful run
    // before the snapshot step is then a poll of the same kind (every list read page by page, one
    // detail), and that step lets exactly as many calls through to the real API.
    const { run: edited } = await editFirstStoryTitle('(원격 수정)');
    expect(edited.code, edited.stderr + edited.stdout).toBe(0);
  }, STEP_TIMEOUT * 2);

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
      expect(existsSync(join(bench.out, '.rebuild.lock'))).toBe(false);
      // A build still running at the deadline is killed with everything it started. Without
      // Astro's page manifest the build renders every page, far longer than the deadline.
      await restartApi();
      rmSync(join(bench.out, 'cache', 'incremental-build.json'), { force: true });
      const killed = await rebuild('--force', '--deadline', '6s');
      expect(killed.code).toBe(1);
      expect(killed.stdout).toContain('astro build 실행 중');
      expect(killed.stderr).toContain('실행 제한 시간');
      expect(existsSync(join(bench.out, '.build'))).toBe(false);
      expect(existsSync(join(bench.out, '.rebuild.lock'))).toBe(false);
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
      expect(existsSync(join(bench.out, '.build'))).toBe(false);
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
      const upstream = await startServer({ contentDir: bench.contentDir, port: 0 });
      const hr = readHr();
      const story = hr.items[0]!;
      let calls = 0;
      try {
        await startFake(() => {
          calls++;
          if (calls <= bench.lastSnapshotCalls) return 'proxy';
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
      const options = parseRebuildArgs(['--out', bench.out], root);
      if (options === 'help') throw new Error('help');
      const outcome = await runRebuild(options, {
        root,
        folder: outputFolder(bench.out),
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
      expect(readFileSync(join(bench.out, 'history.jsonl'), 'utf8')).toContain('"action":"rollback"');

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
