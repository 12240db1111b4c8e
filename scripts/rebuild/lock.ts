/**
 * The output folder's lock: two runs (a slow night and the next poll) never build or switch at
 * once.
 *
 * The lock is a directory: `mkdir` either creates it or fails, atomically, so two runs started
 * together cannot both take it. Its `owner.json` names the owner by pid *and* the process's
 * start time and the boot it ran in, so a pid reused after a reboot (or by another program) is
 * not mistaken for a live run. A stale lock is taken over under a second, short-lived lock, so
 * two runs that both found it stale cannot both take it; and a run releases the lock only while
 * it is still its own.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Who holds a lock. `start` and `boot` are `null` where the system does not tell (no /proc). */
export interface LockOwner {
  pid: number;
  start: string | null;
  boot: string | null;
  token: string;
  at: string;
}

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

/** The boot's id: differs after every reboot. */
export function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

/** When process `pid` started (clock ticks since boot), or `null`. */
export function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Field 2 (the command) may contain spaces and parentheses: count from the last `)`.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the owner's process is still running (the same process, not a reused pid). */
export function ownerIsAlive(owner: LockOwner): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  if (!isAlive(owner.pid)) return false;
  const start = processStart(owner.pid);
  return !(owner.start && start && owner.start !== start);
}

function readOwner(dir: string): LockOwner | null {
  const text = readText(join(dir, 'owner.json'));
  if (text === null) return null;
  try {
    return JSON.parse(text) as LockOwner;
  } catch {
    return null;
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** A held lock. */
export interface Lock {
  owner: LockOwner;
  /** Releases the lock if it is still ours; returns whether it was. */
  release(): boolean;
}

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
    token: randomUUID(),
    at: new Date().toISOString(),
  };
  const temp = join(dir, `.owner-${owner.token}`);
  writeFileSync(temp, JSON.stringify(owner));
  renameSync(temp, join(dir, 'owner.json'));
  return {
    owner,
    release: () => {
      if (readOwner(dir)?.token !== owner.token) return false;
      rmSync(dir, { recursive: true, force: true });
      return true;
    },
  };
}

/**
 * Takes the lock at `dir` (a path that must not exist but in its parent).
 * @throws {LockBusyError} when a live run holds it.
 */
export function acquireLock(dir: string): Lock {
  for (let attempt = 0; attempt < 3; attempt++) {
    const lock = tryCreate(dir);
    if (lock) return lock;
    const owner = readOwner(dir);
    if (owner && ownerIsAlive(owner)) {
      throw new LockBusyError(`다른 재빌드가 실행 중입니다 (pid ${owner.pid}, ${owner.at} 시작, 잠금 ${dir}).`);
    }
    if (!owner && ageMs(dir) < HALF_WRITTEN_MS) {
      throw new LockBusyError(`다른 재빌드가 막 시작했습니다 (잠금 ${dir}).`);
    }
    takeOverStale(dir, owner);
  }
  throw new LockBusyError(`잠금을 얻지 못했습니다: ${dir}`);
}

/** Removes a stale lock, unless another run is doing the same or the lock changed hands meanwhile. */
function takeOverStale(dir: string, seen: LockOwner | null): void {
  const guard = `${dir}.takeover`;
  if (existsSync(guard) && ageMs(guard) > HALF_WRITTEN_MS) rmSync(guard, { recursive: true, force: true });
  const takeover = tryCreate(guard);
  if (!takeover) throw new LockBusyError(`다른 재빌드가 오래된 잠금을 정리하는 중입니다 (잠금 ${dir}).`);
  try {
    // Still the same stale lock? Another run may have replaced it since we looked.
    if (readOwner(dir)?.token === seen?.token) rmSync(dir, { recursive: true, force: true });
  } finally {
    takeover.release();
  }
}
