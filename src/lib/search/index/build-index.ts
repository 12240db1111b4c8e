/**
 * The search index as static files (layout: `format.ts`): an entry cached like a page, holding
 * every document's metadata and the delta since the base, and content-hashed base files cached
 * forever. A build given the previous release's index keeps its base files, names and bytes, and
 * puts what changed in the entry's delta; it folds (makes a fresh base) only when the delta
 * outgrows {@link FOLD_SHARE} of the base, or when the previous index cannot be used. What the
 * content took out (a deleted document, the text an edit cut) leaves no file of the new release:
 * the text files and term shards that held it are rewritten under new names, and the old names
 * are listed (`withdrawn`) for the publish to drop from the deploy and purge from the CDN.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  EntrySchema,
  FORMAT_VERSION,
  IN_DELTA,
  TermShardSchema,
  TextFileSchema,
  countTerms,
  encodePostings,
  fieldsOf,
  rowOf,
  type DocRow,
  type Entry,
  type GramCounts,
  type SlotPosting,
  type TermShard,
  type TextFile,
} from '../format/format.ts';
import {
  INDEX_FILES_BASE,
  parseTermShardName,
  rewrittenShardName,
  termShardName,
  termShardOf,
} from '../format/shard-names.ts';
import { currentGrams, scrubbedShard, type StaleSlots } from './scrub-postings.ts';
import { leadOf } from '../format/lead.ts';
import { DEFAULT_GRAM } from '../format/query.ts';
import { gramTerms, normalize } from '../format/tokenize.ts';
import { SEARCH_TYPES, type SearchDoc } from '../format/types.ts';

/** The entry file `/search/index.json`. */
export type SearchEntry = Entry;

export interface SearchFile {
  /** File name, `<kind>-<contenthash>.json` (a term shard: `termShardName`), served under the entry's `base`. */
  name: string;
  body: string;
}

/** The previous release's index: its entry (as read, unvalidated) and its files by name. */
export interface PreviousIndex {
  entry: unknown;
  files: ReadonlyMap<string, string>;
}

/** Raw bytes a file aims at; counts grow by powers of two so names stay put between folds. */
const TERM_SHARD_TARGET = 6_000;
const TEXT_FILE_TARGET = 6_000;
const MIN_TERM_SHARDS = 16;
const MIN_TEXT_FILES = 8;

/**
 * A fresh base once what a publish rewrites (brotli, as a CDN sends it: the entry, and the text
 * files rewritten without a deleted or changed document's old text) would pass this share of the
 * whole index: the rewrite budget of a publish. With the documents' rows the entry is about 4 % of
 * the index, so the delta has about 1 % (a few edits or adds) before a fold. (Separately, a fold
 * once a quarter of the base's documents are changed or gone: their postings dead weight in the
 * shards.) A small index (tests, a young site), whose entry is most of it, keeps a
 * delta of a few items all the same.
 */
export const FOLD_SHARE = 0.05;
const FOLD_MIN_BYTES = 2_048;
const DEAD_SHARE = 0.25;
const DEAD_MIN = 8;

/** Compressed size as a CDN serves the files (brotli, best quality). */
function brotliBytes(body: string): number {
  return brotliCompressSync(Buffer.from(body), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * Each file's compressed bytes, by name. A name never holds other content (its content's hash,
 * or a term shard's base and index), so a size the previous index measured (`known`) holds for a
 * file it kept: a publish compresses only what it rewrote.
 */
function bytesOf(files: readonly SearchFile[], known?: Entry): Map<string, number> {
  const measured = new Map<string, number>();
  if (known?.sizes) {
    known.terms.forEach((name, index) => measured.set(name, known.sizes!.terms[index]!));
    known.texts.forEach((name, index) => measured.set(name, known.sizes!.texts[index]!));
  }
  return new Map(files.map((file) => [file.name, measured.get(file.name) ?? brotliBytes(file.body)]));
}

/**
 * The entry with what it and its files weigh compressed (`sizes`): the searcher fetches a query's
 * excerpt windows within the query's budget by them. The entry's own weight is its last field,
 * taken with a figure in place (brotli's choices move with any byte): from the previous entry's
 * weight one pass leaves it a few bytes off (27 of 91,018 at 50 times our content), from nothing
 * (a fresh base) a second pass does; an entry the same as the previous one (a build for a code
 * change) keeps its weight. At 50 times our content the entry is 2.4 MB, and each pass at
 * brotli's best quality took five seconds, in the build and again in the rebuild's route list:
 * an edit's publish waited on them.
 */
function withSizes(entry: SearchEntry, bytes: ReadonlyMap<string, number>, previous?: Entry): SearchEntry {
  const of = (names: readonly string[]) => names.map((name) => bytes.get(name) ?? 0);
  const sizes = { terms: of(entry.terms), texts: of(entry.texts), entry: previous?.sizes?.entry ?? 0 };
  const sized: SearchEntry = { ...entry, sizes };
  if (previous?.sizes && sameFields(sized, previous)) return sized;
  const passes = previous?.sizes ? 1 : 2;
  for (let pass = 0, last = -1; pass < passes && sizes.entry !== last; pass++) {
    last = sizes.entry;
    sizes.entry = brotliBytes(JSON.stringify(sized));
  }
  return sized;
}

/** Whether two entries hold the same values (the order of their fields aside: a parsed entry's is the schema's). */
function sameFields(a: SearchEntry, b: Entry): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof Entry>;
  return [...keys].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** FNV-1a, 32 bits: a stable, dependency-free spread of documents over text files (`textGrouping: 'hash'`). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function shardCount(totalBytes: number, target: number, minimum: number): number {
  let count = minimum;
  while (totalBytes / count > target) count *= 2;
  return count;
}

function hashOf(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

/** The id in a base's term shard names (`termShardName`): the hash of all of them, in order. */
function baseIdOf(termBodies: readonly string[]): string {
  return hashOf(termBodies.join('\n'));
}

function hashed(kind: string, value: unknown): SearchFile {
  const body = JSON.stringify(value);
  return { name: `${kind}-${hashOf(body)}.json`, body };
}

/** Whitespace collapsed: excerpts and offsets work on this text. */
export function cleanText(text: string): string {
  return normalize(text).replace(/\s+/g, ' ').trim();
}

function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface BuildOptions {
  /** The longest gram indexed (the bench compares lengths). */
  gram?: number;
  /** Fixed file counts instead of the size-based ones (the bench compares layouts). */
  termShards?: number;
  textFiles?: number;
  /** How texts are grouped into files: by a hash of the id, or packed in type and date order. */
  textGrouping?: 'hash' | 'order';
  leadLength?: number;
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
   * The previous index's files (term shards, text files) that held text the content no longer
   * has, by name: not part of this release, and to be purged where they are still served (a
   * takedown). Over the previous index: the old names of the files rewritten without it. After a
   * fold: every previous file this index does not keep, when some base document was deleted or
   * changed (else none: an older page's guesses still find them). Empty without a usable previous index.
   */
  withdrawn: string[];
}

interface CleanDoc extends SearchDoc {
  typeIndex: number;
}

function cleaned(docs: readonly SearchDoc[]): CleanDoc[] {
  const unique = new Map<string, SearchDoc>();
  for (const doc of docs) if (!unique.has(doc.id)) unique.set(doc.id, doc);
  return [...unique.values()]
    .map((doc) => ({
      ...doc,
      title: cleanText(doc.title),
      text: cleanText(doc.text),
      typeIndex: SEARCH_TYPES.indexOf(doc.type),
    }))
    .sort((a, b) => byString(a.id, b.id));
}

interface Counted {
  row: DocRow;
  title: string[];
  body: string[];
}

function counted(doc: CleanDoc, gram: number, leadLength: number | undefined, textFile: number): Counted {
  const title = gramTerms(doc.title, gram);
  const body = gramTerms(doc.text, gram);
  return {
    row: rowOf({
      id: doc.id,
      typeIndex: doc.typeIndex,
      date: doc.date ?? '',
      titleLength: title.length,
      bodyLength: body.length,
      title: doc.title,
      url: doc.url,
      lead: leadOf(doc.text, leadLength),
      textFile,
    }),
    title: title.terms,
    body: body.terms,
  };
}

function averages(rows: readonly (DocRow | null)[]): Pick<Entry, 'averageTitle' | 'averageBody'> {
  const live = rows.filter((row): row is DocRow => row !== null);
  const count = Math.max(1, live.length);
  const sum = (field: 'titleLength' | 'bodyLength') =>
    live.reduce((total, row) => total + fieldsOf(row)[field], 0);
  return {
    averageTitle: Math.round((sum('titleLength') / count) * 100) / 100,
    averageBody: Math.round((sum('bodyLength') / count) * 100) / 100,
  };
}

const byteLength = (text: string) => Buffer.byteLength(text);

/**
 * Each document's text file, by slot (`ordered`'s order): packed in that order, a file about
 * `TEXT_FILE_TARGET` bytes, or by a hash of the id (`textGrouping: 'hash'`, for the bench).
 */
function textFilesOf(
  ordered: readonly CleanDoc[],
  options: BuildOptions,
): { count: number; textOf: number[] } {
  const textBytes = ordered.reduce((sum, doc) => sum + byteLength(doc.text) + 8, 0);
  const count = options.textFiles ?? shardCount(textBytes, TEXT_FILE_TARGET, MIN_TEXT_FILES);
  const textOf: number[] = [];
  if ((options.textGrouping ?? 'order') === 'hash') {
    for (const doc of ordered) textOf.push(fnv1a(doc.id) % count);
  } else {
    const per = textBytes / count;
    let at = 0;
    for (const doc of ordered) {
      textOf.push(Math.min(count - 1, Math.floor(at / per)));
      at += byteLength(doc.text) + 8;
    }
  }
  return { count, textOf };
}

/** The base's postings as term shards' contents: each term (in order) in its shard (`termShardOf`). */
function termShardGroups(postings: GramCounts, options: BuildOptions): [string, string][][] {
  const termBytes = [...postings].reduce(
    (sum, [term, bySlot]) => sum + byteLength(term) + 4 + bySlot.size * 3,
    0,
  );
  const termCount = options.termShards ?? shardCount(termBytes, TERM_SHARD_TARGET, MIN_TERM_SHARDS);
  const termGroups: [string, string][][] = Array.from({ length: termCount }, () => []);
  for (const term of [...postings.keys()].sort(byString)) {
    const list: SlotPosting[] = [...postings.get(term)!]
      .sort(([a], [b]) => a - b)
      .map(([slot, [title, body]]): SlotPosting => [slot, title, body]);
    termGroups[termShardOf(term, termCount)]!.push([term, encodePostings(list)]);
  }
  return termGroups;
}

/** A fresh base's files from their contents, and the names the entry gives them. */
function baseFiles(
  termGroups: readonly [string, string][][],
  textGroups: readonly [string, string][][],
): { files: SearchFile[]; terms: string[]; texts: string[] } {
  const files: SearchFile[] = [];
  // Named by the base and their index (`termShardName`): a page names a query's shards before the entry arrives.
  const termBodies = termGroups.map((group) =>
    JSON.stringify({ v: FORMAT_VERSION, t: Object.fromEntries(group) } satisfies TermShard),
  );
  const base = baseIdOf(termBodies);
  const terms = termBodies.map((body, index) => {
    const name = termShardName(base, index);
    files.push({ name, body });
    return name;
  });
  const texts = textGroups.map((group) => {
    const file = hashed('texts', { v: FORMAT_VERSION, d: sortedRecord(group) } satisfies TextFile);
    // Two empty text files of a small index are one file.
    if (!files.some((other) => other.name === file.name)) files.push(file);
    return file.name;
  });
  return { files, terms, texts };
}

/** A base of `docs` alone (no previous index, or a fold): every document's postings in the term shards. */
function freshBase(docs: CleanDoc[], options: BuildOptions): BuiltIndex {
  const gram = options.gram ?? DEFAULT_GRAM;
  // Slots by type, then newest first: packed text files then hold neighbours a query shows together.
  const ordered = [...docs].sort(
    (a, b) => a.typeIndex - b.typeIndex || byString(b.date ?? '', a.date ?? '') || byString(a.id, b.id),
  );
  const { count: textCount, textOf } = textFilesOf(ordered, options);
  // Postings and rows from one pass, in the slot order the files refer to.
  const postings: GramCounts = new Map();
  const rows: DocRow[] = ordered.map((doc, slot) => {
    const { row, title, body } = counted(doc, gram, options.leadLength, textOf[slot]!);
    countTerms(postings, slot, title, 0);
    countTerms(postings, slot, body, 1);
    return row;
  });
  const textGroups: [string, string][][] = Array.from({ length: textCount }, () => []);
  ordered.forEach((doc, slot) => textGroups[textOf[slot]!]!.push([slot.toString(36), doc.text]));
  const { files, terms, texts } = baseFiles(termShardGroups(postings, options), textGroups);
  const entry: SearchEntry = {
    v: FORMAT_VERSION,
    base: INDEX_FILES_BASE,
    types: [...SEARCH_TYPES],
    gram,
    docs: rows,
    baseDocs: rows.length,
    ...averages(rows),
    terms,
    texts,
    baseBytes: 0,
    delta: {},
  };
  const bytes = bytesOf(files);
  entry.baseBytes = [...bytes.values()].reduce((sum, size) => sum + size, 0);
  return { entry: withSizes(entry, bytes), files, fresh: true, withdrawn: [] };
}

interface PreviousBase {
  entry: Entry;
  files: SearchFile[];
  /** Each base document's text, by slot. */
  baseTexts: Map<number, string>;
  /** The texts of each base text file, by its index in `entry.texts`. */
  textFiles: Map<number, TextFile>;
  /** The term shards, by their index in `entry.terms`. */
  termShards: TermShard[];
  /** The base's id in the term shards' names. */
  baseId: string;
}

/** A previous file's JSON checked against its schema; a string says why it cannot be used. */
function parsedFile<T>(name: string, body: string, schema: Schema<T>): T | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `${name}: not JSON`;
  }
  const file = schema.safeParse(value);
  return file.success ? file.data : `${name}: malformed`;
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * Why the term shards' names do not hold their content, or null. Each names the base and its
 * index; the base's id hashes them all until one is rewritten, then the entry's `termsHash` does
 * and a rewritten one's name its own content.
 */
function termsMismatch(entry: Entry, bodies: readonly string[]): string | null {
  const names = entry.terms.map(parseTermShardName);
  const base = names[0]?.base;
  const wrong = 'terms: names do not match their content';
  if (!base || names.some((name, index) => name?.base !== base || name.index !== index)) return wrong;
  if (entry.termsHash === undefined)
    return names.every((name) => name!.hash === undefined) && baseIdOf(bodies) === base ? null : wrong;
  if (baseIdOf(bodies) !== entry.termsHash) return wrong;
  const held = names.every(
    (name, index) => name!.hash === undefined || name!.hash === hashOf(bodies[index]!),
  );
  return held ? null : wrong;
}

/** Why the entry's rows and delta do not agree with the base texts, or null. */
function rowsMismatch(entry: Entry, baseTexts: ReadonlyMap<number, string>): string | null {
  for (const [slot, row] of entry.docs.entries()) {
    const textFile = row && fieldsOf(row).textFile;
    if (textFile === null || textFile === IN_DELTA) continue;
    if (slot >= entry.baseDocs || textFile >= entry.texts.length || !baseTexts.has(slot))
      return `entry: slot ${slot} has no base text`;
  }
  for (const [key] of Object.entries(entry.delta)) {
    const row = entry.docs[parseInt(key, 36)];
    if (!row || fieldsOf(row).textFile !== IN_DELTA) return `entry: delta ${key} has no row`;
  }
  return null;
}

/** The previous index's entry and base files, checked; a string says why it cannot be used. */
function readPrevious(previous: PreviousIndex, gram: number): PreviousBase | string {
  const parsed = EntrySchema.safeParse(previous.entry);
  if (!parsed.success) return `entry: not format v${FORMAT_VERSION}`;
  const entry = parsed.data;
  if (entry.gram !== gram) return `entry: gram ${entry.gram}, not ${gram}`;
  if (entry.baseDocs > entry.docs.length) return 'entry: baseDocs';
  const files: SearchFile[] = [];
  const shards = new Map<string, TermShard>();
  const texts = new Map<string, TextFile>();
  for (const name of new Set(entry.terms)) {
    const body = previous.files.get(name);
    const shard = body === undefined ? `${name}: missing` : parsedFile(name, body, TermShardSchema);
    if (typeof shard === 'string') return shard;
    shards.set(name, shard);
    files.push({ name, body: body! });
  }
  for (const name of new Set(entry.texts)) {
    const body = previous.files.get(name);
    if (body === undefined) return `${name}: missing`;
    if (!name.endsWith(`-${hashOf(body)}.json`)) return `${name}: content does not match its name`;
    const file = parsedFile(name, body, TextFileSchema);
    if (typeof file === 'string') return file;
    texts.set(name, file);
    files.push({ name, body });
  }
  const mismatch = termsMismatch(
    entry,
    entry.terms.map((name) => previous.files.get(name)!),
  );
  if (mismatch) return mismatch;
  const textFiles = new Map(entry.texts.map((name, index) => [index, texts.get(name)!]));
  const baseTexts = new Map<number, string>();
  for (const file of texts.values())
    for (const [key, text] of Object.entries(file.d)) baseTexts.set(parseInt(key, 36), text);
  const inconsistent = rowsMismatch(entry, baseTexts);
  if (inconsistent) return inconsistent;
  const termShards = entry.terms.map((name) => shards.get(name)!);
  return {
    entry,
    files,
    baseTexts,
    textFiles,
    termShards,
    baseId: parseTermShardName(entry.terms[0]!)!.base,
  };
}

/**
 * The base text files without the texts the content has no more (a deleted document's, or the
 * old text of one whose text changed): what the content team took out is not served again by
 * the next release, only kept by the releases published before (deploy retention). A file with
 * nothing stale keeps its name (a title-only edit changes none); one with a stale text is
 * rewritten (one small file for such an edit or a delete).
 */
function withoutStaleTexts(
  base: PreviousBase,
  textBySlot: ReadonlyMap<number, string>,
): { texts: string[]; replaced: Map<string, SearchFile> } {
  const texts = [...base.entry.texts];
  const replaced = new Map<string, SearchFile>();
  for (const [index, file] of base.textFiles) {
    const kept = Object.entries(file.d).filter(([key, text]) => textBySlot.get(parseInt(key, 36)) === text);
    if (kept.length === Object.keys(file.d).length) continue;
    const name = texts[index]!;
    const scrubbed =
      replaced.get(name) ?? hashed('texts', { v: FORMAT_VERSION, d: Object.fromEntries(kept) });
    replaced.set(name, scrubbed);
    texts[index] = scrubbed.name;
  }
  return { texts, replaced };
}

/**
 * The base term shards without the postings the stale slots' documents no longer have
 * (`scrubbedShard`): each shard that held one is rewritten under a new name, the others keep
 * theirs. The text files are scrubbed as well (`withoutStaleTexts`): a slot's postings chained
 * give its sentences back.
 */
function withoutStalePostings(
  base: PreviousBase,
  stale: StaleSlots,
): { terms: string[]; replaced: Map<string, SearchFile> } {
  const terms = [...base.entry.terms];
  const replaced = new Map<string, SearchFile>();
  if (stale.size === 0) return { terms, replaced };
  base.termShards.forEach((shard, index) => {
    const scrubbed = scrubbedShard(shard, stale);
    if (!scrubbed) return;
    const body = JSON.stringify(scrubbed);
    const file = { name: rewrittenShardName(base.baseId, index, hashOf(body)), body };
    replaced.set(terms[index]!, file);
    terms[index] = file.name;
  });
  return { terms, replaced };
}

/** The base files with the rewritten ones in their place. */
function keptFiles(base: PreviousBase, replaced: ReadonlyMap<string, SearchFile>): SearchFile[] {
  // A rewritten file may equal one the index has already (an emptied file, the empty one).
  const files = new Map<string, SearchFile>();
  for (const file of base.files) {
    const kept = replaced.get(file.name) ?? file;
    files.set(kept.name, kept);
  }
  return [...files.values()];
}

/** The entry's `termsHash` once a term shard is rewritten (`termsMismatch` checks it), else nothing. */
function termsHashOf(terms: readonly string[], files: readonly SearchFile[]): Pick<Entry, 'termsHash'> {
  if (!terms.some((name) => parseTermShardName(name)?.hash !== undefined)) return {};
  const bodies = new Map(files.map((file) => [file.name, file.body]));
  return { termsHash: baseIdOf(terms.map((name) => bodies.get(name)!)) };
}

/** The previous files this index does not serve: each rewritten, or folded away. */
function withdrawnOf(base: PreviousBase, files: readonly SearchFile[]): string[] {
  const served = new Set(files.map((file) => file.name));
  return base.files.map((file) => file.name).filter((name) => !served.has(name));
}

/** The documents placed over the previous base's slots, and what that removes from it. */
interface Placed {
  rows: (DocRow | null)[];
  delta: Record<string, string>;
  /** Each document's text now, by slot. */
  textBySlot: Map<number, string>;
  /** The base slots deleted or changed since the base, with the grams they may keep. */
  stale: StaleSlots;
}

/**
 * Unchanged base documents keep their slot and base postings; a changed one keeps its slot with
 * its text in the delta (its base postings then ignored, and scrubbed of what it no longer
 * says); a new one takes the next free slot; a deleted one leaves a null row.
 */
function placed(docs: CleanDoc[], base: PreviousBase, options: BuildOptions): Placed {
  const { gram, baseDocs } = base.entry;
  const slotOf = new Map<string, number>();
  base.entry.docs.forEach((row, slot) => {
    if (row) slotOf.set(fieldsOf(row).id, slot);
  });
  const rows: (DocRow | null)[] = base.entry.docs.map(() => null);
  const delta: [string, string][] = [];
  const textBySlot = new Map<number, string>();
  const stale = new Map<number, ReadonlySet<string>>();
  let next = base.entry.docs.length;
  for (const doc of docs) {
    const slot = slotOf.get(doc.id) ?? next++;
    textBySlot.set(slot, doc.text);
    const beforeRow = base.entry.docs[slot];
    const before = beforeRow ? fieldsOf(beforeRow) : null;
    const unchanged =
      before !== null &&
      slot < baseDocs &&
      before.textFile !== IN_DELTA &&
      before.title === doc.title &&
      base.baseTexts.get(slot) === doc.text;
    const textFile = unchanged ? before.textFile : IN_DELTA;
    rows[slot] = counted(doc, gram, options.leadLength, textFile).row;
    if (unchanged) continue;
    delta.push([slot.toString(36), doc.text]);
    if (slot < baseDocs) stale.set(slot, currentGrams(doc.title, doc.text, gram));
  }
  for (let slot = 0; slot < baseDocs; slot++) if (rows[slot] === null) stale.set(slot, new Set());
  while (rows.length > baseDocs && rows[rows.length - 1] === null) rows.pop();
  return { rows, delta: sortedRecord(delta), textBySlot, stale };
}

/**
 * The index over the previous base (`placed`), its files that held removed text rewritten
 * without it. Null when the delta is over its bound (the caller folds).
 */
function overPrevious(place: Placed, base: PreviousBase): BuiltIndex | null {
  const { rows, delta } = place;
  const dead = rows
    .slice(0, base.entry.baseDocs)
    .filter((row) => row === null || fieldsOf(row).textFile === IN_DELTA).length;
  if (dead > Math.max(DEAD_MIN, DEAD_SHARE * base.entry.baseDocs)) return null;
  const postings = withoutStalePostings(base, place.stale);
  const texts = withoutStaleTexts(base, place.textBySlot);
  const files = keptFiles(base, new Map([...postings.replaced, ...texts.replaced]));

  const entry: SearchEntry = {
    v: FORMAT_VERSION,
    base: INDEX_FILES_BASE,
    types: [...SEARCH_TYPES],
    gram: base.entry.gram,
    docs: rows,
    baseDocs: base.entry.baseDocs,
    ...averages(rows),
    terms: postings.terms,
    ...termsHashOf(postings.terms, files),
    texts: texts.texts,
    baseBytes: base.entry.baseBytes,
    delta,
  };
  const bytes = bytesOf(files, base.entry);
  const sized = withSizes(entry, bytes, base.entry);
  const entryBytes = sized.sizes!.entry;
  const deltaBytes = brotliBytes(JSON.stringify(delta));
  // The fold bounds what the delta costs a publish. Term shards rewritten to drop removed words
  // are not counted: a removal must rewrite them whatever the layout, and a fold would rewrite
  // every other file too, and every page with it (the pages name the base).
  const kept = new Set([
    ...base.files.map((file) => file.name),
    ...[...postings.replaced.values()].map((file) => file.name),
  ]);
  const rewritten = files.reduce((sum, file) => sum + (kept.has(file.name) ? 0 : bytes.get(file.name)!), 0);
  if (
    deltaBytes > FOLD_MIN_BYTES &&
    entryBytes + rewritten > FOLD_SHARE * (base.entry.baseBytes + entryBytes)
  )
    return null;
  return { entry: sized, files, fresh: false, withdrawn: withdrawnOf(base, files) };
}

/**
 * A fresh base made over a usable previous index: when some base slot stands for text the
 * content no longer has (a document deleted or changed since the base), every previous file it
 * does not keep may hold that text, and is withdrawn. A fold of additions alone withdraws none.
 */
function foldedOver(docs: CleanDoc[], base: PreviousBase, place: Placed, options: BuildOptions): BuiltIndex {
  const folded = freshBase(docs, options);
  return place.stale.size > 0 ? { ...folded, withdrawn: withdrawnOf(base, folded.files) } : folded;
}

export function buildSearchIndex(docs: readonly SearchDoc[], options: BuildOptions = {}): BuiltIndex {
  const clean = cleaned(docs);
  if (options.previous) {
    // Whatever is wrong with the previous index, the build goes on with a fresh base.
    try {
      const base = readPrevious(options.previous, options.gram ?? DEFAULT_GRAM);
      if (typeof base === 'string') options.onPreviousRejected?.(base);
      else {
        const place = placed(clean, base, options);
        return overPrevious(place, base) ?? foldedOver(clean, base, place, options);
      }
    } catch (error) {
      options.onPreviousRejected?.(error instanceof Error ? error.message : String(error));
    }
  }
  return freshBase(clean, options);
}
