/**
 * How the search index's files are named and found: what a page must know to ask for a query's
 * term shards before the entry arrives. No schema library here (format.ts has the files' shapes):
 * the header's shortcut script (src/features/search/search-shortcut.inline.ts), inline in every
 * page, carries what it needs of it: it imports nothing (a query's shards, which
 * need the query's analysis, are `queryShards` in query.ts).
 */

/** Where the hashed files are served from (a folder `_headers` marks immutable). */
export const INDEX_FILES_BASE = '/search-index/';

/**
 * What picks a term's shard: its first character and the initial of its second (its second
 * character when not Hangul), so a word, its particle-stripped forms (at least two syllables
 * each), the form an IME shows while composing (온볻 for 온보) and the expansions of its prefix
 * (온보ㄷ) share a file; a `^` (initials) term's first four (`^` and three initials). A `*`
 * (one-character prefix) term's key is its text's: `*온` shares the file of the one-syllable word
 * 온 (a query 온 reads both), `*온ㅂ` has the key of what is typed, 온ㅂ (a syllable and the next
 * one's initial, as the shortcut script sees it).
 */
export function shardKey(term: string): string {
  const chars = [...term];
  if (chars[0] === '^') return chars.slice(0, 4).join('');
  if (chars[0] === '*') chars.shift();
  return chars[1] === undefined ? chars[0]! : chars[0]! + initialKey(chars[1]);
}

/**
 * A second character as a key has it: a syllable's initial as a conjoining jamo (U+1100 + its
 * index; arithmetic, no table for the inline script: `fromCharCode` drops the fraction), anything
 * else as it is.
 */
function initialKey(char: string): string {
  const code = char.codePointAt(0)! - 0xac00;
  return code >>> 0 < 11172 ? String.fromCharCode(0x1100 + code / 588) : char;
}

/**
 * A key's shard, of `count`: Fibonacci hashing of its code points, which spreads neighbouring
 * syllables in a few operations (little code for the shortcut script to carry).
 */
function keyShardOf(key: string, count: number): number {
  let hash = 0;
  for (const char of key) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x9e3779b1);
  // Below `count` (at most 8,192): `| 0` floors it.
  return (((hash >>> 0) * count) / 2 ** 32) | 0;
}

/** A term's shard, of `count`: its key's (`shardKey`). */
export function termShardOf(term: string, count: number): number {
  return keyShardOf(shardKey(term), count);
}

/**
 * A base's term shard is named by the base's id and its index: a page that knows the base
 * ({@link ShardHint}) asks for a query's shards while the entry is still on its way. Immutable:
 * the id hashes the base's files, so a name never holds other content.
 */
export function termShardName(base: string, index: number): string {
  return termShardPath(base, index).slice(INDEX_FILES_BASE.length);
}

/** A base's term shard rewritten since the base (a removed document's postings dropped): its content's hash added. */
export function rewrittenShardName(base: string, index: number, hash: string): string {
  return `terms-${base}-${index.toString(36)}-${hash}.json`;
}

/** A base document's fragment: by the base's id and its slot. */
export function fragmentName(base: string, slot: number): string {
  return `frag-${base}-${slot.toString(36)}.json`;
}

const TERM_SHARD = /^terms-([0-9a-f]{16})-([0-9a-z]{1,4})(?:-([0-9a-f]{16}))?\.json$/;

/** A term shard's name read back: its base, index and, for a rewritten one, its content's hash. */
export function parseTermShardName(name: string): { base: string; index: number; hash?: string } | null {
  const match = TERM_SHARD.exec(name);
  if (!match) return null;
  const index = parseInt(match[2]!, 36);
  // One spelling per index: `01` would name what `1` names.
  if (index.toString(36) !== match[2]) return null;
  return match[3] ? { base: match[1]!, index, hash: match[3] } : { base: match[1]!, index };
}

/**
 * Where a base's term shard is served: what a page asks for before the entry names it. The folder
 * spelt out (`INDEX_FILES_BASE`): a constant would cost the shortcut script a declaration.
 */
export function termShardPath(base: string, index: number): string {
  return `/search-index/terms-${base}-${index.toString(36)}.json`;
}

/** The name of a term shard as the entry has it: the base's, or the rewritten one's. */
export function entryShardName(
  entry: { id: string; rewritten: Readonly<Record<string, string>> },
  index: number,
): string {
  const key = index.toString(36);
  const hash = Object.hasOwn(entry.rewritten, key) ? entry.rewritten[key] : undefined;
  return hash ? rewrittenShardName(entry.id, index, hash) : termShardName(entry.id, index);
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

const HINT = /^([0-9a-f]{16}):(\d{1,4}):(\d)$/;

/**
 * The hint for an entry whose files are under the site's folder, as `id:shards:gram`; null
 * otherwise (the searcher then waits for the entry). Shards rewritten since the base keep the
 * base's hint: a removal does not change every page's bytes, and a guess of a rewritten shard's
 * base name is answered by the entry's name instead (searcher.ts).
 */
export function shardHintOf(entry: {
  base: string;
  id: string;
  shards: number;
  gram: number;
}): string | null {
  if (entry.base !== INDEX_FILES_BASE) return null;
  return `${entry.id}:${entry.shards}:${entry.gram}`;
}

/** The hint a page carries, read back; null when absent or malformed (then nothing is guessed). */
export function parseShardHint(text: string | null | undefined): ShardHint | null {
  const match = HINT.exec(text ?? '');
  if (!match) return null;
  const count = Number(match[2]);
  const gram = Number(match[3]);
  return count >= 1 && gram >= 2 ? { base: match[1]!, count, gram } : null;
}

/**
 * Hands `ask` the term shards of the words typed so far (runs of letters and digits, as the query
 * has them), one for each word's first two letters or digits (the key of its terms, of its
 * prefix's expansions and of its `*` prefix term alike: `shardKey`), for the shortcut script to
 * ask for beside the entry (search-shortcut.inline.ts, whose bytes every page's first round trip
 * carries: hence a callback and no array). Not for the syllable an IME is still building alone at
 * the end (it may yet be another). For 초성 (a word of compatibility jamo), the shard of its `^`
 * term's key, its first three initials: all of a query of two or three, the first cover of a
 * longer one's.
 */
export function typedWordShards(
  typed: string,
  composing: boolean,
  base: string,
  count: number,
  ask: (url: string) => void,
): void {
  // Words as the query's (runs of letters and digits); a string's destructuring gives its first three.
  const words = typed.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const last = words.length - 1;
  words.forEach(
    ([first, second, third = ''], index) =>
      first &&
      !(composing && index === last && !second) &&
      ask(
        termShardPath(
          base,
          keyShardOf(
            // A compatibility jamo first (U+3131 to U+318E: 초성), by its code point (a Hangul
            // literal belongs in ko.json; the comparison compresses best in the page): the key of
            // its `^` term. One initial alone, not an IME's, asks for a shard no query reads (a
            // lone initial finds nothing): the bytes a test for it would cost every page are worth more.
            (first.codePointAt(0)! - 0x3131) >>> 0 < 0x5e
              ? '^' + first + second + third
              : second
                ? first + initialKey(second)
                : first,
            count,
          ),
        ),
      ),
  );
}
