/**
 * `history.jsonl`: one line per switch of `current` (publish, rollback, resume). Pruning and
 * rollback follow this, not the order of release names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { appendFileDurable } from '../../lib/durable.ts';
import { liveUntil } from '../../lib/release.ts';
import type { OutputFolder } from '../output-folder.ts';
import { currentRelease, listReleases } from './releases.ts';

/** One switch of `current`. */
export interface HistoryEntry {
  at: string;
  action: 'publish' | 'rollback' | 'resume';
  /** The release `current` points to after this entry. */
  release: string;
  /** The release it pointed to before (`null` on the first publish). */
  from: string | null;
}

/** The publish history, oldest first. Unreadable lines are skipped: history must never block a run. */
export function readHistory(folder: OutputFolder): HistoryEntry[] {
  const { history } = folder;
  if (!existsSync(history)) return [];
  const entries: HistoryEntry[] = [];
  for (const line of readFileSync(history, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as HistoryEntry;
      if (typeof entry.release === 'string' && typeof entry.action === 'string') entries.push(entry);
    } catch {
      // A line cut short by a crash: the rest of the history still counts.
    }
  }
  return entries;
}

/** Appends one switch to the history, synced. */
export function appendHistory(folder: OutputFolder, entry: HistoryEntry): void {
  appendFileDurable(folder.history, `${JSON.stringify(entry)}\n`);
}

/**
 * Releases ranked by when they were last current, most recent first. Releases the history
 * never saw (made before it existed) follow, newest name first.
 */
export function releasesByRecency(folder: OutputFolder): string[] {
  const existing = new Set(listReleases(folder));
  const ranked: string[] = [];
  for (const entry of readHistory(folder).reverse()) {
    if (existing.has(entry.release) && !ranked.includes(entry.release)) ranked.push(entry.release);
  }
  const unseen = [...existing]
    .filter((name) => !ranked.includes(name))
    .sort()
    .reverse();
  return [...ranked, ...unseen];
}

/**
 * When each release stopped being current (ms), by `history.jsonl` ({@link liveUntil}). An entry
 * whose time does not parse counts as `now`.
 */
export function currentUntil(folder: OutputFolder, now: Date): Map<string, number> {
  const nowMs = now.getTime();
  const switches = readHistory(folder).map((entry) => {
    const at = Date.parse(entry.at ?? '');
    return { release: entry.release, from: entry.from, at: Number.isNaN(at) ? nowMs : at };
  });
  return liveUntil(switches, currentRelease(folder), nowMs);
}
