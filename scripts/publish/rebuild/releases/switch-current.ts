/**
 * The atomic switch of `current`. It is replaced by `rename(2)` of a fresh symlink over it, so a
 * reader sees the old release or the new one, never a missing or half-written one. The
 * release's files are synced to the disk before that rename and the folder after it
 * (lib/durable.ts), so a power cut cannot leave `current` pointing at pages that never reached the
 * disk.
 */
import { existsSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir, fsyncTree } from '../../lib/durable.ts';
import type { OutputFolder } from '../output-folder.ts';
import { appendHistory, type HistoryEntry } from './history.ts';
import { currentRelease, ReleaseError } from './releases.ts';

/** How a switch of `current` went. */
export interface SwitchResult {
  /** The release `current` pointed to before (`null` on the first publish). */
  from: string | null;
  /**
   * A step after the rename failed (syncing the folder, appending the history; Korean message):
   * `current` has moved all the same, so the caller reports the switch first, then this.
   */
  error: ReleaseError | null;
}

/**
 * Points `current` at `release` in one step and records the switch. Throws only while `current`
 * is untouched: once it moved, a failure is returned in `error` instead, since a caller that saw
 * a throw would report a live release as "nothing published".
 */
export function switchCurrent(
  folder: OutputFolder,
  release: string,
  action: 'publish' | 'rollback' = 'publish',
  now = new Date(),
): SwitchResult {
  const { releases } = folder;
  const dir = join(releases, release);
  if (!existsSync(dir)) throw new ReleaseError(`릴리스가 없습니다: ${release}`);
  const from = currentRelease(folder);
  // The pages reach the disk before the link to them does.
  fsyncTree(dir);
  fsyncDir(releases);
  replaceCurrentLink(folder, release);
  return { from, error: recordSwitch(folder, { at: now.toISOString(), action, release, from }) };
}

function replaceCurrentLink(folder: OutputFolder, release: string): void {
  const temp = join(folder.root, `.current-${process.pid}-${Date.now()}`);
  // Relative target: the output folder can be moved or synced elsewhere as a whole.
  symlinkSync(join('releases', release), temp);
  try {
    renameSync(temp, folder.current);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The steps after the rename: each is tried, and what failed is returned, never thrown. */
function recordSwitch(folder: OutputFolder, entry: HistoryEntry): ReleaseError | null {
  const problems: string[] = [];
  const attempt = (what: string, step: () => void) => {
    try {
      step();
    } catch (error) {
      problems.push(`${what} (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  // Without this a power cut could bring back the old `current` after the run reported the new one.
  attempt('바뀐 current를 디스크에 기록하지 못했습니다', () => fsyncDir(folder.root));
  attempt('게시 기록(history.jsonl)에 쓰지 못했습니다', () => appendHistory(folder, entry));
  if (problems.length === 0) return null;
  return new ReleaseError(`current는 ${entry.release}(으)로 바뀌었지만 ${problems.join(', ')}.`);
}
