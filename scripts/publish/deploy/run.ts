/**
 * One deploy of a release to a host (host.ts describes the folder there), in an order that
 * never shows a visitor a page whose files are missing:
 *
 * 1. read the release here and the deploy folder there, taking the host's lock; a host that holds
 *    another release (`hold.json`, left by `--hold`) stops the deploy here, unchanged (exit 4),
 *    unless `--resume` lifts the hold; `--hold` writes it, before anything is uploaded;
 * 2. upload its hashed files into the pool, beside every earlier one (never over one: a file of
 *    the same name with other content stops the deploy);
 * 3. upload its pages into `releases/.partial-<id>`, hard-linking the files the live release has
 *    unchanged, and rename it to `releases/<id>` once complete;
 * 4. switch `current` to it in one rename;
 * 5. append the deploy to deploys.jsonl;
 * 6. prune what no recent release needs (prune.ts).
 *
 * A failure up to 4 leaves the live site as it was (exit 1); after 4 the site is live and a
 * failure is reported as such (exit 3), as `npm run rebuild` does.
 *
 * The hold lives on the host, not with whoever deploys: a publish run that started before a
 * rollback, or one that never saw it, still cannot replace the release rolled back to. It is
 * written before the switch, so a `--hold` deploy killed half-way holds all the same (the next
 * plain deploy refuses; running the `--hold` deploy again finishes it).
 */
import type { Progress } from '../lib/log.ts';
import { pausePoint } from '../lib/pause-point.ts';
import { HOST_PATHS, releasePath } from './host-paths.ts';
import { LOCK_LOST_EXIT, LOCK_REFRESH_MS, newLockOwner, refreshScript, unlockScript } from './lock.ts';
import { lastLines } from './shell.ts';
import {
  applyHold,
  inspectHost,
  pruneHost,
  readLocalRelease,
  recordDeploy,
  switchLive,
  uploadAssets,
  uploadPages,
  type DeployRun,
  type LockEvents,
} from './steps.ts';
import { transportFor, type Target, type Transport } from './target.ts';

export interface DeployOptions {
  /** The release folder to deploy (`out/current`). */
  from: string;
  target: Target;
  /** Days a deployed release's pages and hashed files are kept after it stopped being live. */
  keepDays: number;
  /** Print the plan, change nothing. */
  dryRun: boolean;
  /** The ssh command line (remote targets). */
  ssh: string;
  /** `hold`: hold this release on the host (a rollback); `resume`: lift the host's hold first. */
  hold?: 'hold' | 'resume' | null;
}

export interface DeployContext {
  progress: Progress;
  /** `_headers` to read the hashed folders from when the release has none (public/_headers). */
  fallbackHeaders: string;
  /** The clock: the record's time and pruning's "now" (tests move it forward). */
  now?: () => Date;
  /** Stops the uploads (Ctrl-C); the switch and the steps after it always run to their end. */
  signal?: AbortSignal;
}

/**
 * How a deploy ended: 0 deployed (or already live, or planned), 1 failed with the live site
 * untouched, 3 switched but a later step failed, 4 not deployed because the host holds another
 * release (nothing changed).
 */
export type DeployOutcome =
  'deployed' | 'already-live' | 'planned' | 'failed' | 'deployed-with-errors' | 'held';

export const EXIT_CODES: Record<DeployOutcome, number> = {
  deployed: 0,
  'already-live': 0,
  planned: 0,
  failed: 1,
  'deployed-with-errors': 3,
  held: 4,
};

/**
 * Refreshes the host's lock every `every` ms while the deploy runs, so its age stays that of a
 * live deploy through long uploads; `onLost` when the lock turned out to be another deploy's.
 * A refresh that fails otherwise (a dropped connection) is left to the next one, and to the
 * check each changing step makes itself.
 */
export function keepLockFresh(
  transport: Transport,
  root: string,
  lockOwner: string,
  onLost: (detail: string) => void,
  every = LOCK_REFRESH_MS,
): { stop(): void } {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void transport
      .shell(refreshScript(root, lockOwner))
      .then((result) => {
        if (result.code !== LOCK_LOST_EXIT) return;
        clearInterval(timer);
        onLost(lastLines(result.stderr) || '출력 없음');
      })
      .finally(() => (busy = false));
  }, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Runs one deploy. Never throws: failures are reported and returned. */
export async function runDeploy(options: DeployOptions, context: DeployContext): Promise<DeployOutcome> {
  const { progress } = context;
  const now = context.now ?? (() => new Date());
  const transport = transportFor(options.target, options.ssh);
  const lockOwner = options.dryRun ? null : newLockOwner();
  // 'maybe' from the moment the script that takes the lock starts: stopped (Ctrl-C, SIGTERM,
  // the deadline) before its answer arrived, the deploy may hold the lock all the same, and the
  // unlock script removes it only if its owner line is ours.
  let locked: 'no' | 'maybe' | 'yes' = 'no';
  let switched: string | null = null;
  let lost: string | null = null;
  let refresher: { stop(): void } | null = null;
  // A lost lock stops the uploads as Ctrl-C does; the steps that change the host check it themselves.
  const onLoss = new AbortController();
  const signal = context.signal ? AbortSignal.any([context.signal, onLoss.signal]) : onLoss.signal;
  let outcome: DeployOutcome;
  try {
    outcome = await deploy(options, { ...context, signal }, transport, now, lockOwner, {
      onLocking: () => (locked = 'maybe'),
      onLocked: (held) => {
        locked = held ? 'yes' : 'no';
        if (held && lockOwner && refresher === null)
          refresher = keepLockFresh(transport, options.target.path, lockOwner, (detail) => {
            lost = detail;
            onLoss.abort();
          });
      },
      onSwitched: (id) => (switched = id),
    });
  } catch (error) {
    if (lost !== null) progress.fail(`배포 잠금을 다른 배포가 넘겨받았습니다 (${lost}): 이 배포는 멈춥니다.`);
    progress.fail(error instanceof Error ? error.message : String(error));
    outcome = reportFailure(progress, transport, switched);
  } finally {
    (refresher as { stop(): void } | null)?.stop();
  }
  if (locked !== 'no' && lockOwner)
    outcome = await releaseLock(
      { transport, progress, root: options.target.path, lockOwner, locked },
      outcome,
    );
  if (outcome !== 'failed' && outcome !== 'deployed-with-errors' && outcome !== 'held')
    progress.step('완료', `${progress.elapsed().toFixed(1)}초`);
  return outcome;
}

/** What a failure means for the live site: switched already (exit 3) or untouched (exit 1). */
function reportFailure(progress: Progress, transport: Transport, switched: string | null): DeployOutcome {
  if (switched) {
    progress.fail(`게시는 완료되었습니다 (current → ${releasePath(switched)}). 그 뒤 단계가 실패했습니다.`);
    return 'deployed-with-errors';
  }
  progress.fail(`게시된 사이트(${transport.label}의 current)는 바뀌지 않았습니다.`);
  return 'failed';
}

/** Releases the host's lock if it is still ours; a failure to do so makes a deploy exit 3. */
async function releaseLock(
  {
    transport,
    progress,
    root,
    lockOwner,
    locked,
  }: { transport: Transport; progress: Progress; root: string; lockOwner: string; locked: 'maybe' | 'yes' },
  outcome: DeployOutcome,
): Promise<DeployOutcome> {
  const result = await transport.shell(unlockScript(root, lockOwner));
  if (result.code === 0 || (locked === 'maybe' && result.code === 3)) return outcome;
  progress.fail(
    `배포 잠금(${HOST_PATHS.lock})을 풀지 못했습니다 (코드 ${result.code}${result.code === 3 ? ': 다른 배포의 잠금으로 바뀌어 있습니다' : ''}). ` +
      '다른 배포가 없다면 그 폴더를 지워 주세요.',
  );
  return outcome === 'deployed' || outcome === 'already-live' ? 'deployed-with-errors' : outcome;
}

async function deploy(
  options: DeployOptions,
  context: DeployContext,
  transport: Transport,
  now: () => Date,
  lockOwner: string | null,
  events: LockEvents & { onSwitched(id: string): void },
): Promise<DeployOutcome> {
  const run: DeployRun = {
    options,
    transport,
    root: options.target.path,
    dry: options.dryRun ? '(예정) ' : '',
    progress: context.progress,
    now,
    signal: context.signal,
    lockOwner,
  };
  const { release, folders } = readLocalRelease(run, context.fallbackHeaders);
  const state = await inspectHost(run, lockOwner, events);
  pausePoint('deploy-locked');
  if (!(await applyHold(run, state, release))) return 'held';
  const fresh = await uploadAssets(run, state, release);
  const live = state.current === release.id;
  if (live) {
    run.progress.step('페이지', `${release.id}는 이미 게시 중입니다: 업로드와 전환을 건너뜁니다`);
  } else {
    await uploadPages(run, state, release, folders);
    await switchLive(run, state, release, events.onSwitched);
  }
  const at = now();
  const records = await recordDeploy(run, state, release, live, at);
  await pruneHost(run, state, { release, fresh, live, at, records });
  if (options.dryRun) {
    run.progress.step('예정', '--dry-run: 호스트에서 바꾼 것은 없습니다.');
    return 'planned';
  }
  return live ? 'already-live' : 'deployed';
}
