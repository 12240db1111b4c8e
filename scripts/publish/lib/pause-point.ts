/**
 * Named moments of a run where tests/rebuild/crash.test.ts kills it. With
 * `REBUILD_PAUSE_AT=<name>` in the environment, a run reaching that moment writes
 * `[pause] <name>` to stderr and stops there (blocking, up to ten minutes) for the test to kill
 * it; without it, nothing happens. Moments of a rebuild: `locked`, `built`, `moved`, `switched`;
 * of a deploy (scripts/publish/deploy/run.ts): `deploy-locked`, `deploy-assets`, `deploy-pages`,
 * `deploy-switched`.
 */
import { writeSync } from 'node:fs';

export const PAUSE_ENV = 'REBUILD_PAUSE_AT';

export function pausePoint(name: string): void {
  if (process.env[PAUSE_ENV] !== name) return;
  writeSync(2, `[pause] ${name}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600_000);
}
