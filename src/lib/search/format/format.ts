/**
 * The index files' shapes, written by `build-index.ts` and read back by `searcher.ts` (field by
 * field in FORMAT.md). Every file is validated when read: a CDN may serve a stale or truncated copy.
 *
 * Layout (version 4): the entry `/search/index.json` holds a constant-size header (the base's id,
 * where each type's slots start, the term shards' count, the few shards rewritten since the base,
 * the delta file's name, size bounds), never a row per document. Base files, under
 * `/search-index/`: term shards (postings carrying each document's BM25 weights and repeat mark,
 * so ranking reads nothing else), named by the base and their index so a page can name a query's
 * shards before the entry arrives (shard-names.ts); one fragment per document (what a result
 * shows: title, type, date, address, text for the excerpt), named by the base and its slot; and
 * the delta, the documents added or changed since the base, in full. (Version 3 carried a row per
 * document in the entry: its files cannot be read as version 4's.)
 */
import { z } from 'zod/mini';
import { SEARCH_TYPES, type SearchType } from './types.ts';

export const FORMAT_VERSION = 4;

const count = z.number().check(z.int(), z.nonnegative());
const hash16 = z.string().check(z.regex(/^[0-9a-f]{16}$/));
/** `delta-<contenthash>.json`. */
const deltaName = z.string().check(z.regex(/^delta-[0-9a-f]{16}\.json$/));
/**
 * A same-origin absolute folder: its files are fetched by `base + name`, and `//host/` (a
 * protocol-relative address) or a scheme would send the searcher to another origin.
 */
const folder = z.string().check(z.regex(/^\/(?:[\w\-.]+\/)*$/));
const date = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/));
const typeEnum = z.enum(SEARCH_TYPES as [SearchType, ...SearchType[]]);

export const EntrySchema = z.object({
  v: z.literal(FORMAT_VERSION),
  base: folder,
  /** The base's id, in its term shards' and fragments' names. */
  id: hash16,
  /** The hash of the term shards and fragments the entry names, in order (the next build checks them). */
  hash: hash16,
  types: z.array(typeEnum).check(z.minLength(1)),
  /** The first base slot of each type, by index in `types` (base slots are ordered by type). */
  typeStarts: z.array(count),
  /** The longest gram the term shards hold (a query word is covered by grams this long). */
  gram: z.number().check(z.int(), z.gte(2), z.lte(8)),
  /** How many term shards. */
  shards: z.number().check(z.int(), z.gte(1), z.lte(9999)),
  /** Slots below this are the base's; the delta's added documents take slots from here. */
  baseDocs: count,
  /** Live documents: BM25's N. */
  docs: count,
  averageTitle: z.number().check(z.nonnegative()),
  averageBody: z.number().check(z.nonnegative()),
  /** Term shard index (base 36) → content hash, for each shard rewritten since the base. */
  rewritten: z.record(z.string().check(z.regex(/^[0-9a-z]{1,4}$/)), hash16),
  delta: z.optional(z.object({ name: deltaName, bytes: count })),
  /** Brotli bytes of the entry, and bounds: the largest term shard and fragment. */
  sizes: z.object({ entry: count, shard: count, fragment: count }),
});
export type Entry = z.infer<typeof EntrySchema>;

/** Postings of one term: `gap.weights[~back]` joined by commas (see {@link encodePostings}). */
const POSTINGS =
  /^[0-9a-z]+\.[0-9a-z]{2}([0-9a-z]{2})?(~[0-9a-z]+)?(,[0-9a-z]+\.[0-9a-z]{2}([0-9a-z]{2})?(~[0-9a-z]+)?)*$/;

/** What a result's line shows of a document before its text: type, date, title, address. */
const rowFields = {
  /** Type, by index in the entry's `types`. */
  t: count,
  d: date,
  ti: z.string(),
  u: z.string(),
};

/** A base document's row in a term shard: its id and what its result's line shows. */
export const RowSchema = z.object({ i: z.string().check(z.minLength(1)), ...rowFields });
export type Row = z.infer<typeof RowSchema>;

export const TermShardSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  t: z.record(z.string(), z.string().check(z.regex(POSTINGS))),
  /**
   * Base slot (base 36) → row, for the best `ROW_TOP` documents of each term here: a query's
   * first results are drawn from the shards it reads beside the entry, before any fragment.
   */
  r: z.optional(z.record(z.string().check(z.regex(/^[0-9a-z]{1,6}$/)), RowSchema)),
});
export type TermShard = z.infer<typeof TermShardSchema>;

/** What a result shows of a document (a fragment's, or a delta document's, fields). */
const docFields = {
  /** Slot. */
  s: count,
  /** Id, stable across publishes. */
  i: z.string().check(z.minLength(1)),
  ...rowFields,
  /** The text (a fragment's up to `FRAGMENT_TEXT` characters; a delta document's whole). */
  x: z.string(),
};

export const FragmentSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  ...docFields,
  /** The whole document's hash: the next build tells it unchanged by it. */
  h: hash16,
  /** For a document that repeats another's text: its repeat group's first base slot. */
  r: z.optional(count),
});
export type Fragment = z.infer<typeof FragmentSchema>;

export const DeltaDocSchema = z.object({
  ...docFields,
  /** The repeat group of the base it repeats (its first base slot), when it repeats a base document's text. */
  g: z.optional(count),
  /** Else, when an earlier delta document has its text: that one's slot. */
  k: z.optional(count),
});
export type DeltaDoc = z.infer<typeof DeltaDocSchema>;

export const DeltaSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  d: z.array(DeltaDocSchema),
});
export type Delta = z.infer<typeof DeltaSchema>;

/**
 * Documents a term shard carries the row of, for each of its terms: the term's best by weight,
 * repeats of another's text left out (they rank after it). A query's first result is almost
 * always among its words' best three.
 */
export const ROW_TOP = 3;

/** Characters of a document's text a fragment carries: the excerpt window is cut from them. */
export const FRAGMENT_TEXT = 2_000;

/**
 * One document's posting for one term: [slot, title weight, body weight, back]. Weights are
 * BM25's normalised term frequencies (`tf / (1 - b + b·len/avg)`, 0 when the field lacks the
 * term); for a `^` (initials) term, the place of the initials in the title's initials and their
 * length. `back`: the slots back to the first of the document's repeat group (0: none).
 */
export type WeightedPosting = [number, number, number, number];

const LOG_STEPS = 20;
const LOG_ZERO = 400;
const CODE_MAX = 36 * 36 - 1;

/** A weight as an integer code of two base-36 digits: on a log scale of 2^(1/20); 0 for none. */
export function weightCode(weight: number): number {
  if (!(weight > 0)) return 0;
  return Math.min(CODE_MAX, Math.max(1, Math.round(LOG_STEPS * Math.log2(weight)) + LOG_ZERO));
}

export function weightOf(code: number): number {
  return code === 0 ? 0 : 2 ** ((code - LOG_ZERO) / LOG_STEPS);
}

/** Whether a term's weights are raw integers (`^` initials: place and length), not log-coded. */
export const isInitialsTerm = (term: string) => term.startsWith('^');

const code2 = (code: number) => Math.min(CODE_MAX, Math.max(0, code)).toString(36).padStart(2, '0');

/**
 * One string per term: slot gaps and two-digit weights, a JSON array per document would cost
 * several times the bytes. Postings must be in slot order. `raw`: integer weights (initials).
 */
export function encodePostings(postings: readonly WeightedPosting[], raw = false): string {
  let previous = 0;
  return postings
    .map((posting) => {
      const part = postingString(posting, previous, raw);
      previous = posting[0];
      return part;
    })
    .join(',');
}

/** One posting as `encodePostings` writes it, after the posting of slot `previous` (0 for the first). */
export function postingString(
  [slot, title, body, back]: WeightedPosting,
  previous: number,
  raw = false,
): string {
  const code = (w: number) => (raw ? Math.round(w) : weightCode(w));
  const titleCode = code(title);
  const weights = code2(code(body)) + (titleCode > 0 ? code2(titleCode) : '');
  return `${(slot - previous).toString(36)}.${weights}${back > 0 ? `~${back.toString(36)}` : ''}`;
}

export function decodePostings(encoded: string, raw = false): WeightedPosting[] {
  let slot = 0;
  return encoded.split(',').map((part) => {
    const [head, back] = part.split('~');
    const [gap, weights] = head!.split('.');
    slot += parseInt(gap!, 36);
    const value = (digits: string) => {
      const code = digits ? parseInt(digits, 36) : 0;
      return raw ? code : weightOf(code);
    };
    return [slot, value(weights!.slice(2)), value(weights!.slice(0, 2)), back ? parseInt(back, 36) : 0];
  });
}
