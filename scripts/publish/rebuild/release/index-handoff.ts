/**
 * Hands the build the search index the rebuild makes while the build starts, rather than before.
 *
 * The rebuild needs the snapshot's index for its route list (routes.ts), and the build takes it
 * from the file `SEARCH_PREBUILT_INDEX` names instead of making it again. Made before the build,
 * it held the build back by its whole time (six seconds for an edit at 50 times our content),
 * while Astro then spent five more starting, syncing content and bundling, none of which needs
 * it. Here that file is a named pipe: the build starts at once, its first read of the index
 * (the first page it renders) waits at the pipe until the rebuild sends it, and meanwhile the
 * two processes use both cores.
 *
 * Whatever happens, the build is never left waiting for nothing: a failed index is sent as an
 * empty file (the build then makes its own, as it does for any unreadable one), a read after the
 * first finds a plain file, and an index the build never read is let go once the build has
 * ended. Two reads at once would each get part of it: unreadable, so each would make its own
 * (slower, not wrong: the build takes an index only when it parses and names its own documents).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, constants, openSync, renameSync, rmSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export interface IndexHandoff {
  /** The path to give the build (`SEARCH_PREBUILT_INDEX`). */
  readonly path: string;
  /**
   * Sends the prebuilt index file `file` (`writePrebuiltIndex`), or `null` for none: the build's
   * read then ends on an empty file. Only the first call counts.
   */
  send(file: string | null): void;
  /** Once the build has ended: lets go of an index it did not read, and removes the pipe. */
  close(): Promise<void>;
}

/** How often `close` wakes a send still waiting for a reader, until it has ended. */
const WAKE_MS = 10;

/**
 * A named pipe at `path` for the index, or `null` where one cannot be made (no `mkfifo`): the
 * caller then writes the index as a plain file before the build, as it always could.
 */
export function openIndexHandoff(path: string): IndexHandoff | null {
  rmSync(path, { force: true });
  rmSync(`${path}.plain`, { force: true });
  const made = spawnSync('mkfifo', ['-m', '600', path], { stdio: 'ignore' });
  if (made.status !== 0) {
    rmSync(path, { force: true });
    return null;
  }
  let sending: Promise<void> | undefined;
  const sendOnce = async (file: string | null) => {
    const content = file ? await readFile(file) : Buffer.alloc(0);
    // Opening the pipe to write waits (in the thread pool) for the build to open it to read.
    const pipe = await open(path, 'w');
    try {
      await pipe.writeFile(content);
      // Any later read finds a plain file with the same content, never a pipe nobody writes to
      // any more; put in place before this end closes, so no read can open the pipe after it.
      await writeFile(`${path}.plain`, content);
      renameSync(`${path}.plain`, path);
    } finally {
      await pipe.close();
    }
  };
  return {
    path,
    send(file) {
      sending ??= sendOnce(file).catch(() => {
        // The build ended without reading it all: nothing is waiting for the rest.
      });
    },
    async close() {
      let ended = false;
      void sending?.then(() => (ended = true));
      // A reading end opened and closed wakes a send waiting for a reader, whose write then fails
      // (no reader) or finishes; repeated, since the send may reach its open only later.
      while (sending && !ended) {
        try {
          const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
          await sleep(WAKE_MS);
          closeSync(reader);
        } catch {
          await sleep(WAKE_MS);
        }
      }
      rmSync(path, { force: true });
      rmSync(`${path}.plain`, { force: true });
    },
  };
}
