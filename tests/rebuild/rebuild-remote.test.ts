// @vitest-environment node
/**
 * The nightly rebuild end to end against an API that behaves like one across the internet: the
 * reference content server with latency, a share of 503 answers and a rate limit, on a temporary
 * copy of the content, with the CLI's output in a temporary folder.
 *
 * Its own work folder and server, so that it runs beside rebuild.test.ts and
 * rebuild-safety.test.ts. The steps run in order: the first one (`--full`) is the folder's first
 * release and its one full build; the polls and the edit compare with it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildBench, STEP_TIMEOUT } from './rebuild-bench.ts';

const bench = rebuildBench('rebuild-remote-test-');
const { rebuild, restartApi, page, editFirstStoryTitle } = bench;

describe('npm run rebuild', () => {
  describe('against an API across the internet: 100 ms a call, 2 % answered 503, at most 20 calls a second', () => {
    beforeAll(async () => {
      bench.remote = { latencyMs: 100, failShare: 0.02, rateLimit: 20, seed: 7 };
      await restartApi();
    });
    afterAll(async () => {
      bench.remote = null;
      await restartApi();
    });

    it('reads the whole API without failing', { timeout: STEP_TIMEOUT }, async () => {
      bench.api!.resetStats();
      const run = await rebuild('--full');
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toContain('API 전체를 읽습니다 (--full)');
      // The faults were there, and were ridden out.
      expect(bench.api!.stats().failed).toBeGreaterThan(0);
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
      const { id, run } = await editFirstStoryTitle('(원격 수정)');
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(readFileSync(page(`info/blog/${id}`), 'utf8')).toContain('(원격 수정)');
    });
  });
});
