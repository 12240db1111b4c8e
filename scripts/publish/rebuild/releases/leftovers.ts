/**
 * What a killed run leaves in the output folder, removed by the next run once it holds the lock
 * (nothing else writes there then):
 * - `.build`, `.snapshot.json` and `.search-index*.json`: the build in progress, its snapshot and
 *   its search index (a named pipe, and the file sent through it);
 * - `.current-*`: the new `current` link before its rename;
 * - `*.tmp-*`: a history or hold file before its rename (lib/durable.ts);
 * - `.rebuild.lock.stale-*`: a lock set aside by a take-over or release, before its removal;
 * - `api/*.tmp`: the poll's base snapshot or the API answers before their rename;
 * - in `releases/`: hidden folders, and releases that are no longer complete (a prune killed
 *   while deleting one) unless `current` or a rollback's hold names them. A complete release
 *   is kept even if it never became current (killed between its move and the switch): it is
 *   whole, and pruning counts it like any other.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { OutputFolder } from '../output-folder.ts';
import { readHold } from './hold.ts';
import { currentRelease, listReleases, releaseProblems } from './releases.ts';

/** A lock set aside this recently may still be checked by the take-over that moved it. */
const TOMBSTONE_GRACE_MS = 60_000;

/** Removes a killed run's leftovers from the folder; returns what was removed (paths relative to it). */
export function removeLeftovers(paths: OutputFolder, now = Date.now()): string[] {
  const out = paths.root;
  const removed: string[] = [];
  const remove = (path: string) => {
    rmSync(path, { recursive: true, force: true });
    removed.push(path.slice(out.length + 1));
  };
  const searchIndexFiles = [paths.searchIndex, `${paths.searchIndex}.plain`, paths.searchIndexMade];
  for (const path of [paths.staging, paths.snapshot, ...searchIndexFiles]) if (existsSync(path)) remove(path);
  const lockName = basename(paths.lock);
  for (const name of readdirSync(out)) {
    const path = join(out, name);
    if (name.startsWith('.current-') || /\.tmp-\d+$/.test(name)) remove(path);
    else if (name.startsWith(`${lockName}.stale-`)) {
      let age = Infinity;
      try {
        age = Math.abs(now - statSync(path).mtimeMs);
      } catch {
        // Gone meanwhile.
      }
      if (age > TOMBSTONE_GRACE_MS) remove(path);
    }
  }
  const api = paths.api.dir;
  if (existsSync(api)) {
    for (const name of readdirSync(api)) if (name.endsWith('.tmp')) remove(join(api, name));
  }
  if (existsSync(paths.releases)) {
    for (const name of readdirSync(paths.releases)) {
      if (name.startsWith('.')) remove(join(paths.releases, name));
    }
    const kept = new Set([currentRelease(paths), readHold(paths)?.release]);
    for (const name of listReleases(paths)) {
      if (!kept.has(name) && releaseProblems(paths, name).length > 0) remove(paths.release(name));
    }
  }
  return removed;
}
