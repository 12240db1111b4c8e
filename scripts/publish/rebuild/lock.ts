/**
 * The output folder's lock: two runs (a slow night and the next poll) never build or switch at
 * once.
 *
 * The lock is a directory: `mkdir` either creates it or fails, atomically, so two runs started
 * together cannot both take it. Its `owner.json` names the owner by host, pid *and* the
 * process's start time and the boot it ran in, so a pid reused after a reboot (or by another
 * program) is not mistaken for a live run.
 *
 * A lock is taken over only when it is abandoned:
 * - this host's: its process is gone (boot id, pid and start time; no clock involved);
 * - another host's (a folder shared over NFS): nothing here can tell whether it runs, so only
 *   when it is older than a generous age (`maxAgeMs`, 6 hours by default);
 * - one without an owner file: a crash between `mkdir` and writing the owner, when older than a
 *   minute.
 * Ages are distances from now either way: a clock set back makes a lock look as if from the
 * future, and that must not keep a crashed one fresh for hours.
 *
 * The take-over runs under a second, short-lived lock and judges the lock again there: it
 * removes it only if it is still the very one it looked at (same inode, same owner file), by
 * renaming it to a name of its own first, so a lock a new run created meanwhile is never
 * deleted. A run releases the lock the same way, and only while it is still its own.
 *
 * A run records its build's process group in the lock (`build.json`). The build stops by itself
 * when its run's process ends (rebuild/release/build-guard.ts); should anything of it still run
 * when the lock is taken over, the take-over kills that group and waits for it first, so no build
 * of a dead run writes into the folder the next one uses.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { bootId, ownerIsAlive, processStart, type LockOwner } from '../lib/lock-owner.ts';
import { killGroupSync } from '../lib/process-groups.ts';

/** The lock is held by a live run; `message` is Korean. */
export class LockBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LockBusyError';
  }
}

/** A lock directory whose owner file is missing this long is a crash mid-write, not a run starting. */
const HALF_WRITTEN_MS = 60_000;

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function parseOwner(text: string | null): LockOwner | null {
  if (text === null) return null;
  try {
    const owner = JSON.parse(text) as LockOwner | null;
    return owner && typeof owner === 'object' ? owner : null;
  } catch {
    return null;
  }
}

/** What a lock directory was when looked at: enough to tell later whether it is still the same one. */
interface Seen {
  ino: number;
  mtimeMs: number;
  /** `owner.json` as text; `null` when missing (half-written) or unreadable. */
  ownerText: string | null;
}

function inspect(path: string): Seen | null {
  try {
    const { ino, mtimeMs } = statSync(path);
    return { ino, mtimeMs, ownerText: readText(join(path, 'owner.json')) };
  } catch {
    return null;
  }
}

function sameLock(a: Seen, b: Seen): boolean {
  return a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.ownerText === b.ownerText;
}

/** How far `timeMs` is from now, in either direction: a time in the future counts as old too. */
function distanceMs(timeMs: number): number {
  return Math.abs(Date.now() - timeMs);
}

/** A held lock. */
export interface Lock {
  owner: LockOwner;
  /** Records the run's build (its process group) for a later take-over to stop. */
  recordBuild(pgid: number): void;
  /** Releases the lock if it is still ours; returns whether it was. */
  release(): boolean;
}

/** `build.json` in the lock: the build group of its run, named as the owner is. */
interface BuildRecord {
  pgid: number;
  start: string | null;
  boot: string | null;
}

const BUILD_FILE = 'build.json';

/** Options of `acquireLock`. */
export interface LockOptions {
  /**
   * How old another host's lock must be before it counts as abandoned: longer than any run can
   * take (default 6 hours).
   */
  maxAgeMs?: number;
}

/** Another host's lock is left alone this long (no run comes near it). */
export const FOREIGN_LOCK_MAX_AGE_MS = 6 * 60 * 60_000;

function tryCreate(dir: string): Lock | null {
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  const owner: LockOwner = {
    pid: process.pid,
    start: processStart(process.pid),
    boot: bootId(),
    host: hostname(),
    token: randomUUID(),
    at: new Date().toISOString(),
  };
  const temp = join(dir, `.owner-${owner.token}`);
  writeFileSync(temp, JSON.stringify(owner));
  renameSync(temp, join(dir, 'owner.json'));
  return {
    owner,
    recordBuild: (pgid) => {
      const record: BuildRecord = { pgid, start: processStart(pgid), boot: owner.boot };
      const temp = join(dir, `.build-${owner.token}`);
      writeFileSync(temp, JSON.stringify(record));
      renameSync(temp, join(dir, BUILD_FILE));
    },
    release: () => {
      const seen = inspect(dir);
      if (!seen || parseOwner(seen.ownerText)?.token !== owner.token) return false;
      return removeIfSame(dir, seen);
    },
  };
}

/**
 * Why the lock at `dir`, as `seen`, must be left alone (a Korean message), or `null` when it is
 * abandoned and may be taken over.
 */
function busyReason(dir: string, seen: Seen, maxAgeMs: number): string | null {
  const owner = parseOwner(seen.ownerText);
  if (!owner) {
    return distanceMs(seen.mtimeMs) < HALF_WRITTEN_MS ? `다른 재빌드가 막 시작했습니다 (잠금 ${dir}).` : null;
  }
  // Locks of older versions name no host: judged as this host's, as they always were.
  if (owner.host && owner.host !== hostname()) {
    const started = Date.parse(owner.at);
    if (distanceMs(Number.isFinite(started) ? started : seen.mtimeMs) > maxAgeMs) return null;
    const hours = Math.round((maxAgeMs / 3_600_000) * 10) / 10;
    return (
      `다른 호스트(${owner.host})의 재빌드가 잠금을 가지고 있습니다 (pid ${owner.pid}, ${owner.at} 시작, 잠금 ${dir}). ` +
      `이 호스트에서는 그 실행이 살아 있는지 알 수 없어 시작한 지 ${hours}시간이 지나야 넘겨받습니다. ` +
      `${owner.host}에서 실행 중인 재빌드가 없다면 잠금 폴더를 지운 뒤 다시 실행해 주세요.`
    );
  }
  return ownerIsAlive(owner)
    ? `다른 재빌드가 실행 중입니다 (pid ${owner.pid}, ${owner.at} 시작, 잠금 ${dir}).`
    : null;
}

/**
 * Takes the lock at `dir` (a path that must not exist but in its parent).
 * @throws {LockBusyError} when a live run holds it.
 */
export function acquireLock(dir: string, { maxAgeMs = FOREIGN_LOCK_MAX_AGE_MS }: LockOptions = {}): Lock {
  for (let attempt = 0; attempt < 3; attempt++) {
    const lock = tryCreate(dir);
    if (lock) return lock;
    const seen = inspect(dir);
    if (!seen) continue; // Released since `mkdir` failed: try again.
    const busy = busyReason(dir, seen, maxAgeMs);
    if (busy) throw new LockBusyError(busy);
    takeOverStale(dir, seen, maxAgeMs);
  }
  throw new LockBusyError(`잠금을 얻지 못했습니다: ${dir}`);
}

/**
 * Removes the abandoned lock `seen`, unless another run is doing the same or the lock changed
 * hands since it was looked at (then the next attempt judges the new one).
 */
function takeOverStale(dir: string, seen: Seen, maxAgeMs: number): void {
  const guard = takeGuard(dir);
  try {
    // Judged again under the guard: what was seen before may have been removed by another
    // run's take-over and replaced by a new run's lock, maybe still without its owner file.
    const now = inspect(dir);
    if (now && sameLock(now, seen) && busyReason(dir, now, maxAgeMs) === null) {
      stopLeftoverBuild(dir);
      removeIfSame(dir, now);
    }
  } finally {
    guard.release();
  }
}

/**
 * Kills what still runs of the build recorded in the abandoned lock at `dir` (this boot's only:
 * another host's or an earlier boot's group number means nothing here).
 */
function stopLeftoverBuild(dir: string): void {
  let record: BuildRecord;
  try {
    record = JSON.parse(readFileSync(join(dir, BUILD_FILE), 'utf8')) as BuildRecord;
  } catch {
    return;
  }
  if (!record.boot || record.boot !== bootId()) return;
  if (!killGroupSync(record.pgid, record.start)) {
    throw new LockBusyError(
      `멈춘 재빌드의 빌드 프로세스(그룹 ${record.pgid})를 끝내지 못했습니다 (잠금 ${dir}). 잠시 뒤 다시 실행해 주세요.`,
    );
  }
}

/** The take-over's own short lock. Holding it takes milliseconds: one older than a minute was left by a crash. */
function takeGuard(dir: string): Lock {
  const path = `${dir}.takeover`;
  const first = tryCreate(path);
  if (first) return first;
  const seen = inspect(path);
  if (seen && distanceMs(seen.mtimeMs) > HALF_WRITTEN_MS) removeIfSame(path, seen);
  const guard = tryCreate(path);
  if (!guard) throw new LockBusyError(`다른 재빌드가 오래된 잠금을 정리하는 중입니다 (잠금 ${dir}).`);
  return guard;
}

/**
 * Removes the lock directory at `path` if it is still `seen`. It is renamed to a name of its own
 * first, in one step, and checked there: a check followed by a delete of `path` could delete a
 * lock that a new run created in between.
 */
function removeIfSame(path: string, seen: Seen): boolean {
  const tombstone = `${path}.stale-${randomUUID()}`;
  try {
    renameSync(path, tombstone);
  } catch {
    return false; // Gone already.
  }
  const moved = inspect(tombstone);
  if (moved && moved.ino === seen.ino && moved.ownerText === seen.ownerText) {
    rmSync(tombstone, { recursive: true, force: true });
    return true;
  }
  // Another lock took its place in between: put it back where its owner expects it.
  try {
    renameSync(tombstone, path);
  } catch {
    // A third one is there now; the moved one's owner learns it lost the lock when it releases.
  }
  return false;
}
