/**
 * What the builder's two roads (a fresh base, a publish over the previous index) share: the
 * documents cleaned and counted, hashes and compressed sizes, and the files' bodies.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  FORMAT_VERSION,
  FRAGMENT_TEXT,
  type Delta,
  type DeltaDoc,
  type Fragment,
  type Row,
  type TermShard,
} from '../format/format.ts';
import { leadOf } from '../format/lead.ts';
import type { Entry } from '../format/format.ts';
import { gramLength, normalize } from '../format/tokenize.ts';
import { SEARCH_TYPES, type SearchDoc } from '../format/types.ts';

export interface SearchFile {
  /** File name, served under the entry's `base` (`shard-names.ts`). */
  name: string;
  body: string;
}

/** Compressed size as a CDN serves the files (brotli, best quality). */
export function brotliBytes(body: string): number {
  return brotliCompressSync(Buffer.from(body), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export function hashOf(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

/** Whitespace collapsed: excerpts and offsets work on this text. */
export function cleanText(text: string): string {
  return normalize(text).replace(/\s+/g, ' ').trim();
}

export const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface CleanDoc extends SearchDoc {
  typeIndex: number;
  date: string;
  /** The whole document's hash (a fragment's `h`): unchanged documents keep their slot and files. */
  hash: string;
}

/** The documents, each id once, title and text cleaned, by id. */
export function cleaned(docs: readonly SearchDoc[]): CleanDoc[] {
  const unique = new Map<string, SearchDoc>();
  for (const doc of docs) if (!unique.has(doc.id)) unique.set(doc.id, doc);
  return [...unique.values()]
    .map((doc) => {
      const title = cleanText(doc.title);
      const text = cleanText(doc.text);
      const date = doc.date ?? '';
      const hash = hashOf(JSON.stringify([doc.type, title, doc.url, date, text]));
      return { ...doc, title, text, date, hash, typeIndex: SEARCH_TYPES.indexOf(doc.type) };
    })
    .sort((a, b) => byString(a.id, b.id));
}

/** A document's field lengths (BM25's) and what tells repeats apart, known before its terms are counted. */
export interface MeasuredDoc {
  doc: CleanDoc;
  titleLength: number;
  bodyLength: number;
  /** What tells repeats apart: type, length in grams, lead (rank.ts's `repeatsLast`). */
  textKey: string;
}

export function measured(doc: CleanDoc): MeasuredDoc {
  const bodyLength = gramLength(doc.text);
  return {
    doc,
    titleLength: gramLength(doc.title),
    bodyLength,
    textKey: textKeyOf(doc, bodyLength),
  };
}

export const textKeyOf = (doc: CleanDoc, bodyLength: number) =>
  `${doc.typeIndex}\u0000${bodyLength}\u0000${leadOf(doc.text)}`;

/** A base document's row: what its result's line shows before its fragment. */
export const rowOfDoc = (doc: CleanDoc): Row => ({
  i: doc.id,
  t: doc.typeIndex,
  d: doc.date,
  ti: doc.title,
  u: doc.url,
});

/** A base document's fragment body: what a result shows, the text cut for the excerpt window. */
export function fragmentBody(doc: CleanDoc, slot: number, repeats?: number): string {
  const fragment: Fragment = {
    v: FORMAT_VERSION,
    s: slot,
    ...rowOfDoc(doc),
    x: [...doc.text].slice(0, FRAGMENT_TEXT).join(''),
    h: doc.hash,
    ...(repeats === undefined ? {} : { r: repeats }),
  };
  return JSON.stringify(fragment);
}

export function deltaDocOf(doc: CleanDoc, slot: number, group: Pick<DeltaDoc, 'g' | 'k'>): DeltaDoc {
  return { s: slot, ...rowOfDoc(doc), x: doc.text, ...group };
}

export function deltaFile(docs: readonly DeltaDoc[]): SearchFile {
  const body = JSON.stringify({ v: FORMAT_VERSION, d: [...docs] } satisfies Delta);
  return { name: `delta-${hashOf(body)}.json`, body };
}

/** A term shard's body: its terms in order, and the rows of their best documents (`shard-rows.ts`). */
export function shardBody(terms: readonly [string, string][], rows: TermShard['r'] = {}): string {
  // fromEntries, not assignment: a term such as `__proto__` stays a key.
  return JSON.stringify({ v: FORMAT_VERSION, t: Object.fromEntries(terms), r: rows } satisfies TermShard);
}

/** The hash of the files an entry names (term shards, then fragments, in order): its `hash`. */
export function filesHash(bodies: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const body of bodies) hash.update(body).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The largest compressed size among `bodies`: the entry's bound for their class. `largest`:
 * taken of that many of the largest raw ones only (term shards: each takes milliseconds, and
 * their raw sizes differ enough to rank them); else of all (fragments: a millisecond each).
 */
export function sizeBound(bodies: readonly string[], largest = Infinity): number {
  const sized =
    largest < bodies.length ? [...bodies].sort((a, b) => b.length - a.length).slice(0, largest) : bodies;
  let bound = 0;
  for (const body of sized) bound = Math.max(bound, brotliBytes(body));
  return bound;
}

/** The entry with its own compressed weight (`sizes.entry`), taken with a figure in place: two passes. */
export function withEntrySize(entry: Entry): Entry {
  const sized: Entry = { ...entry, sizes: { ...entry.sizes } };
  for (let pass = 0, last = -1; pass < 3 && sized.sizes.entry !== last; pass++) {
    last = sized.sizes.entry;
    sized.sizes.entry = brotliBytes(JSON.stringify(sized));
  }
  return sized;
}
