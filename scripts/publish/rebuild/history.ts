/**
 * `history.jsonl`: one line per switch of `current` (publish, rollback, resume). Pruning and
 * rollback follow this, not the order of release names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { appendFileDurable } from './durable.ts';
import type { OutputFolder } from './output-folder.ts';
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

/** One switch of a live release: to `release` at `at` (ms), from `from`. */
export interface ReleaseSwitch {
  release: string;
  at: number;
  from?: string | null | undefined;
}

/**
 * When each release stopped being live (ms), from the switches in order (the rebuild's
 * history, the deploy's records): the next switch's time, or that of a switch naming it as
 * `from`; `now` for the live one (`current`), and for the last switch's release when the live
 * one moved on without a line (when is unknown). Retention counts from this, on every target.
 */
export function liveUntil(
  switches: readonly ReleaseSwitch[],
  current: string | null | undefined,
  now: number,
): Map<string, number> {
  const until = new Map<string, number>();
  const extend = (name: string, ms: number) => until.set(name, Math.max(until.get(name) ?? 0, ms));
  switches.forEach((entry, index) => {
    extend(entry.release, switches[index + 1]?.at ?? now);
    if (entry.from) extend(entry.from, entry.at);
  });
  if (current) extend(current, now);
  return until;
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
