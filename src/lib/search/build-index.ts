/**
 * The search index as static files: one small entry (document statistics, the other files'
 * names and the newest documents' postings, cached like a page) and content-hashed shards
 * (cached forever). Terms are sharded by
 * their first character and documents by a hash of their key, and documents are referred to by a
 * key derived from their id, so a publish that edits one item rewrites its document shard and the
 * few term shards whose counts moved; every other file keeps its name.
 */
import { createHash } from 'node:crypto';
import {
  FORMAT_VERSION,
  INDEX_FILES_BASE,
  docShardOf,
  fnv1a,
  termShardOf,
  type DocShard,
  type Entry,
  type InitialsFile,
  type TermShard,
} from './format.ts';
import { initialsOf } from './hangul.ts';
import { normalize, tokenize } from './tokenize.ts';
import { SEARCH_TYPES, type SearchDoc } from './types.ts';

/** The entry file `/search/index.json`. */
export type SearchEntry = Entry;

export interface SearchFile {
  /** File name, `<kind>-<contenthash>.json`, served under the entry's `base`. */
  name: string;
  body: string;
}

/** Raw bytes a shard aims at; counts grow by powers of two so names stay put until the index doubles. */
const TERM_SHARD_TARGET = 6_000;
const DOC_SHARD_TARGET = 8_000;
const MIN_TERM_SHARDS = 128;
const MIN_DOC_SHARDS = 32;

function shardCount(totalBytes: number, target: number, minimum: number): number {
  let count = minimum;
  while (totalBytes / count > target) count *= 2;
  return count;
}

/** One document in this many, by a hash of its id, closes the tail (see {@link tailOf}). */
const TAIL_SPACING = 8;

/**
 * The newest documents, whose postings travel in the entry instead of the term shards: those
 * after the last "anchor" in date order, an anchor being a document whose id hashes to a multiple
 * of {@link TAIL_SPACING}. A new item (the newest) joins the tail, so publishing it rewrites the
 * entry and one document shard, not every term shard; one new item in eight is an anchor and
 * folds the tail into the shards. Which documents anchor depends on their ids alone, so the same
 * content always gives the same files.
 */
export function tailOf<T extends { id: string; date?: string }>(docs: readonly T[]): T[] {
  const ordered = [...docs].sort((a, b) => {
    const [da, db] = [a.date ?? '', b.date ?? ''];
    if (da !== db) return da < db ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  let last = -1;
  ordered.forEach((doc, i) => {
    if (fnv1a(`tail\u0000${doc.id}`) % TAIL_SPACING === 0) last = i;
  });
  return ordered.slice(last + 1);
}

/** A short key for a document id, stable across builds (postings refer to documents by it). */
function keysOf(ids: string[]): Map<string, string> {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  for (const id of [...ids].sort()) {
    for (let n = 0; ; n++) {
      const key = fnv1a(n === 0 ? id : `${id}\u0000${n}`).toString(36);
      if (!used.has(key)) {
        used.add(key);
        keys.set(id, key);
        break;
      }
    }
  }
  return keys;
}

function hashed(kind: string, value: unknown): SearchFile {
  const body = JSON.stringify(value);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { name: `${kind}-${hash}.json`, body };
}

/** Whitespace collapsed: excerpts and offsets work on this text. */
export function cleanText(text: string): string {
  return normalize(text).replace(/\s+/g, ' ').trim();
}

function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface BuildOptions {
  /** Fixed shard counts instead of the size-based ones (the bench compares layouts). */
  termShards?: number;
  docShards?: number;
}

// Over 60 lines: postings, shards and the entry come from one pass over the same maps; it changes
// with the index format, whose rewrite budget is still open.
export function buildSearchIndex(
  docs: readonly SearchDoc[],
  options: BuildOptions = {},
): { entry: SearchEntry; files: SearchFile[] } {
  const unique = new Map<string, SearchDoc>();
  for (const doc of docs) if (!unique.has(doc.id)) unique.set(doc.id, doc);
  const cleaned = [...unique.values()]
    .map((doc) => ({ ...doc, title: cleanText(doc.title), text: cleanText(doc.text) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const keys = keysOf(cleaned.map((doc) => doc.id));

  const postings = new Map<string, Map<string, [number, number]>>();
  const rows: Entry['docs'] = [];
  let titleTotal = 0;
  let bodyTotal = 0;
  for (const doc of cleaned) {
    const key = keys.get(doc.id)!;
    const titleTokens = tokenize(doc.title);
    const bodyTokens = tokenize(doc.text);
    for (const [tokens, field] of [
      [titleTokens, 0],
      [bodyTokens, 1],
    ] as const) {
      for (const { term } of tokens) {
        let byDoc = postings.get(term);
        if (!byDoc) postings.set(term, (byDoc = new Map()));
        const counts = byDoc.get(key) ?? [0, 0];
        counts[field]++;
        byDoc.set(key, counts);
      }
    }
    titleTotal += titleTokens.length;
    bodyTotal += bodyTokens.length;
    rows.push([key, SEARCH_TYPES.indexOf(doc.type), doc.date ?? '', titleTokens.length, bodyTokens.length]);
  }

  const termBytes = [...postings].reduce((sum, [term, byDoc]) => sum + term.length * 3 + byDoc.size * 14, 0);
  const termShards = options.termShards ?? shardCount(termBytes, TERM_SHARD_TARGET, MIN_TERM_SHARDS);
  const termGroups: Map<string, [string, number, number][]>[] = Array.from(
    { length: termShards },
    () => new Map(),
  );
  const tailKeys = new Set(tailOf(cleaned).map((doc) => keys.get(doc.id)!));
  const tail = new Map<string, [string, number, number][]>();
  for (const [term, byDoc] of [...postings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const list = [...byDoc]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, [title, body]]) => [key, title, body] as [string, number, number]);
    const inBase = list.filter(([key]) => !tailKeys.has(key));
    const inTail = list.filter(([key]) => tailKeys.has(key));
    if (inBase.length > 0) termGroups[termShardOf(term, termShards)]!.set(term, inBase);
    if (inTail.length > 0) tail.set(term, inTail);
  }

  const docBytes = cleaned.reduce(
    (sum, doc) => sum + (doc.title.length + doc.text.length) * 3 + doc.url.length,
    0,
  );
  const docShards = options.docShards ?? shardCount(docBytes, DOC_SHARD_TARGET, MIN_DOC_SHARDS);
  const docGroups: DocShard['d'][] = Array.from({ length: docShards }, () => ({}));
  for (const doc of cleaned) {
    const key = keys.get(doc.id)!;
    const { id, type, title, url, date, text } = doc;
    docGroups[docShardOf(key, docShards)]![key] = date
      ? { id, type, title, url, date, text }
      : { id, type, title, url, text };
  }

  const files: SearchFile[] = [];
  const termFiles = termGroups.map((group) => {
    const file = hashed('terms', { v: FORMAT_VERSION, t: sortedRecord(group) } satisfies TermShard);
    files.push(file);
    return file.name;
  });
  const docFiles = docGroups.map((group) => {
    const file = hashed('docs', {
      v: FORMAT_VERSION,
      d: sortedRecord(Object.entries(group)),
    } satisfies DocShard);
    files.push(file);
    return file.name;
  });
  const initials = hashed('initials', {
    v: FORMAT_VERSION,
    t: cleaned
      .filter((doc) => !tailKeys.has(keys.get(doc.id)!))
      .map((doc) => [keys.get(doc.id)!, initialsOf(doc.title)]),
  } satisfies InitialsFile);
  files.push(initials);

  const count = Math.max(1, cleaned.length);
  const entry: SearchEntry = {
    v: FORMAT_VERSION,
    base: INDEX_FILES_BASE,
    types: [...SEARCH_TYPES],
    docs: rows,
    averageTitle: Math.round((titleTotal / count) * 100) / 100,
    averageBody: Math.round((bodyTotal / count) * 100) / 100,
    terms: termFiles,
    tail: sortedRecord(tail),
    docFiles,
    initials: initials.name,
    tailInitials: cleaned
      .filter((doc) => tailKeys.has(keys.get(doc.id)!))
      .map((doc) => [keys.get(doc.id)!, initialsOf(doc.title)]),
  };
  return { entry, files };
}
