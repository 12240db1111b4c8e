/**
 * What the search index builder takes and gives (build-index.ts), apart from it so that the
 * publish over a previous index (over-previous.ts, previous-index.ts) can name them without
 * importing the builder that calls it.
 */
import type { Entry } from '../format/format.ts';
import type { SearchFile } from './index-files.ts';

/** The entry file `/search/index.json`. */
export type SearchEntry = Entry;

/** The previous release's index: its entry (as read, unvalidated) and its files by name. */
export interface PreviousIndex {
  entry: unknown;
  files: ReadonlyMap<string, string>;
}

export interface BuildOptions {
  /** The longest gram indexed (the bench compares lengths). */
  gram?: number;
  /** A fixed term shard count instead of the size-based one. */
  termShards?: number;
  /** The previous release's index: its base files are kept when it is usable. */
  previous?: PreviousIndex | undefined;
  /** Why the previous index was not used (a full base is made instead). */
  onPreviousRejected?: (reason: string) => void;
}

export interface BuiltIndex {
  entry: SearchEntry;
  files: SearchFile[];
  /** Whether this build made a fresh base (no usable previous index, or the delta outgrew its bound). */
  fresh: boolean;
  /**
   * The previous index's files that held text the content no longer has, by name: not part of
   * this release, and to be purged where they are still served (a takedown): the fragments of
   * deleted or changed documents, the term shards rewritten without their grams, a delta file
   * holding an old text. After a fold: every previous file this index does not keep, when some
   * document was deleted or changed. Empty without a usable previous index.
   */
  withdrawn: string[];
}
