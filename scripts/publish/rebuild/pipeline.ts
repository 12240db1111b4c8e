/**
 * The rebuild's phases in order: snapshot → guard → change detection → build (from the
 * snapshot) → validation → changed routes → atomic publish, each in its own module. Returns how
 * the run ended; throws only for failures the caller reports (run.ts).
 */
import { join } from 'node:path';
import type { Progress } from '../lib/log.ts';
import { pausePoint } from '../lib/pause-point.ts';
import { MANIFEST_FILE } from '../lib/release.ts';
import type { RebuildOptions } from './args.ts';
import { reportToCi } from './ci-output.ts';
import type { OutputFolder } from './output-folder.ts';
import { guardFailure, snapshotCounts, type Counts } from './read/guard.ts';
import { readContent } from './read/read-content.ts';
import type { Snapshot } from './read/snapshot.ts';
import {
  buildRelease,
  listSome,
  previousSearchIndexRoot,
  type BuiltRelease,
} from './release/build-release.ts';
import { changeReason, contentDigest, type BuildDigests } from './release/change-detection.ts';
import { changedRoutes, releaseFiles } from './release/changed-files.ts';
import { codeDigest, configDigest } from './release/code-digest.ts';
import { readManifest, type ChangedRoutes, type ReleaseManifest } from './release/manifest.ts';
import { checkDynamicPages, dynamicRoutes, expectedRoutes, listPageFiles } from './release/routes.ts';
import { readHold, releaseHold } from './releases/hold.ts';
import { pruneAfterPublish, type pruneReleases } from './releases/prune-releases.ts';
import { publishRelease, type ReleaseRecords, type SwitchState } from './releases/publish.ts';
import { countsBaseline, currentRelease } from './releases/releases.ts';
import { unfinishedRollback } from './releases/rollback.ts';

export interface RunContext {
  /** The project root (where `astro.config.mjs` is). */
  root: string;
  /** The output folder (`--out`), named once by the caller. */
  folder: OutputFolder;
  apiUrl: string;
  progress: Progress;
  /** Clock for release names and the history. */
  now?: () => Date;
  /** The environment the build configuration is read from (default: `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Pruning after the switch (replaced in tests to make it fail). */
  prune?: typeof pruneReleases;
  /** Stops the run from outside (a signal to the CLI), like the deadline does. */
  signal?: AbortSignal;
  /** Called with the build's process group once it started (run.ts records it in the lock). */
  onBuildStart?: (pgid: number) => void;
}

/**
 * How a run ended; the CLI maps it to the exit code: 0 for published, unchanged, rolled back
 * and held; 1 for failed (current untouched); 3 for published with a later step failed.
 */
export type RunOutcome =
  'published' | 'unchanged' | 'rolled-back' | 'held' | 'failed' | 'published-with-errors';

/**
 * Runs the phases once (the caller holds the lock and the deadline). It is the run's table of
 * contents: each phase one call into its module, in the order they run; what a phase reports
 * is in the helpers below.
 */
export async function rebuildOnce(
  options: RebuildOptions,
  context: RunContext,
  state: SwitchState,
): Promise<RunOutcome> {
  const { root, folder, apiUrl, progress, prune, signal, onBuildStart } = context;
  const now = context.now ?? (() => new Date());
  const env = context.env ?? process.env;
  const warn = (message: string) => progress.step('경고', message);
  if (stillHeld(folder, options, progress, now)) return 'held';
  const published = currentRelease(folder);
  const previous = published ? readManifest(join(folder.current, MANIFEST_FILE), warn) : null;
  progress.step('준비', published ? `게시 중인 릴리스: ${published}` : '게시된 릴리스가 없습니다 (첫 빌드)');

  // 1. Snapshot: a poll reads the first pages and what changed on them; a sweep reads everything.
  const { snapshot, keepBase } = await readContent(options, { folder, apiUrl, progress, now, signal });

  // Guard: content that suddenly shrank never replaces a good site.
  const counts = snapshotCounts(snapshot);
  const baseline = countsBaseline(folder, previous, warn);
  if (refusedByGuard(counts, baseline, options, published !== null, progress)) return 'failed';

  // 2. Change detection: the content, code and configuration against the published release.
  const digests: BuildDigests = {
    content: contentDigest(snapshot),
    code: codeDigest(root),
    config: configDigest(env, apiUrl),
  };
  const reason = changeReason(previous, digests);
  if (reason === null && !options.force) {
    keepBase();
    reportUnchanged(snapshot, progress, now);
    return 'unchanged';
  }
  // A poll stays one line until something changed; from here on the run is worth reading.
  progress.reveal();
  progress.step('변경 감지', reason ?? '바뀐 것이 없지만 --force 로 빌드합니다');

  // 3. Build into the fixed staging folder, then validate. The routes it must write are listed
  // only now: they include the search index's files, which takes building the index in memory
  // (six seconds for an edit at 50 times our content), work a poll that changes nothing must not
  // do. The list is made while the build starts (build-release.ts); a page file the rebuild
  // does not know stops the run before.
  const pages = listPageFiles(join(root, 'src', 'pages'));
  checkDynamicPages(pages);
  const searchPrevious = previousSearchIndexRoot(folder);
  const built = await buildRelease({
    root,
    paths: folder,
    apiUrl,
    env,
    snapshot,
    routes: () => ({
      expected: expectedRoutes(snapshot, pages, searchPrevious),
      cacheable: new Set(dynamicRoutes(snapshot, pages, searchPrevious)),
    }),
    progress,
    verbose: options.verbose,
    signal,
    onBuildStart,
  });
  if (!built) return 'failed';
  pausePoint('built');

  // What the CDN must purge: the files that differ from the published release.
  const changed = changedRoutes(published ? folder.current : null, folder.staging);
  reportChangedRoutes(progress, changed);

  // 4–5. Record, move into place, switch; then prune.
  const records = releaseRecords({ apiUrl, digests, counts, built, changed, staging: folder.staging });
  publishRelease(folder, records, { progress, now, signal, onSwitched: keepBase }, state);
  const outcome = pruneAfterPublish(folder, options, { progress, now, prune });
  if (outcome === 'published') progress.step('완료', `${progress.elapsed().toFixed(1)}초`);
  return outcome;
}

/**
 * Lifts a rollback's hold with `--resume`; whether the output folder is still held, then
 * reported: why it publishes nothing, and how to go on.
 */
function stillHeld(
  folder: OutputFolder,
  options: RebuildOptions,
  progress: Progress,
  now: () => Date,
): boolean {
  if (options.resume && releaseHold(folder, now())) progress.step('준비', '되돌리기 후의 유지를 풀었습니다.');
  const hold = readHold(folder);
  if (!hold) return false;
  const unfinished = unfinishedRollback(folder);
  console.log(
    unfinished
      ? `되돌리기(→ ${unfinished})가 끝나지 않은 채 멈춰 있어 게시하지 않습니다. --rollback 으로 다시 실행해 마무리하거나 --resume 으로 유지를 풀어 주세요.`
      : `되돌린 릴리스(${hold.release})를 유지하는 중이라 게시하지 않습니다. 다시 게시하려면 --resume 으로 실행해 주세요.`,
  );
  reportToCi({ published: 'false' });
  return true;
}

/**
 * The shrinking-content guard (read/guard.ts) against the baseline release's counts: whether it
 * refuses the snapshot (each reason reported).
 */
function refusedByGuard(
  counts: Counts,
  baseline: ReleaseManifest | null,
  options: RebuildOptions,
  published: boolean,
  progress: Progress,
): boolean {
  const refusal = guardFailure(baseline?.counts, counts, {
    minRatio: options.minRatio,
    allowEmpty: options.allowEmpty,
    published,
  });
  for (const line of refusal) progress.fail(line);
  return refusal.length > 0;
}

/** Nothing changed: one line with the API calls it took (a quiet poll's only line, stamped). */
function reportUnchanged(snapshot: Snapshot, progress: Progress, now: () => Date): void {
  const calls = `API 호출 ${snapshot.requests}건${snapshot.notModified > 0 ? ` (304 ${snapshot.notModified}건)` : ''}`;
  if (progress.quiet) console.log(`${stamp(now())} 변경 없음 (${calls}, ${progress.elapsed().toFixed(1)}초)`);
  else console.log(`변경 사항이 없어 빌드하지 않습니다. (${calls})`);
  reportToCi({ published: 'false' });
}

/** `[2026-11-22 21:05:03]`, for the one line a quiet poll prints. */
function stamp(date: Date): string {
  return `[${date.toISOString().replace('T', ' ').slice(0, 19)}Z]`;
}

/** The routes that differ from the published release: how many of each, then the first of them. */
function reportChangedRoutes(progress: Progress, diff: ChangedRoutes): void {
  progress.step(
    '변경 감지',
    `게시된 릴리스와 다른 경로: 추가 ${diff.added.length}, 변경 ${diff.changed.length}, 삭제 ${diff.removed.length}`,
  );
  for (const [label, routes] of [
    ['추가', diff.added],
    ['변경', diff.changed],
    ['삭제', diff.removed],
  ] as const) {
    if (routes.length > 0) progress.step('변경 감지', `${label}${listSome(routes, 10)}`);
  }
}

/** The release's records: its manifest (but for its name and time) and its changed routes. */
function releaseRecords({
  apiUrl,
  digests,
  counts,
  built,
  changed,
  staging,
}: {
  apiUrl: string;
  digests: BuildDigests;
  counts: Counts;
  built: BuiltRelease;
  changed: ChangedRoutes;
  staging: string;
}): ReleaseRecords {
  return {
    manifest: {
      version: 3,
      apiUrl,
      codeDigest: digests.code,
      configDigest: digests.config,
      contentDigest: digests.content,
      files: releaseFiles(staging),
      counts,
      pages: built.pages,
      warnings: built.warnings,
    },
    changed: { ...changed, warnings: built.warnings },
  };
}
