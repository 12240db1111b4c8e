/**
 * Rollback: `current` back to the release before it, held there until `--resume`.
 *
 * A rollback writes the hold (naming the release it goes back to) *before* it switches: killed
 * in between, it leaves a hold whose release is not current. That means "rolled back halfway":
 * runs publish nothing, exactly as for any hold, so the release rolled back from is never
 * published again by the next night (it stays current until someone acts, and the rollback
 * command failed visibly); the next `--rollback` finishes the switch to the hold's release
 * (`unfinishedRollback`), and `--resume` lifts the hold as usual.
 */
import { existsSync } from 'node:fs';
import { writeFileDurable } from '../../lib/durable.ts';
import type { OutputFolder } from '../output-folder.ts';
import { readHistory } from './history.ts';
import { readHold } from './hold.ts';
import { currentRelease, listReleases, ReleaseError, releaseProblems } from './releases.ts';
import { switchCurrent } from './switch-current.ts';

/**
 * The release a rollback from `from` returns to: the one that was current before it, skipping
 * releases that a rollback already moved away from (unless published again since) and any
 * that are no longer complete.
 */
export function rollbackTarget(folder: OutputFolder, from: string): { to: string | null; skipped: string[] } {
  const history = readHistory(folder);
  const rejected = new Set<string>();
  for (const entry of history) {
    if (entry.action === 'rollback' && entry.from) rejected.add(entry.from);
    if (entry.action === 'publish') rejected.delete(entry.release);
  }
  // The hold remembers the release rolled back from even when the history missed that line.
  const heldFrom = readHold(folder)?.from;
  if (heldFrom) rejected.add(heldFrom);
  const candidates: string[] = [];
  for (const entry of [...history].reverse()) {
    for (const name of [entry.release, entry.from]) {
      if (name && name !== from && !rejected.has(name) && !candidates.includes(name)) candidates.push(name);
    }
  }
  // Releases from before the history existed, newest name first.
  for (const name of listReleases(folder).reverse()) {
    if (name !== from && !rejected.has(name) && !candidates.includes(name) && name < from)
      candidates.push(name);
  }
  const skipped: string[] = [];
  for (const name of candidates) {
    if (!existsSync(folder.release(name))) continue;
    const problems = releaseProblems(folder, name);
    if (problems.length === 0) return { to: name, skipped };
    skipped.push(`${name}: ${problems.join(', ')}`);
  }
  return { to: null, skipped };
}

/**
 * The release a rollback was switching to when it stopped (its hold written, `current` still
 * the release it rolled back from), or `null`.
 */
export function unfinishedRollback(folder: OutputFolder): string | null {
  const hold = readHold(folder);
  const current = currentRelease(folder);
  return hold && current !== null && hold.from === current && hold.release !== current ? hold.release : null;
}

/**
 * Switches `current` back to the release before it (by the history) and holds it there: the
 * next runs do not publish until `--resume`, so a bad build is not simply published again. An
 * unfinished rollback is finished (to the release its hold names) rather than started anew.
 * `error` is set when `current` moved but a step after it failed (see `switchCurrent`).
 * @throws {ReleaseError} when nothing is published or there is no complete earlier release; a
 *   throw from the switch itself leaves the hold written and `current` untouched.
 */
export function rollback(
  folder: OutputFolder,
  now = new Date(),
): { from: string; to: string; skipped: string[]; error: ReleaseError | null } {
  const from = currentRelease(folder);
  if (from === null) throw new ReleaseError('게시된 릴리스가 없어 되돌릴 수 없습니다.');
  const pending = unfinishedRollback(folder);
  const { to, skipped } =
    pending !== null && releaseProblems(folder, pending).length === 0
      ? { to: pending, skipped: [] }
      : rollbackTarget(folder, from);
  if (to === null) {
    const why = skipped.length > 0 ? ` (온전하지 않은 릴리스: ${skipped.join('; ')})` : '';
    throw new ReleaseError(`${from}보다 이전의 온전한 릴리스가 없어 되돌릴 수 없습니다${why}.`);
  }
  // The hold first: killed before the switch, the rollback still stops the next runs publishing.
  writeFileDurable(folder.hold, `${JSON.stringify({ release: to, from, at: now.toISOString() }, null, 2)}\n`);
  const { error } = switchCurrent(folder, to, 'rollback', now);
  return { from, to, skipped, error };
}
