/**
 * The rebuild's output folder (`--out`), named once per run and handed to every phase that
 * reads or writes it, so no phase re-derives a path:
 *
 *   DIR/current          symlink → releases/<name> (what the host serves / uploads)
 *   DIR/releases/<name>  one complete site per published build
 *   DIR/history.jsonl    one line per switch of `current` (publish, rollback, resume)
 *   DIR/hold.json        written by a rollback before it switches: runs publish nothing until
 *                        `--resume`
 *   DIR/pending-purge.json  the routes the CDN may still serve from before a publish: added
 *                        before each switch, removed by `npm run purge` once purged
 *                        (lib/pending-purge.ts)
 *   DIR/cache            Astro's cacheDir, kept between runs
 *   DIR/api/             what the rebuild knows of the API between runs (the poll's base
 *                        snapshot, the answers with their validators, a full read's journal
 *                        until its snapshot is published)
 *   DIR/.build           the build in progress (a fixed path: Astro bakes the output folder into
 *                        its page hashes, so a new folder per build would defeat the page cache)
 *   DIR/.snapshot.json   the snapshot the build in progress renders
 *   DIR/.search-index.json  the search index of that snapshot, made for the route list and
 *                        handed to the build (src/lib/search/index/prebuilt-index.ts)
 *   DIR/.rebuild.lock    the run's lock (lock.ts)
 */
import { join } from 'node:path';
import { PENDING_PURGE_FILE } from '../lib/pending-purge.ts';

/** Paths inside one output folder. */
export interface OutputFolder {
  /** The folder itself. */
  readonly root: string;
  readonly current: string;
  readonly releases: string;
  readonly cache: string;
  readonly api: {
    readonly dir: string;
    readonly base: string;
    readonly answers: string;
    /** A full read's answers until its snapshot is published (read/read-journal.ts). */
    readonly journal: string;
  };
  readonly history: string;
  readonly hold: string;
  readonly pendingPurge: string;
  readonly lock: string;
  readonly staging: string;
  readonly snapshot: string;
  /**
   * The search index the route list made, for the build in progress (prebuilt-index.ts): a named
   * pipe the build reads it from (release/index-handoff.ts), or the file itself.
   */
  readonly searchIndex: string;
  /** The index as made, sent through the pipe `searchIndex`. */
  readonly searchIndexMade: string;
  /** The folder of one release. */
  release(name: string): string;
}

/** Names the paths of the output folder `out` (an absolute path). */
export function outputFolder(out: string): OutputFolder {
  const releases = join(out, 'releases');
  const api = join(out, 'api');
  return {
    root: out,
    current: join(out, 'current'),
    releases,
    cache: join(out, 'cache'),
    api: {
      dir: api,
      base: join(api, 'snapshot.json'),
      answers: join(api, 'answers.json'),
      journal: join(api, 'read-journal.jsonl'),
    },
    history: join(out, 'history.jsonl'),
    hold: join(out, 'hold.json'),
    pendingPurge: join(out, PENDING_PURGE_FILE),
    lock: join(out, '.rebuild.lock'),
    staging: join(out, '.build'),
    snapshot: join(out, '.snapshot.json'),
    searchIndex: join(out, '.search-index.json'),
    searchIndexMade: join(out, '.search-index.made.json'),
    release: (name) => join(releases, name),
  };
}
