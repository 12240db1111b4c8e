/**
 * What our search costs over the network, read off an index in memory: bytes (brotli, as a CDN
 * sends them) and requests of a first query on a cold page and of later ones (to the ranking:
 * entry, term shards, delta; then the fragments of the results shown, in one parallel round,
 * counted apart), the index's size, and how much of it a publish rewrites, over a run of
 * publishes (how often one folds the delta into a fresh base).
 */
import { brotliCompressSync, constants } from 'node:zlib';
import {
  buildSearchIndex,
  type BuildOptions,
  type PreviousIndex,
  type SearchEntry,
  type SearchFile,
} from '../../src/lib/search/index/build-index.ts';
import { DeltaSchema, FragmentSchema } from '../../src/lib/search/format/format.ts';
import { createSearcher, type Searcher } from '../../src/lib/search/engine/searcher.ts';
import type { SearchDoc } from '../../src/lib/search/format/types.ts';

export const ENTRY_URL = '/search/index.json';

export function brotliSize(body: string | Uint8Array): number {
  return brotliCompressSync(typeof body === 'string' ? Buffer.from(body) : body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

export interface Index {
  entry: SearchEntry;
  files: SearchFile[];
}

/** Compressed sizes of hashed files by name (a name is its content's hash): a run of publishes keeps most. */
const sizes = new Map<string, number>();

/** Every file of the index (the entry included) with its compressed size, by address. */
export function indexFiles(index: Index): Map<string, { body: string; bytes: number }> {
  const out = new Map<string, { body: string; bytes: number }>();
  const entry = JSON.stringify(index.entry);
  out.set(ENTRY_URL, { body: entry, bytes: brotliSize(entry) });
  for (const file of index.files) {
    let bytes = sizes.get(file.name);
    if (bytes === undefined) sizes.set(file.name, (bytes = brotliSize(file.body)));
    out.set(index.entry.base + file.name, { body: file.body, bytes });
  }
  return out;
}

export interface Cost {
  /** Requests to the ranking (entry, term shards, delta; for Pagefind: every file but fragments). */
  requests: number;
  bytes: number;
  /** Fragment requests (the results shown), in one parallel round after the ranking. */
  fragments?: number;
  /** Whether a delta file was read (the entry names it: a round trip after it). */
  delta?: boolean;
  /** Whether the first results came from the ranking's files alone (`Searcher.first`), before any fragment. */
  rowsFirst?: boolean;
}

const isFragment = (url: string) => url.includes('/frag-') || url.startsWith('fragment/');

/** A searcher over `files` that counts what it fetches. */
export function countingSearcher(files: Map<string, { body: string; bytes: number }>): {
  searcher: Searcher;
  peek(): Cost;
  take(): Cost;
} {
  let cost: Cost & { fragments: number } = { requests: 0, bytes: 0, fragments: 0 };
  /** The cost when the first fragment was asked for: what the ranking read. */
  let ranked: Cost | null = null;
  const searcher = createSearcher({
    entryUrl: ENTRY_URL,
    fetchJson: async (url) => {
      const file = files.get(url);
      if (!file) throw new Error(`404 ${url}`);
      if (isFragment(url)) {
        ranked ??= { ...cost };
        cost.fragments++;
      } else cost.requests++;
      if (url.includes('/delta-')) cost.delta = true;
      cost.bytes += file.bytes;
      return JSON.parse(file.body) as unknown;
    },
  });
  return {
    searcher,
    peek: () => ranked ?? cost,
    take() {
      const taken = cost;
      cost = { requests: 0, bytes: 0, fragments: 0 };
      ranked = null;
      return taken;
    },
  };
}

export interface QueryCosts {
  /** A first query on a cold page, to the ranking (entry, term shards, delta). */
  firstShown: Cost[];
  /** The same, with the fragments of the results shown (what the first results on screen need). */
  first: Cost[];
  laterShown: Cost[];
  later: Cost[];
  /** Milliseconds per search once the files are in memory. */
  times: number[];
}

/**
 * Runs a search, taking the cost at its ranking (before the first fragment) and at its end, and
 * whether its first results came before the fragments.
 */
async function measured(
  counting: ReturnType<typeof countingSearcher>,
  query: string,
): Promise<{ shown: Cost; done: Cost }> {
  const first = await counting.searcher.first?.(query, { limit: 10 });
  const rowsFirst = first !== null && first !== undefined;
  await counting.searcher.search(query, { limit: 10 });
  const shown = { ...counting.peek(), rowsFirst };
  const done = counting.take();
  return { shown, done };
}

/**
 * A first query on a cold page for each query, and each query again as the next one of a
 * visitor who searched the one before (the files both need are kept).
 */
export async function queryCosts(
  files: Map<string, { body: string; bytes: number }>,
  queries: readonly string[],
): Promise<QueryCosts> {
  const costs: QueryCosts = { firstShown: [], first: [], laterShown: [], later: [], times: [] };
  for (const query of queries) {
    const { shown, done } = await measured(countingSearcher(files), query);
    costs.firstShown.push(shown);
    costs.first.push(done);
  }
  const warm = countingSearcher(files);
  for (const [i, query] of queries.entries()) {
    const { shown, done } = await measured(warm, query);
    if (i > 0) {
      costs.laterShown.push(shown);
      costs.later.push(done);
    }
    const start = performance.now();
    await warm.searcher.search(query, { limit: 10 });
    costs.times.push(performance.now() - start);
    // The same query again may read text files the first one left to its budget: not the next
    // query's cost.
    warm.take();
  }
  return costs;
}

/** Compressed bytes of the files of `after` that `before` did not have (new names), over all of `after`. */
export function rewriteShare(before: Index, after: Index): { share: number; bytes: number; files: number } {
  const old = new Set(before.files.map((file) => file.name));
  const files = indexFiles(after);
  let total = 0;
  let rewritten = 0;
  let count = 0;
  for (const [url, file] of files) {
    total += file.bytes;
    const name = url.slice(url.lastIndexOf('/') + 1);
    if (url === ENTRY_URL || !old.has(name)) {
      rewritten += file.bytes;
      count++;
    }
  }
  return { share: rewritten / total, bytes: rewritten, files: count };
}

/** An index as the next build reads it back from the published release. */
export function asPrevious(index: Index): PreviousIndex {
  return {
    entry: JSON.parse(JSON.stringify(index.entry)) as unknown,
    files: new Map(index.files.map((file) => [file.name, file.body])),
  };
}

/** The documents an index holds (its fragments, texts cut to `FRAGMENT_TEXT`, and its delta). */
export function docsOfIndex(index: Index): SearchDoc[] {
  const docs = new Map<string, SearchDoc>();
  const add = (doc: { i: string; t: number; d: string; ti: string; u: string; x: string }) =>
    docs.set(doc.i, {
      id: doc.i,
      type: index.entry.types[doc.t]!,
      title: doc.ti,
      url: doc.u,
      ...(doc.d ? { date: doc.d } : {}),
      text: doc.x,
    });
  for (const file of index.files) {
    if (file.name.startsWith('frag-')) add(FragmentSchema.parse(JSON.parse(file.body)));
    if (file.name.startsWith('delta-'))
      for (const doc of DeltaSchema.parse(JSON.parse(file.body)).d) add(doc);
  }
  return [...docs.values()];
}

export interface PublishCost {
  share: number;
  bytes: number;
  files: number;
  fresh: boolean;
}

function publish(
  before: Index,
  docs: readonly SearchDoc[],
  options: BuildOptions,
): PublishCost & { index: Index } {
  const after = buildSearchIndex(docs, { ...options, previous: asPrevious(before) });
  return { ...rewriteShare(before, after), fresh: after.fresh, index: after };
}

const EDIT_SENTENCE = ' 면접관 교육 일정이 다음 달로 바뀌었습니다.';

/** A new article: its body the start of an existing one's, a different one for each `i` (as new prose would be). */
function newItem(docs: readonly SearchDoc[], template: SearchDoc, i: number, date: string): SearchDoc {
  const source = docs.filter((doc) => doc.type === template.type);
  return {
    ...template,
    id: `${template.type}:bench-new-${i}`,
    title: `신규 입사자 온보딩 설문 ${i}회차, 무엇을 물어야 할까`,
    text: `입사 30일과 90일에 묻는 온보딩 설문 문항을 정리했습니다. ${source[(i * 7) % source.length]!.text.slice(0, 1500)}`,
    date,
  };
}

/**
 * One publish over a fresh base: an item edited (a sentence added), one added (the newest), one
 * added with a date in the past, one deleted; then a run of publishes in a row (adds and edits by
 * turns), each over the one before, with how many of them folded and what they rewrote.
 */
export function publishCosts(docs: readonly SearchDoc[], options: BuildOptions = {}, runLength = 30) {
  const before = buildSearchIndex(docs, options);
  const target = docs.find((doc) => doc.type === 'hrStory') ?? docs[0]!;
  const edit = publish(
    before,
    docs.map((doc) => (doc === target ? { ...doc, text: doc.text + EDIT_SENTENCE } : doc)),
    options,
  );
  const add = publish(before, [...docs, newItem(docs, target, 0, '2099-01-01')], options);
  const past = publish(before, [...docs, newItem(docs, target, 1, '2019-03-04')], options);
  const deleted = publish(
    before,
    docs.filter((doc) => doc !== target),
    options,
  );
  const run: PublishCost[] = [];
  let current: Index = before;
  let content = [...docs];
  for (let i = 0; i < runLength; i++) {
    if (i % 2 === 0)
      content = [
        ...content,
        newItem(docs, target, 100 + i, `2099-02-${String(1 + (i % 28)).padStart(2, '0')}`),
      ];
    else {
      const victim = content[(i * 7) % content.length]!;
      content = content.map((doc) => (doc === victim ? { ...doc, text: doc.text + EDIT_SENTENCE } : doc));
    }
    const step = publish(current, content, options);
    run.push(step);
    current = step.index;
  }
  const strip = ({ share, bytes, files, fresh }: PublishCost) => ({ share, bytes, files, fresh });
  return {
    edit: strip(edit),
    add: strip(add),
    past: strip(past),
    delete: strip(deleted),
    run: run.map(strip),
  };
}
