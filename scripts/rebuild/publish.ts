/**
 * Phases 4–5: the release's records, then the atomic switch. The checked build moves from the
 * staging folder to `releases/<name>` with its `manifest.json` and `changed-routes.json`, and
 * `current` is switched to it (releases.ts); old releases are pruned after.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportToCi } from './ci-output.ts';
import type { Progress } from './log.ts';
import { pausePoint } from './pause-point.ts';
import {
  CHANGED_ROUTES_FILE,
  MANIFEST_FILE,
  type ChangedRoutesFile,
  type ReleaseManifest,
} from './manifest.ts';
import { layout, listReleases, newReleaseName, pruneReleases, switchCurrent } from './releases.ts';

/** Set once `current` moved, so a later failure is never reported as "current unchanged". */
export interface SwitchState {
  switched: string | null;
}

export interface PublishOptions {
  out: string;
  /** The manifest but for the release's name and time, which are given here. */
  manifest: Omit<ReleaseManifest, 'release' | 'createdAt'>;
  changed: ChangedRoutesFile;
  /** How many releases to keep. */
  keep: number;
  /** Releases current within these days are kept too. */
  keepDays: number;
  progress: Progress;
  now: () => Date;
  /** Pruning after the switch (replaced in tests to make it fail). */
  prune?: typeof pruneReleases | undefined;
  /** Past the run's deadline nothing is published, even if the build just made it. */
  signal?: AbortSignal | undefined;
  /** Called once `current` moved (the snapshot becomes the next poll's base). */
  onSwitched(release: string): void;
}

/**
 * Publishes the staging folder. Throws when `current` could not be switched, or when it moved but
 * recording it in the history failed (then `state.switched` is set: the run ends with exit 3).
 */
export function publishRelease(
  {
    out,
    manifest,
    changed,
    keep,
    keepDays,
    progress,
    now,
    prune = pruneReleases,
    signal,
    onSwitched,
  }: PublishOptions,
  state: SwitchState,
): 'published' | 'published-with-errors' {
  const paths = layout(out);
  const release = newReleaseName(now(), listReleases(out));
  const record: ReleaseManifest = { ...manifest, release, createdAt: now().toISOString() };
  writeFileSync(join(paths.staging, CHANGED_ROUTES_FILE), `${JSON.stringify(changed, null, 2)}\n`);
  writeFileSync(join(paths.staging, MANIFEST_FILE), `${JSON.stringify(record, null, 2)}\n`);
  signal?.throwIfAborted();
  mkdirSync(paths.releases, { recursive: true });
  renameSync(paths.staging, join(paths.releases, release));
  pausePoint('moved');
  const switched = switchCurrent(out, release, 'publish', now());
  state.switched = release;
  // First thing after the switch: whatever fails next, CI must upload what is now current.
  reportToCi({ published: 'true', release });
  progress.step('게시', `current → releases/${release}`);
  onSwitched(release);
  pausePoint('switched');
  // `current` moved, but recording it failed: exit 3, and no pruning by an incomplete history.
  if (switched.error) throw switched.error;
  let pruned: string[];
  try {
    pruned = prune(out, keep, keepDays, now());
  } catch (error) {
    progress.fail(
      `게시는 완료되었습니다. 오래된 릴리스 정리에 실패했습니다: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'published-with-errors';
  }
  if (pruned.length > 0) progress.step('게시', `오래된 릴리스 ${pruned.length}개 삭제: ${pruned.join(', ')}`);
  return 'published';
}
