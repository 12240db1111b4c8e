/**
 * The release folder being deployed (`--from`, e.g. `out/current`): its id, its hashed files and
 * which of its files are not for the public.
 */
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { CHANGED_ROUTES_FILE, MANIFEST_FILE, newReleaseName } from '../lib/release.ts';
import { RELEASE_ID } from './host-paths.ts';

/** Files of a release that are records of the rebuild or the host's settings, never served. */
export const PRIVATE_FILES = [MANIFEST_FILE, CHANGED_ROUTES_FILE, '_headers'] as const;

export interface LocalRelease {
  /** The folder (symbolic links resolved: `out/current` → `out/releases/<id>`). */
  dir: string;
  /** The release's name on the host. */
  id: string;
  /** Its hashed files as pool paths (`_astro/client.Cd-EeyjT.js`), sorted. */
  assets: string[];
  /** How many other files it has (pages, pictures, feeds) besides the private ones. */
  files: number;
}

/** Not a release folder; the message is Korean. */
export class ReleaseFolderError extends Error {}

function walk(dir: string, root: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, root, out);
    else out.push(relative(root, path).split(sep).join('/'));
  }
}

/**
 * Reads the release at `from`. Its id is the folder's own name when it is a rebuild release
 * (it has `manifest.json`, and `npm run rebuild` never reuses a name), so deploying the same
 * release twice is recognised; any other folder (`dist/`) gets a new id from the time.
 * @throws {ReleaseFolderError}
 */
export function readRelease(from: string, hashedFolders: readonly string[], now: Date): LocalRelease {
  let dir: string;
  try {
    dir = realpathSync(from);
  } catch {
    throw new ReleaseFolderError(`릴리스 폴더가 없습니다: ${from}`);
  }
  if (!statSync(dir).isDirectory()) throw new ReleaseFolderError(`폴더가 아닙니다: ${from}`);
  if (!existsSync(join(dir, 'index.html'))) {
    throw new ReleaseFolderError(`index.html이 없어 사이트 폴더로 보이지 않습니다: ${from}`);
  }
  const all: string[] = [];
  walk(dir, dir, all);
  const inPool = (file: string) => hashedFolders.some((folder) => file.startsWith(`${folder}/`));
  const assets = all.filter(inPool).sort();
  const files = all.filter(
    (file) => !inPool(file) && !(PRIVATE_FILES as readonly string[]).includes(file),
  ).length;
  const own = basename(dir);
  const id = existsSync(join(dir, MANIFEST_FILE)) && RELEASE_ID.test(own) ? own : newReleaseName(now, []);
  return { dir, id, assets, files };
}
