/**
 * The host's deploy lock (`TARGET/.deploy.lock/`, made by `mkdir` in the inspect script): who
 * holds it, and when a lock left by a killed deploy may be taken over.
 *
 * The owner line names the deploying process as the rebuild's lock does (host, pid, its start
 * time and the boot it ran in) with a timestamp and a token. A later deploy takes the lock over
 * when
 * - the owner ran on this very machine (same host name and boot) and its process is gone or a
 *   zombie (`ownerIsAlive` of the rebuild's lock), or
 * - the lock is older than `DEPLOY_LOCK_MAX_AGE_MS` by the host's own clock: a deploy stops
 *   uploading at `DEPLOY_DEADLINE_MS`, and the switch and the steps after it take seconds, so
 *   no live deploy holds a lock that long. (From another machine nothing else can tell.)
 * - it has no owner line and is older than a minute (killed between `mkdir` and the write).
 * An owner line of an older version (no boot id) is judged by its age.
 * The take-over renames the lock aside and removes it only if it is still the one judged (its
 * owner line and inode), so a lock another deploy took meanwhile is put back, never deleted.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { bootId, ownerIsAlive, processStart, type LockOwner } from '../rebuild/lock.ts';
import { HOST_PATHS } from './host.ts';
import { quote } from './shell.ts';

/** A deploy stops its uploads after this long (scripts/publish/deploy.ts). */
export const DEPLOY_DEADLINE_MS = 25 * 60_000;
/** A lock this old is abandoned: longer than a deploy may take, with room for the steps after the switch. */
export const DEPLOY_LOCK_MAX_AGE_MS = 30 * 60_000;
/** A lock without its owner line this old was left by a deploy killed right after its `mkdir`. */
const HALF_WRITTEN_MS = 60_000;

/** The owner line of a deploy starting now: one line of JSON. */
export function newLockOwner(now = new Date()): string {
  const owner: LockOwner = {
    host: hostname(),
    pid: process.pid,
    start: processStart(process.pid),
    boot: bootId(),
    at: now.toISOString(),
    token: randomBytes(6).toString('hex'),
  };
  return JSON.stringify(owner);
}

function parseOwner(line: string): LockOwner | null {
  try {
    const owner = JSON.parse(line) as LockOwner | null;
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
}

/** The owner as people read it: `build-01 pid 4242, 2026-11-26T03:00:00Z 시작`. */
export function describeOwner(line: string): string {
  const owner = parseOwner(line);
  return owner ? `${owner.host ?? '?'} pid ${owner.pid}, ${owner.at} 시작` : line;
}

/**
 * Why the lock `seen` may be taken over (Korean, for the log), or `null` while its deploy may
 * still run. `alive` is the rebuild lock's process check (replaced in tests).
 */
export function abandonedReason(
  seen: SeenLock,
  here = { host: hostname(), boot: bootId() },
  alive: (owner: LockOwner) => boolean = ownerIsAlive,
): string | null {
  const age = seen.ageMs === null ? null : Math.abs(seen.ageMs);
  const minutes = (ms: number) => `${Math.round(ms / 60_000)}분`;
  const halfWritten = seen.owner === '?' || seen.owner.trim() === '';
  if (halfWritten) {
    return age !== null && age > HALF_WRITTEN_MS ? '주인 기록 없이 남은 잠금 (잠근 직후 멈춘 배포)' : null;
  }
  // An owner line of an older version (`host pid N …`) names no boot: its age decides.
  const owner = parseOwner(seen.owner);
  if (!owner)
    return age !== null && age > DEPLOY_LOCK_MAX_AGE_MS ? `잠근 지 ${minutes(age)}이 지났습니다` : null;
  if (owner.host && owner.host === here.host && owner.boot && owner.boot === here.boot && !alive(owner))
    return `이 컴퓨터에서 배포하던 프로세스(pid ${owner.pid})가 끝났습니다`;
  if (age !== null && age > DEPLOY_LOCK_MAX_AGE_MS)
    return `잠근 지 ${minutes(age)}이 지났습니다 (배포는 ${minutes(DEPLOY_DEADLINE_MS)} 안에 멈춥니다)`;
  return null;
}

/**
 * The shell lines the inspect script runs when `mkdir` of the lock failed: the owner line, the
 * lock's age by the host's clock (GNU stat) and its inode.
 */
export const lockedAnswer = (): string =>
  [
    `  printf 'locked\\0%s\\0' "$(cat ${HOST_PATHS.lock}/owner 2>/dev/null || echo '?')"`,
    `  t=$(stat -c %Y ${HOST_PATHS.lock}/owner 2>/dev/null || stat -c %Y ${HOST_PATHS.lock} 2>/dev/null) && printf 'lock-age\\0%s\\0' "$(( $(date +%s) - t ))"`,
    `  printf 'lock-inode\\0%s\\0' "$(stat -c %i ${HOST_PATHS.lock} 2>/dev/null)"`,
  ].join('\n');

/**
 * Removes the abandoned lock `seen`: renamed aside in one step, then removed only if it is the
 * same lock (owner line and inode); otherwise put back. Exit 3 when it was not.
 */
export function takeOverScript(root: string, seen: SeenLock): string {
  const aside = `${HOST_PATHS.lock}.stale-${randomBytes(6).toString('hex')}`;
  const same = (dir: string) =>
    `[ "$(cat ${dir}/owner 2>/dev/null || echo '?')" = ${quote(seen.owner)} ] && [ "$(stat -c %i ${dir} 2>/dev/null)" = ${quote(seen.inode)} ]`;
  return `cd ${quote(root)} || exit 20
${same(HOST_PATHS.lock)} || exit 3
mv -T ${HOST_PATHS.lock} ${aside} 2>/dev/null || exit 3
if ${same(aside)}; then rm -rf ${aside}; exit 0; fi
mv -T ${aside} ${HOST_PATHS.lock} 2>/dev/null || true
exit 3
`;
}
