/**
 * The host's deploy lock (`TARGET/.deploy.lock/`, made by `mkdir` in the inspect script): who
 * holds it, and when a lock left by a killed deploy may be taken over.
 *
 * The owner line names the deploying process as the rebuild's lock does (host, pid, its start
 * time, the boot it ran in) plus its PID namespace, with a timestamp and a token. The lock's age
 * is the time since its owner file was last touched: the deploy refreshes it at every step on
 * the host and on a timer (`LOCK_REFRESH_MS`), so only a stalled or dead deploy's lock ages.
 * A later deploy takes the lock over when
 * - the owner ran on this very machine (same host name, boot *and* PID namespace: a pid means
 *   nothing across containers) and its process is gone or a zombie (`ownerIsAlive`,
 *   lib/lock-owner.ts), or
 * - the lock has not been refreshed for `DEPLOY_LOCK_MAX_AGE_MS` by the host's own clock. A
 *   negative age (the clock stepped back) is fresh: taking over a live deploy's lock is the one
 *   outcome the lock exists to prevent, while a dead one's frees itself when the clock catches up.
 * - it has no owner line and is older than a minute (killed between `mkdir` and the write).
 * An owner line of an older version (no boot id or namespace) is judged by its age.
 * The take-over renames the lock aside and removes it only if it is still the one judged (its
 * owner line, inode and refresh time), so a lock another deploy took or refreshed meanwhile is
 * put back, never deleted; releasing the lock works the same way (`unlockScript`).
 *
 * Holding the lock once is not enough: a deploy that stalled past the age above has lost it
 * without knowing. So every script that changes the host (hold, switch, record, prune, unhold)
 * starts with `lockGuard`, which checks in the same shell, in the same round trip, that the
 * owner line is still ours (exit `LOCK_LOST_EXIT` if not) and refreshes it.
 */
import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { bootId, ownerIsAlive, processStart, type LockOwner } from '../lib/lock-owner.ts';
import { HOST_PATHS } from './host-paths.ts';
import { quote } from './shell.ts';

/** A deploy stops its uploads after this long (scripts/publish/deploy.ts). */
export const DEPLOY_DEADLINE_MS = 25 * 60_000;
/**
 * A lock not refreshed for this long is abandoned: a live deploy refreshes it every minute and
 * at every step, and stops uploading at `DEPLOY_DEADLINE_MS` anyway.
 */
export const DEPLOY_LOCK_MAX_AGE_MS = 30 * 60_000;
/** A lock without its owner line this old was left by a deploy killed right after its `mkdir`. */
const HALF_WRITTEN_MS = 60_000;
/** How often a running deploy refreshes its lock, far inside `DEPLOY_LOCK_MAX_AGE_MS`. */
export const LOCK_REFRESH_MS = 60_000;
/** Exit code of a host script that found the lock no longer ours (it changed nothing). */
export const LOCK_LOST_EXIT = 30;

/** The owner line's fields: a lock owner's (lib/lock-owner.ts), plus the PID namespace of the pid. */
export interface DeployLockOwner extends LockOwner {
  /** `pid:[4026531836]`; `null` where /proc does not tell. */
  pidns?: string | null;
}

/** This process's PID namespace: pids of another namespace on the same host cannot be checked from here. */
export function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** The owner line of a deploy starting now: one line of JSON. */
export function newLockOwner(now = new Date()): string {
  const owner: DeployLockOwner = {
    host: hostname(),
    pid: process.pid,
    start: processStart(process.pid),
    boot: bootId(),
    pidns: pidNamespace(),
    at: now.toISOString(),
    token: randomBytes(6).toString('hex'),
  };
  return JSON.stringify(owner);
}

function parseOwner(line: string): DeployLockOwner | null {
  try {
    const owner = JSON.parse(line) as DeployLockOwner | null;
    return owner && typeof owner === 'object' && typeof owner.pid === 'number' ? owner : null;
  } catch {
    return null;
  }
}

/** Another deploy's lock as the inspect script saw it. */
export interface SeenLock {
  /** Its owner line; `?` when it has none (yet). */
  owner: string;
  /** How long ago it was taken, by the host's clock (ms; `null` when unknown). */
  ageMs: number | null;
  /** Its inode on the host: tells it from a new lock with the same (missing) owner line. */
  inode: string;
  /** Its owner file's modification time as `find -printf %T@` gives it (`?` when missing): a refresh changes it. */
  mtime: string;
}

/** The owner as people read it: `build-01 pid 4242, 2026-11-26T03:00:00Z 시작`. */
export function describeOwner(line: string): string {
  const owner = parseOwner(line);
  return owner ? `${owner.host ?? '?'} pid ${owner.pid}, ${owner.at} 시작` : line;
}

/**
 * Why the lock `seen` may be taken over (Korean, for the log), or `null` while its deploy may
 * still run. `alive` is the locks' process check (replaced in tests).
 */
export function abandonedReason(
  seen: SeenLock,
  here: { host: string; boot: string | null; pidns: string | null } = {
    host: hostname(),
    boot: bootId(),
    pidns: pidNamespace(),
  },
  alive: (owner: LockOwner) => boolean = ownerIsAlive,
): string | null {
  // Refreshed "in the future" means the clock stepped back since: fresh, never old.
  const age = seen.ageMs === null ? null : Math.max(0, seen.ageMs);
  const minutes = (ms: number) => `${Math.round(ms / 60_000)}분`;
  const halfWritten = seen.owner === '?' || seen.owner.trim() === '';
  if (halfWritten) {
    return age !== null && age > HALF_WRITTEN_MS ? '주인 기록 없이 남은 잠금 (잠근 직후 멈춘 배포)' : null;
  }
  // An owner line of an older version (`host pid N …`) names no boot: its age decides.
  const owner = parseOwner(seen.owner);
  if (!owner)
    return age !== null && age > DEPLOY_LOCK_MAX_AGE_MS ? `잠근 지 ${minutes(age)}이 지났습니다` : null;
  if (sameMachine(owner, here) && !alive(owner))
    return `이 컴퓨터에서 배포하던 프로세스(pid ${owner.pid})가 끝났습니다`;
  if (age !== null && age > DEPLOY_LOCK_MAX_AGE_MS)
    return `잠근 지 ${minutes(age)}이 지났습니다 (배포는 ${minutes(DEPLOY_DEADLINE_MS)} 안에 멈춥니다)`;
  return null;
}

/**
 * Whether the owner's pid can be looked up from here: the same host name and boot, and the same
 * PID namespace (two containers may share both the kernel's boot id and a host name).
 */
function sameMachine(
  owner: DeployLockOwner,
  here: { host: string; boot: string | null; pidns: string | null },
): boolean {
  const same = (a: string | null | undefined, b: string | null) => !!a && a === b;
  return same(owner.host, here.host) && same(owner.boot, here.boot) && same(owner.pidns, here.pidns);
}

/** The owner file's modification time, to the nanosecond (GNU find), or `?`. */
const ownerMtime = (dir: string) =>
  `"$(find ${dir}/owner -maxdepth 0 -printf '%T@' 2>/dev/null || echo '?')"`;

/**
 * The shell lines the inspect script runs when `mkdir` of the lock failed: the owner line, the
 * lock's age by the host's clock (GNU stat) and its inode.
 */
export const lockedAnswer = (): string =>
  [
    `  printf 'locked\\0%s\\0' "$(cat ${HOST_PATHS.lock}/owner 2>/dev/null || echo '?')"`,
    `  t=$(stat -c %Y ${HOST_PATHS.lock}/owner 2>/dev/null || stat -c %Y ${HOST_PATHS.lock} 2>/dev/null) && printf 'lock-age\\0%s\\0' "$(( $(date +%s) - t ))"`,
    `  printf 'lock-inode\\0%s\\0' "$(stat -c %i ${HOST_PATHS.lock} 2>/dev/null)"`,
    `  printf 'lock-mtime\\0%s\\0' ${ownerMtime(HOST_PATHS.lock)}`,
  ].join('\n');

/** A unique name to rename the lock to before removing it. */
const asideName = () => `${HOST_PATHS.lock}.stale-${randomBytes(6).toString('hex')}`;

/**
 * Removes the lock in `dir` when `isIt(dir)` holds: renamed aside in one step, checked there
 * (nobody can change it under that name), removed, or put back if it was not the one. Between a
 * check in place and a removal in place another deploy could have taken the lock; a rename
 * cannot take anyone's lock but the one it moved. Exit 3 when it was not the one.
 */
function removeAsideScript(root: string, isIt: (dir: string) => string): string {
  const aside = asideName();
  return `cd ${quote(root)} || exit 20
${isIt(HOST_PATHS.lock)} || exit 3
mv -T ${HOST_PATHS.lock} ${aside} 2>/dev/null || exit 3
if ${isIt(aside)}; then rm -rf ${aside}; exit 0; fi
mv -T ${aside} ${HOST_PATHS.lock} 2>/dev/null || true
exit 3
`;
}

/**
 * Removes the abandoned lock `seen` if it is still that lock (owner line, inode and refresh
 * time: a deploy that refreshed it since is alive); otherwise leaves it. Exit 3 when it was not.
 */
export function takeOverScript(root: string, seen: SeenLock): string {
  return removeAsideScript(
    root,
    (dir) =>
      `[ "$(cat ${dir}/owner 2>/dev/null || echo '?')" = ${quote(seen.owner)} ] && [ "$(stat -c %i ${dir} 2>/dev/null)" = ${quote(seen.inode)} ] && [ ${ownerMtime(dir)} = ${quote(seen.mtime)} ]`,
  );
}

/** Releases the lock when it is still ours (renamed aside, checked, removed); exit 3 when it is not. */
export function unlockScript(root: string, lockOwner: string): string {
  return removeAsideScript(root, (dir) => `[ "$(cat ${dir}/owner 2>/dev/null)" = ${quote(lockOwner)} ]`);
}

/**
 * Shell lines, run in the deploy folder, that stop the script (exit `LOCK_LOST_EXIT`, naming the
 * lock's owner now) unless the lock is still `lockOwner`'s, and refresh it when it is. Checked in
 * the script that makes the change, so no other round trip comes between the check and the change.
 */
export function lockGuard(lockOwner: string): string {
  return `deploy_lock_guard() {
  if [ "$(cat ${HOST_PATHS.lock}/owner 2>/dev/null)" != ${quote(lockOwner)} ]; then
    printf '배포 잠금(${HOST_PATHS.lock})이 더 이상 이 배포의 것이 아닙니다 (지금: %s)\n' "$(cat ${HOST_PATHS.lock}/owner 2>/dev/null || echo 없음)" >&2
    exit ${LOCK_LOST_EXIT}
  fi
  touch -c ${HOST_PATHS.lock}/owner
}
deploy_lock_guard`;
}

/** Refreshes the lock if it is still ours (the timer's round trip); exit `LOCK_LOST_EXIT` if not. */
export function refreshScript(root: string, lockOwner: string): string {
  return `cd ${quote(root)} || exit 20
${lockGuard(lockOwner)}
`;
}
