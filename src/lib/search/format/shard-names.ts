/**
 * How the search index's files are named and found: what a page must know to ask for a query's
 * term shard before the entry arrives. No schema library here (format.ts has the files' shapes):
 * the header's shortcut script (src/features/search/search-shortcut.inline.ts), inline in every
 * page, carries what it needs of it.
 */
import type { AnalyzedQuery } from './query.ts';

/** Where the hashed files are served from (a folder `_headers` marks immutable). */
export const INDEX_FILES_BASE = '/search-index/';

/**
 * A term's shard: by its first character, so every gram a query word of up to `gram` syllables
 * needs, and every term a prefix expands to (온 → 온보, 온라…), sits in one file. Fibonacci hashing
 * of the code point: its top bits spread neighbouring syllables (a code point's low bits would
 * leave some shards empty and others twice the size) in a few operations, little code for the
 * shortcut script to carry.
 */
export function termShardOf(term: string, shards: number): number {
  return Math.floor(((Math.imul(term.codePointAt(0) ?? 0, 0x9e3779b1) >>> 0) * shards) / 2 ** 32);
}

/**
 * A base's term shard is named by the base (the hash of all its term shards, in order) and its
 * index: a page that knows the base ({@link ShardHint}) asks for a query's shards while the entry
 * is still on its way. Still immutable: a name never holds other content.
 */
export function termShardName(base: string, index: number): string {
  return `terms-${base}-${index.toString(36)}.json`;
}

/**
 * A base's term shard rewritten since the base (a removed document's postings dropped from it):
 * a new name, as every name is cached for a year, and still the base's and index (a page's hint,
 * which names the base's, costs a request the entry then answers). Its hash is its content's.
 */
export function rewrittenShardName(base: string, index: number, hash: string): string {
  return `terms-${base}-${index.toString(36)}-${hash}.json`;
}

const TERM_SHARD = /^terms-([0-9a-f]{8,64})-([0-9a-z]{1,4})(?:-([0-9a-f]{16}))?\.json$/;

/** A term shard's name read back: its base, index and, for a rewritten one, its content's hash. */
export function parseTermShardName(name: string): { base: string; index: number; hash?: string } | null {
  const match = TERM_SHARD.exec(name);
  if (!match) return null;
  const index = parseInt(match[2]!, 36);
  // One spelling per index: `01` would name what `1` names.
  if (index.toString(36) !== match[2]) return null;
  return match[3] ? { base: match[1]!, index, hash: match[3] } : { base: match[1]!, index };
}

/** Where a base's term shard is served: what a page asks for before the entry names it. */
export function termShardPath(base: string, index: number): string {
  return INDEX_FILES_BASE + termShardName(base, index);
}

/** What a page needs to name a query's term shards before the entry arrives. */
export interface ShardHint {
  /** The base's id in its term shards' names. */
  base: string;
  /** How many term shards (`termShardOf`'s modulus). */
  count: number;
  /** The longest gram (the entry's `gram`: how a query is cut into terms). */
  gram: number;
}

const HINT = /^([0-9a-f]{8,64}):(\d{1,4}):(\d)$/;

/**
 * The hint for an entry whose term shards are named by {@link termShardName} under the site's
 * folder, as `base:count:gram`; null for one named otherwise: the searcher then waits for the
 * entry. Shards rewritten since the base ({@link rewrittenShardName}) keep the base's hint: a
 * removal does not change every page's bytes, and a guess of a rewritten shard's old name is
 * answered by the entry's name instead (searcher.ts).
 */
export function shardHintOf(entry: { base: string; terms: readonly string[]; gram: number }): string | null {
  const base = parseTermShardName(entry.terms[0] ?? '')?.base;
  if (!base || entry.base !== INDEX_FILES_BASE) return null;
  const named = (name: string, index: number) => {
    const parsed = parseTermShardName(name);
    return parsed?.base === base && parsed.index === index;
  };
  if (!entry.terms.every(named)) return null;
  return `${base}:${entry.terms.length}:${entry.gram}`;
}

/** The hint a page carries, read back; null when absent or malformed (then nothing is guessed). */
export function parseShardHint(text: string | null | undefined): ShardHint | null {
  const match = HINT.exec(text ?? '');
  if (!match) return null;
  const count = Number(match[2]);
  const gram = Number(match[3]);
  return count >= 1 && gram >= 2 ? { base: match[1]!, count, gram } : null;
}

/** Every term a query may look up: its words' terms, the starts of their prefixes, the joins. */
export function lookedUp(query: AnalyzedQuery): string[] {
  const terms: string[] = [...query.joins];
  for (const word of query.words) {
    for (const variant of word.variants) {
      terms.push(...variant.terms);
      if (variant.prefix) terms.push(variant.prefix.start);
    }
  }
  return terms;
}

/** The term shards a query reads, by index, of `count` (none for initials: the entry's titles answer them). */
export function queryShards(count: number, query: AnalyzedQuery): number[] {
  return [...new Set(lookedUp(query).map((term) => termShardOf(term, count)))];
}

/**
 * The term shards of the words typed so far, one for each word's first letter or digit (every
 * term of a word of up to `gram` syllables starts there), for the shortcut script to ask for
 * beside the entry (search-shortcut.inline.ts). Not for the syllable an IME is still building
 * alone at the end (it may yet be another), nor for 초성 (the entry's titles answer them).
 */
export function typedWordShards(typed: string, composing: boolean, base: string, count: number): string[] {
  const words = typed.toLowerCase().split(/\s+/);
  return words.flatMap((word, index) => {
    const first = /[\p{L}\p{N}]/u.exec(word)?.[0];
    const building = composing && index === words.length - 1 && word.length < 2;
    return first && !building && !/[ㄱ-ㆎ]/.test(first)
      ? [termShardPath(base, termShardOf(first, count))]
      : [];
  });
}
