/**
 * Phases 4–5: the release's records, then the atomic switch. The checked build moves from the
 * staging folder to `releases/<name>` with its `manifest.json` and `changed-routes.json`, and
 * `current` is switched to it (switch-current.ts). Old releases are pruned after, by the pipeline
 * (prune-releases.ts).
 *
 * Before the switch, the release's changed routes join `pending-purge.json`: from the moment the
 * new pages can be served, the CDN owes a purge of them, and that debt must outlive this run
 * whatever happens to the purge step after it (lib/pending-purge.ts).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Progress } from '../../lib/log.ts';
import { pausePoint } from '../../lib/pause-point.ts';
import { addPublishedRoutes, routesToPurge } from '../../lib/pending-purge.ts';
import { CHANGED_ROUTES_FILE, MANIFEST_FILE, newReleaseName } from '../../lib/release.ts';
import { reportToCi } from '../ci-output.ts';
import type { OutputFolder } from '../output-folder.ts';
import type { ChangedRoutesFile, ReleaseManifest } from '../release/manifest.ts';
import { currentRelease, listReleases } from './releases.ts';
import { switchCurrent } from './switch-current.ts';

/** Set once `current` moved, so a later failure is never reported as "current unchanged". */
export interface SwitchState {
  switched: string | null;
}

/** What the release carries beside its pages. */
export interface ReleaseRecords {
  /** The manifest but for the release's name and time, which are given here. */
  manifest: Omit<ReleaseManifest, 'release' | 'createdAt'>;
  changed: ChangedRoutesFile;
}

export interface PublishContext {
  progress: Progress;
  now: () => Date;
  /** Past the run's deadline nothing is published, even if the build just made it. */
  signal?: AbortSignal | undefined;
  /** Called once `current` moved (the snapshot becomes the next poll's base). */
  onSwitched(release: string): void;
}

/**
 * Publishes the staging folder of `folder`. Throws when `current` could not be switched, or when it moved but
 * recording it in the history failed (then `state.switched` is set: the run ends with exit 3).
 */
export function publishRelease(
  folder: OutputFolder,
  { manifest, changed }: ReleaseRecords,
  { progress, now, signal, onSwitched }: PublishContext,
  state: SwitchState,
): void {
  const release = newReleaseName(now(), listReleases(folder));
  const record: ReleaseManifest = { ...manifest, release, createdAt: now().toISOString() };
  writeFileSync(join(folder.staging, CHANGED_ROUTES_FILE), `${JSON.stringify(changed, null, 2)}\n`);
  writeFileSync(join(folder.staging, MANIFEST_FILE), `${JSON.stringify(record, null, 2)}\n`);
  signal?.throwIfAborted();
  mkdirSync(folder.releases, { recursive: true });
  renameSync(folder.staging, folder.release(release));
  addPublishedRoutes(folder.pendingPurge, {
    release,
    routes: routesToPurge(changed),
    publishedBefore: currentRelease(folder) !== null,
  });
  pausePoint('moved');
  const switched = switchCurrent(folder, release, 'publish', now());
  state.switched = release;
  // First thing after the switch: whatever fails next, CI must upload what is now current.
  reportToCi({ published: 'true', release });
  progress.step('게시', `current → releases/${release}`);
  onSwitched(release);
  pausePoint('switched');
  // `current` moved, but recording it failed: exit 3, and no pruning by an incomplete history.
  if (switched.error) throw switched.error;
}
