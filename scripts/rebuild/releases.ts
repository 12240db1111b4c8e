/**
 * Phase 4: the output folder's layout and the atomic switch.
 *
 *   DIR/current        symlink → releases/<name> (what the host serves / uploads)
 *   DIR/releases/<name> one complete site per published build, names sort by time
 *   DIR/cache          Astro's cacheDir, kept between runs
 *   DIR/.build         the build in progress (a fixed path: Astro bakes the output folder into
 *                      its page hashes, so a new folder per build would defeat the page cache)
 *
 * `current` is replaced by `rename(2)` of a fresh symlink over it, so a reader sees the old
 * release or the new one, never a missing or half-written one.
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Paths inside the output folder. */
export function layout(out: string) {
  return {
    current: join(out, 'current'),
    releases: join(out, 'releases'),
    cache: join(out, 'cache'),
    staging: join(out, '.build'),
    lock: join(out, '.rebuild.lock'),
  };
}

/** A problem with the output folder; `message` is Korean. */
export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** Release names, oldest first. */
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
    throw new ReleaseError(`${current}이(가) 심볼릭 링크가 아닙니다. 직접 만든 폴더라면 옮긴 뒤 다시 실행해 주세요.`);
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

/** Points `current` at `release` in one step. */
export function switchCurrent(out: string, release: string): void {
  const { current, releases } = layout(out);
  if (!existsSync(join(releases, release))) throw new ReleaseError(`릴리스가 없습니다: ${release}`);
  const temp = join(out, `.current-${process.pid}-${Date.now()}`);
  // Relative target: the output folder can be moved or synced elsewhere as a whole.
  symlinkSync(join('releases', release), temp);
  try {
    renameSync(temp, current);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Deletes the oldest releases beyond `keep`, never the current one. Returns the deleted names. */
export function pruneReleases(out: string, keep: number): string[] {
  const current = currentRelease(out);
  const releases = listReleases(out);
  const doomed = releases.slice(0, Math.max(0, releases.length - keep)).filter((name) => name !== current);
  for (const name of doomed) rmSync(join(layout(out).releases, name), { recursive: true, force: true });
  return doomed;
}

/**
 * Switches `current` to the release before it (by release order).
 * @returns the releases switched from and to.
 * @throws {ReleaseError} when nothing is published or there is no older release.
 */
export function rollback(out: string): { from: string; to: string } {
  const from = currentRelease(out);
  if (from === null) throw new ReleaseError('게시된 릴리스가 없어 되돌릴 수 없습니다.');
  const releases = listReleases(out);
  const index = releases.indexOf(from);
  const to = index > 0 ? releases[index - 1] : undefined;
  if (to === undefined) throw new ReleaseError(`${from}보다 이전 릴리스가 없어 되돌릴 수 없습니다.`);
  switchCurrent(out, to);
  return { from, to };
}

/**
 * Takes the output folder's lock so two runs (a slow night and the next cron tick) never
 * build or switch at once. A lock left by a dead process is taken over.
 * @returns a function releasing the lock.
 */
export function acquireLock(out: string): () => void {
  const { lock } = layout(out);
  mkdirSync(out, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lock, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new ReleaseError(`다른 재빌드가 실행 중입니다 (pid ${pid}, 잠금 파일 ${lock}).`);
      }
      rmSync(lock, { force: true });
    }
  }
  throw new ReleaseError(`잠금 파일을 만들 수 없습니다: ${lock}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
