/**
 * Playwright's site built ahead of it, beside the whole-run tests, so that Playwright starts on a
 * built site (`start.ts --no-build`). On two busy cores that only moves the build's time from one
 * step to the other; with more cores it is a saving. A build that fails leaves Playwright to
 * build as before.
 */
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../lib/processes.ts';

/**
 * Starts `node scripts/start.ts --build-only` with the suite's own environment, its output to a
 * log; resolves to whether the site is built (the suite may then skip its build).
 */
export function startPrebuild(root: string, label: string, env: Record<string, string>): Promise<boolean> {
  const logs = join(root, '.cache', 'test-run');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `${label}-build.log`);
  const log = openSync(logFile, 'w');
  const started = performance.now();
  return run(process.execPath, ['scripts/start.ts', '--build-only'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  }).then((code) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (code === 0) console.log(`\n◇ ${label} 사이트를 미리 빌드했습니다 (${seconds}초).`);
    else
      console.log(
        `\n◇ ${label} 사이트를 미리 빌드하지 못했습니다 (코드 ${code}, ${logFile}): 그 단계에서 다시 빌드합니다.`,
      );
    return code === 0;
  });
}
