/**
 * The browser suites' sites built ahead of them, beside the whole-run tests: those wait on
 * servers, pauses and kills for about a third of their time, an idle core the two builds fill,
 * so Playwright and the engines' suite start on a built site (`start.ts --no-build`) instead of
 * building one each first. A build that fails leaves its suite to build as before.
 */
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../lib/processes.ts';

export interface Prebuild {
  label: string;
  /** Resolves to whether the site is built (its suite may then skip the build). */
  done: Promise<boolean>;
}

/** Starts `node scripts/start.ts --build-only` with the suite's own environment; its output goes to a log. */
export function startPrebuild(root: string, label: string, env: Record<string, string>): Prebuild {
  const logs = join(root, '.cache', 'test-run');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `${label}-build.log`);
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const done = run(process.execPath, ['scripts/start.ts', '--build-only'], {
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
  return { label, done };
}
