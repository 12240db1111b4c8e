/**
 * How the searcher reads the entry (once, and again past the HTTP cache when a file it names is
 * gone) and the term shards (by the entry's names, and beforehand by the page's hint).
 */
import {
  DeltaSchema,
  EntrySchema,
  TermShardSchema,
  type Delta,
  type Entry,
  type TermShard,
} from '../format/format.ts';
import { analyzeQuery, queryShards } from '../format/query.ts';
import { termShardPath, type ShardHint } from '../format/shard-names.ts';
import { deltaIndexOf, type DeltaIndex } from './corpus.ts';
import type { FileStore, Schema } from './file-store.ts';
import { SearchIndexError } from './index-error.ts';

export const ENTRY = EntrySchema as Schema<Entry>;
export const TERM_SHARD = TermShardSchema as Schema<TermShard>;
const DELTA = DeltaSchema as Schema<Delta>;

/** The entry read, and its delta once read (a first query reads it beside the term shards). */
export interface Loaded {
  entry: Entry;
  /** The delta's documents and postings: null while the delta file is to come. */
  delta: DeltaIndex | null;
  /** Reads the delta file (once; none: at once). */
  loadDelta(): Promise<DeltaIndex>;
}

function loadedOf(store: FileStore, entry: Entry): Loaded {
  let pending: Promise<DeltaIndex> | null = null;
  const loaded: Loaded = {
    entry,
    delta: entry.delta ? null : deltaIndexOf(entry, null),
    loadDelta() {
      if (loaded.delta) return Promise.resolve(loaded.delta);
      const url = store.resolve(entry.base + entry.delta!.name);
      pending ??= store.load(url, DELTA).then(
        (delta) => (loaded.delta = deltaIndexOf(entry, delta)),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  return loaded;
}

/** The entry as a searcher holds it: read once, and read again past the HTTP cache when a file it names is gone. */
export interface EntryReader {
  /** The entry, read once (`fresh`: again, past the HTTP cache); a failure is forgotten. */
  load(fresh?: boolean): Promise<Loaded>;
  /** The entry once read: what an answer at once reads. */
  now(): Loaded | null;
  /** The entry that answers once a file `stale` names could not be read (`entryAfter`). */
  after(stale: Loaded, failure: unknown): Promise<Loaded>;
}

export function entryReader(store: FileStore, entryUrl: string): EntryReader {
  let entryPromise: Promise<Loaded> | null = null;
  let entryRead: Loaded | null = null;
  function load(fresh = false): Promise<Loaded> {
    if (!entryPromise || fresh) {
      const pending = store.load(entryUrl, ENTRY, fresh).then((entry) => loadedOf(store, entry));
      entryPromise = pending;
      pending.then(
        (loaded) => (entryRead = loaded),
        () => {
          if (entryPromise === pending) entryPromise = null;
        },
      );
    }
    return entryPromise;
  }
  /** The entry read again in place of `stale`, once for every search that found a file of it gone. */
  const renewals = new WeakMap<Loaded, Promise<Loaded>>();
  function renewedEntry(stale: Loaded): Promise<Loaded> {
    let renewal = renewals.get(stale);
    if (!renewal) renewals.set(stale, (renewal = load(true)));
    return renewal;
  }
  return { load, now: () => entryRead, after: (stale, failure) => entryAfter(stale, failure, renewedEntry) };
}

/** What names an entry's files: another value, other files. */
const named = (entry: Entry) =>
  JSON.stringify([entry.base, entry.id, entry.hash, entry.rewritten, entry.delta]);

/**
 * The entry that answers once a file `stale` names could not be read: the entry read again past
 * the HTTP cache, when it names other files (a publish withdrew some); else the failure stands.
 */
async function entryAfter(
  stale: Loaded,
  failure: unknown,
  renewedEntry: (stale: Loaded) => Promise<Loaded>,
): Promise<Loaded> {
  if (!(failure instanceof SearchIndexError)) throw failure;
  let renewed: Loaded;
  try {
    renewed = await renewedEntry(stale);
  } catch {
    throw failure;
  }
  if (named(renewed.entry) === named(stale.entry)) throw failure;
  return renewed;
}

/** The term shards a searcher reads: by the entry's names, and beforehand by the page's hint. */
export interface TermShardReader {
  /** The term shards a query asked before the entry is read will read, by the page's hint: asked for now. */
  guess(query: string): void;
  /** A term shard the entry names; a guess of the same name that failed is asked for once more. */
  load(url: string): Promise<TermShard>;
}

export function termShardReader(store: FileStore, hint: ShardHint | null | undefined): TermShardReader {
  /** The addresses asked for by the page's hint whose answer the entry has not confirmed yet. */
  const guesses = new Set<string>();
  return {
    guess(query) {
      if (!hint) return;
      for (const index of queryShards(hint.count, analyzeQuery(query, hint.gram), hint.gram)) {
        const url = store.resolve(termShardPath(hint.base, index));
        if (store.asked(url)) continue;
        guesses.add(url);
        // A stale hint's file may be gone (or a shard rewritten since the base, under a new name):
        // the entry's own names are fetched then.
        store.load(url, TERM_SHARD).catch(() => undefined);
      }
    },
    load(url) {
      return store.load(url, TERM_SHARD).catch((error: unknown) => {
        if (!guesses.has(url)) throw error;
        // Forgotten once settled, not at once: a second search waiting on the same guess joins this retry.
        return store.load(url, TERM_SHARD).finally(() => guesses.delete(url));
      });
    },
  };
}
