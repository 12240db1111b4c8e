/**
 * What our search costs over the network, read off an index in memory: bytes (brotli, as a CDN
 * sends them) and requests of a first query on a cold page and of later ones, the index's size,
 * and how much of it a publish that changes one item rewrites.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { buildSearchIndex, type SearchEntry, type SearchFile } from '../../src/lib/search/build-index.ts';
import { createSearcher, type Searcher } from '../../src/lib/search/searcher.ts';
import type { SearchDoc } from '../../src/lib/search/types.ts';

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

/** Every file of the index (the entry included) with its compressed size, by address. */
export function indexFiles(index: Index): Map<string, { body: string; bytes: number }> {
  const out = new Map<string, { body: string; bytes: number }>();
  const entry = JSON.stringify(index.entry);
  out.set(ENTRY_URL, { body: entry, bytes: brotliSize(entry) });
  for (const file of index.files)
    out.set(index.entry.base + file.name, { body: file.body, bytes: brotliSize(file.body) });
  return out;
}

export interface Cost {
  requests: number;
  bytes: number;
}

/** A searcher over `files` that counts what it fetches. */
export function countingSearcher(files: Map<string, { body: string; bytes: number }>): {
  searcher: Searcher;
  take(): Cost;
} {
  let cost: Cost = { requests: 0, bytes: 0 };
  const searcher = createSearcher({
    entryUrl: ENTRY_URL,
    fetchJson: async (url) => {
      const file = files.get(url);
      if (!file) throw new Error(`404 ${url}`);
      cost.requests++;
      cost.bytes += file.bytes;
      return JSON.parse(file.body) as unknown;
    },
  });
  return {
    searcher,
    take() {
      const taken = cost;
      cost = { requests: 0, bytes: 0 };
      return taken;
    },
  };
}

export interface QueryCosts {
  first: Cost[];
  later: Cost[];
  /** Milliseconds per search once the files are in memory. */
  times: number[];
}

/**
 * A first query on a cold page for each query, and each query again as the next one of a
 * visitor who searched the one before (the shards both need are kept).
 */
export async function queryCosts(
  files: Map<string, { body: string; bytes: number }>,
  queries: readonly string[],
): Promise<QueryCosts> {
  const first: Cost[] = [];
  const later: Cost[] = [];
  const times: number[] = [];
  for (const query of queries) {
    const cold = countingSearcher(files);
    await cold.searcher.search(query, { limit: 10 });
    first.push(cold.take());
  }
  const warm = countingSearcher(files);
  for (const [i, query] of queries.entries()) {
    await warm.searcher.search(query, { limit: 10 });
    const cost = warm.take();
    if (i > 0) later.push(cost);
    const start = performance.now();
    await warm.searcher.search(query, { limit: 10 });
    times.push(performance.now() - start);
  }
  return { first, later, times };
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

/** The index after one publish: an item edited (a sentence added), one added, one deleted. */
export function onePublish(docs: readonly SearchDoc[]) {
  const before = buildSearchIndex(docs);
  const target = docs.find((doc) => doc.type === 'hrStory') ?? docs[0]!;
  const edited = docs.map((doc) =>
    doc === target ? { ...doc, text: `${doc.text} 면접관 교육 일정이 다음 달로 바뀌었습니다.` } : doc,
  );
  const added = [
    ...docs,
    {
      ...target,
      id: `${target.type}:bench-new`,
      title: '신규 입사자 온보딩 설문, 무엇을 물어야 할까',
      text: `입사 30일과 90일에 묻는 온보딩 설문 문항을 정리했습니다. ${target.text.slice(0, 1500)}`,
      date: '2026-11-27',
    },
  ];
  const deleted = docs.filter((doc) => doc !== target);
  return {
    edit: rewriteShare(before, buildSearchIndex(edited)),
    add: rewriteShare(before, buildSearchIndex(added)),
    delete: rewriteShare(before, buildSearchIndex(deleted)),
  };
}
