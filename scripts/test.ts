/**
 * `npm test`: makes sure the Debian packages the suites need are installed (test-run/packages.ts),
 * then runs every suite one after another (test-run/steps.ts), each timed in the closing summary:
 * astro check, ESLint, Prettier, the unit tests (src/, scripts/), the whole-run tests (tests/: the
 * rebuild's CLI, deploys onto nginx and Cloudflare, the docs, the import rules), the end-to-end
 * tests (Playwright, Chromium at 1440 and 390 px), the cross-engine suite (WebKit, Firefox).
 *
 * `npm run check` (`--quick`) runs the first four steps alone: the inner loop, a few minutes.
 *
 * astro check syncs the content collections, which fetch from the content API, so the
 * reference server runs for that step on its own port (TEST_CHECK_API_PORT, 8791); the other
 * suites start their own servers on ports of their own.
 *
 * Hermetic: the caller's PUBLIC_CONTENT_API_URL and SITE_URL (a production build's settings)
 * are dropped here, and every server the suites start gets explicit values (scripts/lib/test-env.ts).
 */
import { fileURLToPath } from 'node:url';
import { startChild, waitForUrl } from './lib/processes.ts';
import {
  BUILD_TARGET_VARIABLES,
  DEFAULT_SITE_URL,
  siteServerEnv,
  TEST_API_PORT,
  TEST_CHROMIUM_PATH,
  TEST_SITE_PORT,
} from './lib/test-env.ts';
import { ensurePackages } from './test-run/packages.ts';
import { startPrebuild } from './test-run/prebuild.ts';
import { runSteps, summary, type Step } from './test-run/steps.ts';

for (const name of BUILD_TARGET_VARIABLES) delete process.env[name];

const root = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
const checkApiUrl = `http://127.0.0.1:${Number(process.env.TEST_CHECK_API_PORT ?? 8791)}`;

/** The reference content server for astro check's content sync, stopped after it. */
async function checkApi(): Promise<() => void> {
  const api = startChild(
    process.execPath,
    ['scripts/content-api/cli.ts', '--port', new URL(checkApiUrl).port, '--host', '127.0.0.1'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForUrl(`${checkApiUrl}/health`, 30_000, api);
  return () => api.kill('SIGTERM');
}

const checks: Step[] = [
  {
    label: 'astro check',
    command: 'astro',
    args: ['check'],
    env: { PUBLIC_CONTENT_API_URL: checkApiUrl, SITE_URL: DEFAULT_SITE_URL },
    around: checkApi,
  },
  { label: '린트 (ESLint)', command: 'eslint', args: ['.', '--max-warnings', '0'] },
  { label: '서식 (Prettier)', command: 'prettier', args: ['--check', '.'] },
  // Two workers: vitest's default on two cores is one, and most of these files wait on I/O.
  {
    label: '단위 테스트 (vitest: src, scripts)',
    command: 'vitest',
    args: ['run', 'src/', 'scripts/', '--maxWorkers', '2'],
  },
];

/** Playwright's site, built beside the whole-run tests (test-run/prebuild.ts). */
let endToEndSite: Promise<boolean> | undefined;

const wholeRuns: Step = {
  // Two files at a time: their builds write into test folders inside the project
  // (tests/support/publish-run.ts, makeTestFolder), each with its own server chunks.
  label: '통합 테스트 (vitest: tests)',
  command: 'vitest',
  args: ['run', 'tests/', '--maxWorkers', '2'],
  around: async () => {
    endToEndSite = startPrebuild(
      root,
      'playwright',
      siteServerEnv({ apiPort: TEST_API_PORT, sitePort: TEST_SITE_PORT }),
    );
    return () => undefined;
  },
};
const endToEnd: Step = {
  label: '종단 간 테스트 (Playwright)',
  command: 'playwright',
  args: ['test'],
  prepare: async () => ((await endToEndSite) ? { TEST_SITE_PREBUILT: '1' } : {}),
};
const engines: Step = {
  label: '여러 엔진 테스트 (WebKit, Firefox)',
  command: 'vitest',
  args: ['run', '--config', 'vitest.engines.config.ts'],
};

if (!(await ensurePackages(TEST_CHROMIUM_PATH))) process.exit(1);
const started = performance.now();
const results = await runSteps(quick ? checks : [...checks, wholeRuns, endToEnd, engines], root);
for (const line of summary(results, (performance.now() - started) / 1000)) console.log(line);
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
  console.error(`\n✖ 실패: ${failed.map((result) => result.label).join(', ')}`);
  process.exit(failed[0]!.code);
}
console.log(quick ? '\n✔ 빠른 검사를 통과했습니다.' : '\n✔ 모든 테스트를 통과했습니다.');
