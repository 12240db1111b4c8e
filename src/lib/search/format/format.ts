/**
 * The index files' shapes, written by `build-index.ts` and read back by `searcher.ts`. Every
 * file is validated when read: a CDN may serve a stale or truncated copy.
 *
 * Layout (version 3): the entry `/search/index.json` holds every document's metadata (a row per
 * slot: the title, type, date, address and a short lead of the body), the base files' names and
 * the delta since the base (the texts of documents added or changed since then). Base files,
 * under `/search-index/`: term shards (the postings of every gram starting with a given first
 * character), named by the base and their index so that a page can name a query's shard before
 * the entry arrives (shard-names.ts), and text files (the documents' plain text, for excerpt
 * windows), named by their content's hash. Base postings and texts refer to documents by slot, a
 * row's place in the entry. A term shard rewritten since its base (a removed document's postings
 * dropped) takes a new name, its base's and index with its content's hash, and the entry's
 * `termsHash` then vouches for the shards' content. (Version 2 named term shards by their
 * content and spread first characters over them by another hash: its files cannot be read as
 * version 3's.)
 */
import { z } from 'zod/mini';
import { SEARCH_TYPES, type SearchType } from './types.ts';

export const FORMAT_VERSION = 3;

const count = z.number().check(z.int(), z.nonnegative());
/**
 * `<kind>-<contenthash>.json`, a base's term shard `terms-<base>-<index>.json` ({@link termShardName}),
 * or one rewritten since the base `terms-<base>-<index>-<contenthash>.json` ({@link rewrittenShardName}).
 */
const fileName = z.string().check(z.regex(/^[a-z]+-[0-9a-f]{8,64}(-[0-9a-z]{1,4}(-[0-9a-f]{16})?)?\.json$/));
/**
 * A same-origin absolute folder: its files are fetched by `base + name`, and `//host/` (a
 * protocol-relative address) or a scheme would send the searcher to another origin.
 */
const folder = z.string().check(z.regex(/^\/(?:[\w\-.]+\/)*$/));
const date = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/));

/**
 * Where a document's text is: a base text file (its index in `texts`), or {@link IN_DELTA} for a
 * document added or changed since the base (its text is in the entry's `delta`, and a base
 * slot's postings in the term shards no longer hold).
 */
export const IN_DELTA = -1;

/** [id, type index, date or '', title length, body length, title, url, lead, text file or IN_DELTA] */
const DocRow = z.tuple([
  z.string().check(z.minLength(1)),
  count,
  date,
  count,
  count,
  z.string(),
  z.string(),
  z.string(),
  z.number().check(z.int(), z.gte(IN_DELTA)),
]);
export type DocRow = z.infer<typeof DocRow>;

/** A document's row read by name: code reads these, never the row's positions (FORMAT.md). */
export interface DocFields {
  id: string;
  /** Index in the entry's `types`. */
  typeIndex: number;
  /** YYYY-MM-DD, or '' when the document has none. */
  date: string;
  /** Grams in the title and in the body: the ranking's field lengths. */
  titleLength: number;
  bodyLength: number;
  title: string;
  url: string;
  /** The text's first characters: the excerpt until the text file is read. */
  lead: string;
  /** Index in the entry's `texts`, or {@link IN_DELTA}. */
  textFile: number;
}

export function fieldsOf(row: DocRow): DocFields {
  const [id, typeIndex, date, titleLength, bodyLength, title, url, lead, textFile] = row;
  return { id, typeIndex, date, titleLength, bodyLength, title, url, lead, textFile };
}

export function rowOf(doc: DocFields): DocRow {
  const { id, typeIndex, date, titleLength, bodyLength, title, url, lead, textFile } = doc;
  return [id, typeIndex, date, titleLength, bodyLength, title, url, lead, textFile];
}

export const EntrySchema = z.object({
  v: z.literal(FORMAT_VERSION),
  base: folder,
  types: z.array(z.enum(SEARCH_TYPES as [SearchType, ...SearchType[]])),
  /** The longest gram the term shards hold (a query word is covered by grams this long). */
  gram: z.number().check(z.int(), z.gte(2), z.lte(8)),
  /** By slot; null for a document deleted since the base (its base postings are ignored). */
  docs: z.array(z.nullable(DocRow)),
  /** Slots below this are the base's; those above were added since. */
  baseDocs: count,
  averageTitle: z.number().check(z.nonnegative()),
  averageBody: z.number().check(z.nonnegative()),
  terms: z.array(fileName).check(z.minLength(1)),
  /**
   * Once a term shard is rewritten since the base (a removed text's postings dropped), its
   * base's id no longer hashes the shards' content: this does (the hash of all of them, in
   * order), for the next build to check the files it keeps. Absent while none is rewritten.
   */
  termsHash: z.optional(z.string().check(z.regex(/^[0-9a-f]{16}$/))),
  texts: z.array(fileName),
  /** The base files' compressed bytes: the delta's bound is a share of it (build-index.ts). */
  baseBytes: count,
  /**
   * What the entry and each base file weigh as a CDN sends them (brotli), by index in `terms`
   * and `texts`: a query's excerpt windows are fetched within its budget (searcher.ts). Absent
   * from an index written before it: then only the budget's request count applies.
   */
  sizes: z.optional(z.object({ terms: z.array(count), texts: z.array(count), entry: count })),
  /** The texts of the documents whose row says IN_DELTA, by slot (base 36). */
  delta: z.record(z.string(), z.string()),
});
export type Entry = z.infer<typeof EntrySchema>;

/** Postings of one term: `slot[.body[.title]]` joined by commas (see {@link encodePostings}). */
const POSTINGS = /^[0-9a-z]+(\.\d+){0,2}(,[0-9a-z]+(\.\d+){0,2})*$/;

export const TermShardSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  t: z.record(z.string(), z.string().check(z.regex(POSTINGS))),
});
export type TermShard = z.infer<typeof TermShardSchema>;

export const TextFileSchema = z.object({
  v: z.literal(FORMAT_VERSION),
  /** Plain text by slot (base 36). */
  d: z.record(z.string(), z.string()),
});
export type TextFile = z.infer<typeof TextFileSchema>;

/** One document's counts for one term: [slot, count in title, count in body]. */
export type SlotPosting = [number, number, number];

/**
 * One string per term instead of an array per document: a JSON array of `[key, 0, 1]` costs
 * three times the bytes. Most postings are one body occurrence: the slot alone.
 */
export function encodePostings(postings: readonly SlotPosting[]): string {
  return postings
    .map(([slot, title, body]) => {
      const key = slot.toString(36);
      if (title > 0) return `${key}.${body}.${title}`;
      return body === 1 ? key : `${key}.${body}`;
    })
    .join(',');
}

export function decodePostings(encoded: string): SlotPosting[] {
  return encoded.split(',').map((part) => {
    const [key, body, title] = part.split('.');
    return [
      parseInt(key!, 36),
      title === undefined ? 0 : Number(title),
      body === undefined ? 1 : Number(body),
    ];
  });
}

/** Term → slot → [count in title, count in body]: what a term's postings are made from. */
export type GramCounts = Map<string, Map<number, [number, number]>>;

/** Counts the terms of one field (0 title, 1 body) of one document into `counts`. */
export function countTerms(counts: GramCounts, slot: number, terms: readonly string[], field: 0 | 1): void {
  for (const term of terms) {
    let bySlot = counts.get(term);
    if (!bySlot) counts.set(term, (bySlot = new Map()));
    const pair = bySlot.get(slot) ?? [0, 0];
    pair[field]++;
    bySlot.set(slot, pair);
  }
}
