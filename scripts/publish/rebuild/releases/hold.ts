/** `hold.json`: written by a rollback before it switches; runs publish nothing until `--resume`. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fsyncDir } from '../../lib/durable.ts';
import type { OutputFolder } from '../output-folder.ts';
import { appendHistory } from './history.ts';
import { currentRelease } from './releases.ts';

/** The hold a rollback left, or `null`. */
export function readHold(folder: OutputFolder): { release: string; from: string; at: string } | null {
  const { hold } = folder;
  if (!existsSync(hold)) return null;
  try {
    return JSON.parse(readFileSync(hold, 'utf8')) as { release: string; from: string; at: string };
  } catch {
    // An unreadable hold still holds: publishing by accident is the worse outcome.
    return { release: currentRelease(folder) ?? '?', from: '?', at: '?' };
  }
}

/** Lifts the hold; returns whether there was one. */
export function releaseHold(folder: OutputFolder, now = new Date()): boolean {
  const hold = readHold(folder);
  if (!hold) return false;
  rmSync(folder.hold, { force: true });
  fsyncDir(folder.root);
  const current = currentRelease(folder);
  if (current)
    appendHistory(folder, { at: now.toISOString(), action: 'resume', release: current, from: current });
  return true;
}
