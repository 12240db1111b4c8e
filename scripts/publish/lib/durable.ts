/**
 * fsync helpers for the output folder.
 *
 * A rename is atomic for readers, but not for a power cut: the file system may come back with
 * the new name in place and the data it points to never written (`current` → a release of
 * zero-length pages), or with a finished switch forgotten. So the data is synced before the
 * name that points to it, and a directory is synced after a name in it changed.
 *
 * Each file is opened read-only and synced, never read: the cost is one fsync per file.
 */
import {
  closeSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** Flushes one file's (or directory's) data and metadata to the disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Flushes a directory's entries (names created, renamed or removed in it). File systems that
 * cannot sync a directory say so with these codes; there is nothing more to do on them.
 */
export function fsyncDir(path: string): void {
  try {
    fsyncPath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EISDIR') throw error;
  }
}

/**
 * Syncs every file and directory under `root` (and `root` itself), deepest first so a directory
 * is synced after its contents. Symbolic links are not followed: the entry is saved with its
 * directory, and what it points to is not part of the tree.
 */
export function fsyncTree(root: string): { files: number; directories: number } {
  const counts = { files: 0, directories: 0 };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        fsyncPath(path);
        counts.files++;
      }
    }
    fsyncDir(dir);
    counts.directories++;
  };
  walk(root);
  return counts;
}

/** Replaces `path` with `text` all at once and durably (a temporary file, synced, renamed over it). */
export function writeFileDurable(path: string, text: string): void {
  const temp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, text);
    fsyncPath(temp);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  fsyncDir(dirname(path));
}

/** Appends `text` to `path` (created if missing) and syncs it, and its directory for a new file. */
export function appendFileDurable(path: string, text: string): void {
  const fd = openSync(path, 'a');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  fsyncDir(dirname(path));
}
