/**
 * Phase 4: the output folder's layout, the atomic switch, the publish history, pruning and
 * rollback.
 *
 *   DIR/current         symlink → releases/<name> (what the host serves / uploads)
 *   DIR/releases/<name> one complete site per published build
 *   DIR/history.jsonl   one line per switch of `current` (publish, rollback): pruning and
 *                       rollback follow this, not the order of release names
 *   DIR/hold.json       written by a rollback before it switches: runs publish nothing until
 *                       `--resume`
 *   DIR/cache           Astro's cacheDir, kept between runs
 *   DIR/.build          the build in progress (a fixed path: Astro bakes the output folder into
 *                       its page hashes, so a new folder per build would defeat the page cache)
 *
 * `current` is replaced by `rename(2)` of a fresh symlink over it, so a reader sees the old
 * release or the new one, never a missing or half-written one. The release's files are synced
 * to the disk before that rename and the folder after it (durable.ts), so a power cut cannot
 * leave `current` pointing at pages that never reached the disk.
 *
 * A rollback writes the hold (naming the release it goes back to) *before* it switches: killed
 * in between, it leaves a hold whose release is not current. That means "rolled back halfway":
 * runs publish nothing, exactly as for any hold, so the release rolled back from is never
 * published again by the next night (it stays current until someone acts, and the rollback
 * command failed visibly); the next `--rollback` finishes the switch to the hold's release
 * (`unfinishedRollback`), and `--resume` lifts the hold as usual.
 */
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { appendFileDurable, fsyncDir, fsyncTree, writeFileDurable } from './durable.ts';
import { MANIFEST_FILE, readManifest, type ReleaseManifest } from './manifest.ts';

/** Paths inside the output folder. */
export function layout(out: string) {
  return {
    current: join(out, 'current'),
    releases: join(out, 'releases'),
    cache: join(out, 'cache'),
    staging: join(out, '.build'),
    snapshot: join(out, '.snapshot.json'),
    lock: join(out, '.rebuild.lock'),
    history: join(out, 'history.jsonl'),
    hold: join(out, 'hold.json'),
  };
}

/** A problem with the output folder; `message` is Korean. */
export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** Release folder names (unordered: their order means nothing, the history does). */
export function listReleases(out: string): string[] {
  const dir = layout(out).releases;
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** The release `current` points to, or `null` when nothing is published yet. */
export function currentRelease(out: string): string | null {
  const { current } = layout(out);
  let stat;
  try {
    stat = lstatSync(current);
  } catch {
    return null;
  }
  if (!stat.isSymbolicLink()) {
    throw new ReleaseError(
      `${current}이(가) 심볼릭 링크가 아닙니다. 직접 만든 폴더라면 옮긴 뒤 다시 실행해 주세요.`,
    );
  }
  return basename(readlinkSync(current));
}

/** A new release name from the time (`2026-11-21T03-00-00-123Z`), unique among `existing`. */
export function newReleaseName(now: Date, existing: readonly string[]): string {
  const base = now.toISOString().replace(/:/g, '-').replace('.', '-');
  let name = base;
  for (let n = 1; existing.includes(name); n++) name = `${base}-${n}`;
  return name;
}

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
export function readHistory(out: string): HistoryEntry[] {
  const { history } = layout(out);
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

function appendHistory(out: string, entry: HistoryEntry): void {
  appendFileDurable(layout(out).history, `${JSON.stringify(entry)}\n`);
}

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
  out: string,
  release: string,
  action: 'publish' | 'rollback' = 'publish',
  now = new Date(),
): SwitchResult {
  const { releases } = layout(out);
  const dir = join(releases, release);
  if (!existsSync(dir)) throw new ReleaseError(`릴리스가 없습니다: ${release}`);
  const from = currentRelease(out);
  // The pages reach the disk before the link to them does.
  fsyncTree(dir);
  fsyncDir(releases);
  replaceCurrentLink(out, release);
  return { from, error: recordSwitch(out, { at: now.toISOString(), action, release, from }) };
}

function replaceCurrentLink(out: string, release: string): void {
  const temp = join(out, `.current-${process.pid}-${Date.now()}`);
  // Relative target: the output folder can be moved or synced elsewhere as a whole.
  symlinkSync(join('releases', release), temp);
  try {
    renameSync(temp, layout(out).current);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The steps after the rename: each is tried, and what failed is returned, never thrown. */
function recordSwitch(out: string, entry: HistoryEntry): ReleaseError | null {
  const problems: string[] = [];
  const attempt = (what: string, step: () => void) => {
    try {
      step();
    } catch (error) {
      problems.push(`${what} (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  // Without this a power cut could bring back the old `current` after the run reported the new one.
  attempt('바뀐 current를 디스크에 기록하지 못했습니다', () => fsyncDir(out));
  attempt('게시 기록(history.jsonl)에 쓰지 못했습니다', () => appendHistory(out, entry));
  if (problems.length === 0) return null;
  return new ReleaseError(`current는 ${entry.release}(으)로 바뀌었지만 ${problems.join(', ')}.`);
}

/**
 * Releases ranked by when they were last current, most recent first. Releases the history
 * never saw (made before it existed) follow, newest name first.
 */
export function releasesByRecency(out: string): string[] {
  const existing = new Set(listReleases(out));
  const ranked: string[] = [];
  for (const entry of readHistory(out).reverse()) {
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
export function currentUntil(out: string, now: Date): Map<string, number> {
  const nowMs = now.getTime();
  const switches = readHistory(out).map((entry) => {
    const at = Date.parse(entry.at ?? '');
    return { release: entry.release, from: entry.from, at: Number.isNaN(at) ? nowMs : at };
  });
  return liveUntil(switches, currentRelease(out), nowMs);
}

/**
 * Deletes releases beyond the `keep` most recently current ones, unless they were current
 * within the last `keepDays` days: pages loaded from them (open tabs, an edge's cache) still ask
 * for their hashed files, which `stage.ts --previous` serves from here, however many publishes
 * came since. Never the current release or one a rollback holds. Returns the deleted names.
 */
export function pruneReleases(out: string, keep: number, keepDays = 0, now = new Date()): string[] {
  const protectedNames = new Set(
    [currentRelease(out), readHold(out)?.release].filter((name): name is string => !!name),
  );
  const since = now.getTime() - keepDays * 86_400_000;
  const until = currentUntil(out, now);
  const ranked = releasesByRecency(out);
  const doomed = ranked
    .slice(keep)
    .filter((name) => !protectedNames.has(name) && (until.get(name) ?? 0) < since);
  for (const name of doomed) rmSync(join(layout(out).releases, name), { recursive: true, force: true });
  return doomed;
}

/**
 * The release the shrinking-content guard compares with: the live one when its manifest has
 * counts, else the newest release whose manifest has them (an unreadable manifest or a dangling
 * `current` must not switch the guard off); `null` when none has (the empty-list guard applies).
 */
export function countsBaseline(
  out: string,
  live: ReleaseManifest | null,
  warn: (message: string) => void,
): ReleaseManifest | null {
  const hasCounts = (manifest: ReleaseManifest | null) =>
    !!manifest && Object.keys(manifest.counts).length > 0;
  if (hasCounts(live)) return live;
  for (const name of [...listReleases(out)].sort().reverse()) {
    const manifest = readManifest(join(layout(out).releases, name, MANIFEST_FILE), () => {});
    if (hasCounts(manifest)) {
      warn(`게시 중인 릴리스의 기록을 읽을 수 없어 ${name} 의 기록과 비교합니다.`);
      return manifest;
    }
  }
  return null;
}

/**
 * Korean reasons a release cannot be served (empty: complete): its manifest lists its files (a
 * manifest of an older version, its routes) and every one must be there.
 */
export function releaseProblems(out: string, release: string): string[] {
  const dir = join(layout(out).releases, release);
  if (!existsSync(dir)) return ['폴더가 없습니다'];
  const manifestPath = join(dir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) return ['manifest.json이 없습니다'];
  let manifest: { files?: unknown; routes?: unknown };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as typeof manifest;
  } catch {
    return ['manifest.json을 읽을 수 없습니다'];
  }
  const missing = Array.isArray(manifest.files)
    ? (manifest.files as string[]).filter((file) => !existsSync(join(dir, file))).map((file) => `/${file}`)
    : Object.keys(manifest.routes ?? {}).filter((route) => !routeExists(dir, route));
  if (!existsSync(join(dir, 'index.html')) && !missing.includes('/') && !missing.includes('/index.html'))
    missing.unshift('/');
  return missing.length > 0
    ? [`페이지 ${missing.length}개가 없습니다 (${missing.slice(0, 5).join(' ')})`]
    : [];
}

/** Whether a route of an older manifest (which named routes, not files) has its page or file in `dir`. */
function routeExists(dir: string, route: string): boolean {
  return [`${route}/index.html`, route, `${route}.html`].some((file) => existsSync(join(dir, file)));
}

/**
 * The release a rollback from `from` returns to: the one that was current before it, skipping
 * releases that a rollback already moved away from (unless published again since) and any
 * that are no longer complete.
 */
export function rollbackTarget(out: string, from: string): { to: string | null; skipped: string[] } {
  const history = readHistory(out);
  const rejected = new Set<string>();
  for (const entry of history) {
    if (entry.action === 'rollback' && entry.from) rejected.add(entry.from);
    if (entry.action === 'publish') rejected.delete(entry.release);
  }
  // The hold remembers the release rolled back from even when the history missed that line.
  const heldFrom = readHold(out)?.from;
  if (heldFrom) rejected.add(heldFrom);
  const candidates: string[] = [];
  for (const entry of [...history].reverse()) {
    for (const name of [entry.release, entry.from]) {
      if (name && name !== from && !rejected.has(name) && !candidates.includes(name)) candidates.push(name);
    }
  }
  // Releases from before the history existed, newest name first.
  for (const name of listReleases(out).reverse()) {
    if (name !== from && !rejected.has(name) && !candidates.includes(name) && name < from)
      candidates.push(name);
  }
  const skipped: string[] = [];
  for (const name of candidates) {
    if (!existsSync(join(layout(out).releases, name))) continue;
    const problems = releaseProblems(out, name);
    if (problems.length === 0) return { to: name, skipped };
    skipped.push(`${name}: ${problems.join(', ')}`);
  }
  return { to: null, skipped };
}

/**
 * The release a rollback was switching to when it stopped (its hold written, `current` still
 * the release it rolled back from), or `null`.
 */
export function unfinishedRollback(out: string): string | null {
  const hold = readHold(out);
  const current = currentRelease(out);
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
  out: string,
  now = new Date(),
): { from: string; to: string; skipped: string[]; error: ReleaseError | null } {
  const from = currentRelease(out);
  if (from === null) throw new ReleaseError('게시된 릴리스가 없어 되돌릴 수 없습니다.');
  const pending = unfinishedRollback(out);
  const { to, skipped } =
    pending !== null && releaseProblems(out, pending).length === 0
      ? { to: pending, skipped: [] }
      : rollbackTarget(out, from);
  if (to === null) {
    const why = skipped.length > 0 ? ` (온전하지 않은 릴리스: ${skipped.join('; ')})` : '';
    throw new ReleaseError(`${from}보다 이전의 온전한 릴리스가 없어 되돌릴 수 없습니다${why}.`);
  }
  // The hold first: killed before the switch, the rollback still stops the next runs publishing.
  writeFileDurable(
    layout(out).hold,
    `${JSON.stringify({ release: to, from, at: now.toISOString() }, null, 2)}\n`,
  );
  const { error } = switchCurrent(out, to, 'rollback', now);
  return { from, to, skipped, error };
}

/** The hold a rollback left, or `null`. */
export function readHold(out: string): { release: string; from: string; at: string } | null {
  const { hold } = layout(out);
  if (!existsSync(hold)) return null;
  try {
    return JSON.parse(readFileSync(hold, 'utf8')) as { release: string; from: string; at: string };
  } catch {
    // An unreadable hold still holds: publishing by accident is the worse outcome.
    return { release: currentRelease(out) ?? '?', from: '?', at: '?' };
  }
}

/** Lifts the hold; returns whether there was one. */
export function releaseHold(out: string, now = new Date()): boolean {
  const hold = readHold(out);
  if (!hold) return false;
  rmSync(layout(out).hold, { force: true });
  fsyncDir(out);
  const current = currentRelease(out);
  if (current)
    appendHistory(out, { at: now.toISOString(), action: 'resume', release: current, from: current });
  return true;
}
