/**
 * One run of the nightly rebuild (or of a rollback): the lock, the deadline, and how the run
 * ended. The phases themselves are pipeline.ts. Any failure before the switch leaves `current`
 * exactly as it was; a failure after it is reported as such, with its own exit code.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { processStart } from '../lib/lock-owner.ts';
import { pausePoint } from '../lib/pause-point.ts';
import { killGroupSync } from '../lib/process-groups.ts';
import type { RebuildOptions } from './args.ts';
import { reportToCi } from './ci-output.ts';
import { acquireLock, type Lock } from './lock.ts';
import { rebuildOnce, type RunContext, type RunOutcome } from './pipeline.ts';
import { removeLeftovers } from './releases/leftovers.ts';
import type { SwitchState } from './releases/publish.ts';
import { rollback } from './releases/rollback.ts';

export type { RunContext, RunOutcome };

/** Exit code of each outcome. */
export const EXIT_CODES: Record<RunOutcome, number> = {
  published: 0,
  unchanged: 0,
  'rolled-back': 0,
  held: 0,
  failed: 1,
  'published-with-errors': 3,
};

/** Runs the rebuild (or the rollback) once. Never throws: failures are reported and returned. */
export async function runRebuild(options: RebuildOptions, context: RunContext): Promise<RunOutcome> {
  const { folder, progress } = context;
  const state: SwitchState = { switched: null };
  let lock: Lock | undefined;
  let build: StartedBuild | null = null;
  let outcome: RunOutcome;
  // The deadline: a hung API, build or share picture must not hold the lock forever.
  const deadline = new AbortController();
  const timer =
    options.deadlineMs > 0
      ? setTimeout(() => deadline.abort(new DeadlineError(options.deadlineMs)), options.deadlineMs)
      : undefined;
  const stopFromOutside = () => deadline.abort(new Error('실행이 중단되었습니다.'));
  context.signal?.addEventListener('abort', stopFromOutside, { once: true });
  const expired = rejectOnAbort(deadline.signal);
  try {
    mkdirSync(folder.root, { recursive: true });
    lock = acquireLock(folder.lock);
    const held = lock;
    const removed = removeLeftovers(folder);
    if (removed.length > 0) progress.step('준비', `멈춘 실행이 남긴 것을 지웠습니다: ${removed.join(', ')}`);
    pausePoint('locked');
    if (options.rollback) {
      outcome = rollBackAndHold(context, state);
    } else {
      // Never past the deadline, whatever step hangs; the build is killed by the same signal.
      outcome = await Promise.race([
        rebuildOnce(
          options,
          {
            ...context,
            signal: deadline.signal,
            onBuildStart: (pgid) => {
              build = { pgid, start: processStart(pgid) };
              held.recordBuild(pgid);
            },
          },
          state,
        ),
        expired,
      ]);
    }
  } catch (error) {
    progress.fail(error instanceof Error ? error.message : String(error));
    if (state.switched) {
      progress.fail(`게시는 완료되었습니다 (current → ${state.switched}). 그 뒤 단계가 실패했습니다.`);
      outcome = 'published-with-errors';
    } else {
      if (!options.rollback) progress.fail('게시된 사이트(current)는 바뀌지 않았습니다.');
      outcome = 'failed';
    }
  }
  clearTimeout(timer);
  context.signal?.removeEventListener('abort', stopFromOutside);
  if (deadline.signal.aborted) stopAfterDeadline(context, build, state);
  if (lock && !lock.release()) {
    progress.fail('잠금이 이미 다른 실행으로 넘어가 있어 풀지 않았습니다.');
  }
  return outcome;
}

/** A promise that rejects with the signal's reason once it aborts (and is never unhandled). */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  aborted.catch(() => {});
  return aborted;
}

/** The build's process group, as recorded in the lock. */
interface StartedBuild {
  pgid: number;
  start: string | null;
}

/** `--rollback`: `current` back to the release before, held there. */
function rollBackAndHold({ folder, progress, now }: RunContext, state: SwitchState): RunOutcome {
  const { from, to, skipped, error } = rollback(folder, (now ?? (() => new Date()))());
  state.switched = to;
  for (const line of skipped) progress.step('되돌리기', `건너뜀 (온전하지 않음): ${line}`);
  progress.step('되돌리기', `current: ${from} → ${to}`);
  progress.step(
    '되돌리기',
    '다음 실행부터 이 릴리스를 유지합니다. 다시 게시하려면 --resume 으로 실행해 주세요.',
  );
  reportToCi({ published: 'true', release: to });
  // `current` moved, but recording it failed: reported as such (exit 3) by the caller's catch.
  if (error) throw error;
  return 'rolled-back';
}

/**
 * After the deadline the run stops without waiting for the step it was in; its build (killed by
 * the abort) must be gone before the folder is cleaned and the lock released, or it could still
 * write under the next run.
 */
function stopAfterDeadline(
  { folder, progress }: RunContext,
  build: StartedBuild | null,
  state: SwitchState,
): void {
  if (build && !killGroupSync(build.pgid, build.start)) {
    progress.fail(`빌드 프로세스(그룹 ${build.pgid})가 끝나지 않았습니다.`);
  }
  // Whatever the step was doing, nothing of it may be published later.
  if (!state.switched) rmSync(folder.staging, { recursive: true, force: true });
}

/** The run's time limit was reached. */
class DeadlineError extends Error {
  constructor(ms: number) {
    const limit = ms >= 60_000 ? `${Math.round(ms / 60_000)}분` : `${Math.round(ms / 1000)}초`;
    super(`실행 제한 시간(${limit})이 지나 멈췄습니다. 진행 중이던 API 읽기나 빌드를 중단했습니다.`);
    this.name = 'DeadlineError';
  }
}
