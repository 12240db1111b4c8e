/**
 * Build time: drawn share pictures on disk, one JPEG a key (`<dir>/<key>.jpg`, share-picture-key.ts),
 * under the build's cache folder (`<cacheDir>/share-pictures/`, set by
 * src/integrations/share-pictures/). Astro's own page cache is dropped whole by any code change;
 * this one is keyed by what a picture shows and how it is drawn, so it outlives such a change.
 *
 * A picture is written to a temporary file and renamed into place, so a build killed mid-write
 * leaves no half picture under a key; a file that is not a whole JPEG anyway (a disk's fault, a
 * hand's) reads as missing and is drawn again. The store holds what the last successful build used
 * and nothing else (`prune`): its size follows the content, and a deleted item's picture leaves it.
 *
 * No drawing library here: the build's integration imports this module from astro.config.mjs.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the build keeps drawn share pictures; set for a build only (dev draws each time). */
export const SHARE_PICTURES_DIR_ENV = 'SHARE_PICTURES_DIR';

/**
 * The build's end, as the bundled pages register it on `globalThis`: the integration and the
 * pages' bundle hold two copies of these modules, and a symbol of the registry is what they share.
 */
export const FINISH_SHARE_PICTURES = Symbol.for('insighthire.share-pictures.finish');

/** Runs what the build's pages registered for the build's end, if anything (closes the workers, prunes). */
export async function finishSharePictures(): Promise<void> {
  const finish = (globalThis as { [FINISH_SHARE_PICTURES]?: () => Promise<void> })[FINISH_SHARE_PICTURES];
  await finish?.();
}

const NAME = /^([0-9a-f]{64})\.jpg$/;
/** Temporary files of this process; another's are a killed build's leftovers. */
const TEMP_TAG = `.${process.pid}.`;

/** Whether `bytes` hold a whole JPEG: its start and end markers (a cut file has no end marker). */
export function isWholeJpeg(bytes: Uint8Array): boolean {
  const n = bytes.length;
  return n > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
}

export class SharePictureStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private file(key: string): string {
    return join(this.dir, `${key}.jpg`);
  }

  /** The keys with a file, whole or not (the build draws the others ahead). */
  keys(): Set<string> {
    try {
      return new Set(readdirSync(this.dir).flatMap((name) => NAME.exec(name)?.[1] ?? []));
    } catch {
      return new Set();
    }
  }

  /** The picture of `key`, or null when there is none or it is not a whole JPEG. */
  read(key: string): Buffer | null {
    try {
      const bytes = readFileSync(this.file(key));
      return isWholeJpeg(bytes) ? bytes : null;
    } catch {
      return null;
    }
  }

  /** Keeps `jpeg` under `key`; false when it could not (the build goes on with it in memory). */
  write(key: string, jpeg: Uint8Array): boolean {
    const temp = `${this.file(key)}${TEMP_TAG}${randomBytes(4).toString('hex')}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(temp, jpeg);
      renameSync(temp, this.file(key));
      return true;
    } catch {
      rmSync(temp, { force: true });
      return false;
    }
  }

  /** Removes every picture whose key is not in `keep`, and killed builds' temporary files; how many pictures went. */
  prune(keep: ReadonlySet<string>): number {
    let removed = 0;
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      const key = NAME.exec(name)?.[1];
      const stale = key ? !keep.has(key) : name.endsWith('.tmp') && !name.includes(TEMP_TAG);
      if (!stale) continue;
      rmSync(join(this.dir, name), { force: true });
      if (key) removed++;
    }
    return removed;
  }
}
