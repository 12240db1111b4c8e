/**
 * The search index as static files (layout: `format.ts`, FORMAT.md): an entry of constant size
 * cached like a page, and base files cached forever (term shards, one fragment a document), plus
 * a delta file of the documents added or changed since the base. A build given the previous
 * release's index keeps its base files, names and bytes, and writes what changed into a new
 * delta (`over-previous.ts`); it folds (makes a fresh base) when the delta outgrows
 * {@link DELTA_MAX_BYTES}, or when the previous index cannot be used. What the content took out
 * (a deleted document, the text an edit cut) leaves no file of the new release: its fragment is
 * dropped, the term shards that posted its grams are rewritten under new names, and the old
 * names are listed (`withdrawn`) for the publish to drop from the deploy and purge from the CDN.
 */
import { countDocTerms, docWeights, type Averages } from '../format/doc-terms.ts';
import {
  encodePostings,
  FORMAT_VERSION,
  isInitialsTerm,
  postingString,
  type Row,
  type WeightedPosting,
} from '../format/format.ts';
import { fragmentName, INDEX_FILES_BASE, termShardName, termShardOf } from '../format/shard-names.ts';
import { DEFAULT_GRAM } from '../format/query.ts';
import { SEARCH_TYPES, type SearchDoc } from '../format/types.ts';
import {
  byString,
  cleaned,
  measured,
  filesHash,
  fragmentBody,
  rowOfDoc,
  shardBody,
  sizeBound,
  withEntrySize,
  type CleanDoc,
  type MeasuredDoc,
  type SearchFile,
} from './index-files.ts';
import { overPreviousIndex } from './over-previous.ts';
import { shardRows } from './shard-rows.ts';
import type { BuildOptions, BuiltIndex, SearchEntry } from './built-index.ts';

export { cleanText, type SearchFile } from './index-files.ts';
export type { BuildOptions, BuiltIndex, PreviousIndex, SearchEntry } from './built-index.ts';
export { DELTA_MAX_BYTES } from './over-previous.ts';

/** How many documents a one-character prefix (`*` term) answers with: its best. */
export const PREFIX_TOP = 64;
/**
 * Raw bytes a term shard aims at; the count grows by powers of two, up to what a page's hint
 * spells (four digits). Hot keys (a syllable and an initial most texts say) are larger whatever the count.
 */
const TERM_SHARD_TARGET = 16_000;
const MIN_TERM_SHARDS = 16;
const MAX_TERM_SHARDS = 8_192;
/** The term shards compressed for the entry's bound: the largest raw ones. */
const SIZED_SHARDS = 24;

/** A base slot's document, and the slots back to its repeat group's first (0: the first, or none). */
interface Slotted {
  doc: MeasuredDoc;
  back: number;
}

/**
 * The base's slot order: by type, then repeat group (documents whose texts are alike, newest
 * group first), then newest first, then id. A group's documents are neighbours, so a repeat's
 * mark (`back`) is a small number.
 */
function slotOrder(docs: readonly MeasuredDoc[]): Slotted[] {
  const groups = new Map<string, MeasuredDoc[]>();
  for (const doc of docs) {
    const group = groups.get(doc.textKey);
    if (group) group.push(doc);
    else groups.set(doc.textKey, [doc]);
  }
  const newest = (a: CleanDoc, b: CleanDoc) => byString(b.date, a.date) || byString(a.id, b.id);
  const sorted = [...groups.values()].map((group) => group.sort((a, b) => newest(a.doc, b.doc)));
  sorted.sort((a, b) => a[0]!.doc.typeIndex - b[0]!.doc.typeIndex || newest(a[0]!.doc, b[0]!.doc));
  return sorted.flatMap((group) => group.map((doc, back) => ({ doc, back })));
}

function averagesOf(docs: readonly MeasuredDoc[]): Averages {
  const count = Math.max(1, docs.length);
  const mean = (field: 'titleLength' | 'bodyLength') =>
    Math.round((docs.reduce((sum, doc) => sum + doc[field], 0) / count) * 100) / 100;
  return { averageTitle: mean('titleLength'), averageBody: mean('bodyLength') };
}

/** Keeps a `*` prefix term's postings to its best `PREFIX_TOP` (by combined weight, then slot), in slot order. */
function bestPrefixPostings(list: WeightedPosting[]): WeightedPosting[] {
  return list
    .sort((a, b) => b[2] - a[2] || a[0] - b[0])
    .slice(0, PREFIX_TOP)
    .sort((a, b) => a[0] - b[0]);
}

/**
 * Every term's postings, encoded as they are added (slot by slot, so in order; each document's
 * terms counted, weighed and let go: the index of a large site is not held as counts or tuples);
 * a `*` prefix term's kept as tuples, trimmed to its best as they come.
 */
function basePostings(slotted: readonly Slotted[], averages: Averages, gram: number): Map<string, string> {
  const encoded = new Map<string, { previous: number; parts: string }>();
  const prefixes = new Map<string, WeightedPosting[]>();
  slotted.forEach(({ doc: { doc }, back }, slot) => {
    for (const [term, [title, body]] of docWeights(
      countDocTerms(doc.title, doc.text, gram),
      averages,
      gram,
    )) {
      const posting: WeightedPosting = [slot, title, body, back];
      if (term.startsWith('*')) {
        const list = prefixes.get(term);
        if (!list) prefixes.set(term, [posting]);
        else if (list.push(posting) > 4 * PREFIX_TOP) prefixes.set(term, bestPrefixPostings(list));
        continue;
      }
      const at = encoded.get(term);
      const part = postingString(posting, at?.previous ?? 0, isInitialsTerm(term));
      if (!at) encoded.set(term, { previous: slot, parts: part });
      else {
        at.parts += `,${part}`;
        at.previous = slot;
      }
    }
  });
  const postings = new Map([...encoded].map(([term, { parts }]) => [term, parts]));
  for (const [term, list] of prefixes) postings.set(term, encodePostings(bestPrefixPostings(list)));
  return postings;
}

/**
 * The term shards' bodies: each term (in order) in its shard (`termShardOf`), the count from their
 * size, with the rows of its terms' best documents (`shardRows`).
 */
function shardBodies(
  postings: ReadonlyMap<string, string>,
  rowOf: (slot: number) => Row,
  options: BuildOptions,
): string[] {
  let bytes = 0;
  for (const [term, encoded] of postings) bytes += term.length * 3 + encoded.length + 6;
  let count = options.termShards ?? MIN_TERM_SHARDS;
  while (options.termShards === undefined && bytes / count > TERM_SHARD_TARGET && count < MAX_TERM_SHARDS)
    count *= 2;
  const groups: [string, string][][] = Array.from({ length: count }, () => []);
  for (const term of [...postings.keys()].sort(byString))
    groups[termShardOf(term, count)]!.push([term, postings.get(term)!]);
  return groups.map((terms) => shardBody(terms, shardRows(terms, rowOf)));
}

/** The first slot of each type in a base of `typeIndexes` (by slot, ordered by type). */
function typeStartsOf(typeIndexes: readonly number[]): number[] {
  return SEARCH_TYPES.map((_, type) => {
    const at = typeIndexes.findIndex((index) => index >= type);
    return at === -1 ? typeIndexes.length : at;
  });
}

/** A base of `docs` alone (no previous index, or a fold): every document's postings and fragment. */
export function freshBase(docs: readonly CleanDoc[], options: BuildOptions): BuiltIndex {
  const gram = options.gram ?? DEFAULT_GRAM;
  const slotted = slotOrder(docs.map(measured));
  const averages = averagesOf(slotted.map(({ doc }) => doc));
  const shards = shardBodies(
    basePostings(slotted, averages, gram),
    (slot) => rowOfDoc(slotted[slot]!.doc.doc),
    options,
  );
  const fragments = slotted.map(({ doc, back }, slot) =>
    fragmentBody(doc.doc, slot, back > 0 ? slot - back : undefined),
  );
  const id = filesHash([...shards, ...fragments]);
  const files: SearchFile[] = [
    ...shards.map((body, index) => ({ name: termShardName(id, index), body })),
    ...fragments.map((body, slot) => ({ name: fragmentName(id, slot), body })),
  ];
  const entry: SearchEntry = {
    v: FORMAT_VERSION,
    base: INDEX_FILES_BASE,
    id,
    hash: id,
    types: [...SEARCH_TYPES],
    typeStarts: typeStartsOf(slotted.map(({ doc }) => doc.doc.typeIndex)),
    gram,
    shards: shards.length,
    baseDocs: slotted.length,
    docs: slotted.length,
    ...averages,
    rewritten: {},
    sizes: { entry: 0, shard: sizeBound(shards, SIZED_SHARDS), fragment: sizeBound(fragments) },
  };
  return { entry: withEntrySize(entry), files, fresh: true, withdrawn: [] };
}

export function buildSearchIndex(docs: readonly SearchDoc[], options: BuildOptions = {}): BuiltIndex {
  const clean = cleaned(docs);
  if (options.previous) {
    // Whatever is wrong with the previous index, the build goes on with a fresh base.
    try {
      const built = overPreviousIndex(clean, options.previous, options, (docs) => freshBase(docs, options));
      if (typeof built !== 'string') return built;
      options.onPreviousRejected?.(built);
    } catch (error) {
      options.onPreviousRejected?.(error instanceof Error ? error.message : String(error));
    }
  }
  return freshBase(clean, options);
}
