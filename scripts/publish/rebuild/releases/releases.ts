/**
 * The releases in the output folder (rebuild/output-folder.ts): which exist, which one `current`
 * points to, and whether one is complete enough to serve. The switch of `current` is
 * switch-current.ts, its record history.ts, pruning prune-releases.ts, rollback and its hold
 * rollback.ts and hold.ts.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MANIFEST_FILE } from '../../lib/release.ts';
import type { OutputFolder } from '../output-folder.ts';
import { readManifest, type ReleaseManifest } from '../release/manifest.ts';

/** A problem with the output folder; `message` is Korean. */
export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** Release folder names (unordered: their order means nothing, the history does). */
export function listReleases(folder: OutputFolder): string[] {
  const dir = folder.releases;
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** The release `current` points to, or `null` when nothing is published yet. */
export function currentRelease(folder: OutputFolder): string | null {
  const { current } = folder;
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

/**
 * The release the shrinking-content guard compares with: the live one when its manifest has
 * counts, else the newest release whose manifest has them (an unreadable manifest or a dangling
 * `current` must not switch the guard off); `null` when none has (the empty-list guard applies).
 */
export function countsBaseline(
  folder: OutputFolder,
  live: ReleaseManifest | null,
  warn: (message: string) => void,
): ReleaseManifest | null {
  const hasCounts = (manifest: ReleaseManifest | null) =>
    !!manifest && Object.keys(manifest.counts).length > 0;
  if (hasCounts(live)) return live;
  for (const name of [...listReleases(folder)].sort().reverse()) {
    const manifest = readManifest(join(folder.release(name), MANIFEST_FILE), () => {});
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
export function releaseProblems(folder: OutputFolder, release: string): string[] {
  const dir = folder.release(release);
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
