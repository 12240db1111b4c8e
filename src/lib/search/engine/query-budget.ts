/**
 * What one query may fetch, and what it has spent: the searcher's accountant. The first results
 * (the entry and the term shards) are always fetched, and counted; the text files of the excerpt
 * windows then fill what is left, in the order of the results they serve.
 */
import type { Entry } from '../format/format.ts';

/**
 * What one query may fetch on a slow phone, the entry and term shards it starts included (bytes
 * as a CDN sends them, from the entry's `sizes`). The first results (entry and term shards) are
 * always fetched; the text files of the excerpt windows are fetched in the order of the results
 * they serve while they fit, and a result whose file does not fit keeps its lead as its excerpt.
 */
export const QUERY_BUDGET = {
  /** A first query on a cold page: the one that fetches the entry. */
  cold: { requests: 4, bytes: 40 * 1024 },
  /** Every later query. */
  warm: { requests: 4, bytes: 10 * 1024 },
} as const;

/** What a query has fetched itself so far: whether it read the entry, and its requests and bytes. */
export interface Spent {
  cold: boolean;
  requests: number;
  bytes: number;
}

/** A later query that has fetched nothing yet. */
export const NOTHING_SPENT: Spent = { cold: false, requests: 0, bytes: 0 };

/**
 * What the entry (when `cold`: this query reads it) and the term shards (`shards`: index →
 * address) not yet asked for, or asked for by this query (`guessed`), will cost it; a guess the
 * entry does not name, a request.
 */
export function spentOn(
  entry: Entry,
  shards: ReadonlyMap<number, string>,
  cold: boolean,
  guessed: ReadonlySet<string>,
  asked: (url: string) => boolean,
): Spent {
  const spent: Spent = { cold, requests: cold ? 1 : 0, bytes: cold ? (entry.sizes?.entry ?? 0) : 0 };
  const needed = new Set<string>();
  for (const [index, url] of shards) {
    needed.add(url);
    if (asked(url) && !guessed.has(url)) continue;
    spent.requests += 1;
    spent.bytes += entry.sizes?.terms[index] ?? 0;
  }
  for (const url of guessed) if (!needed.has(url)) spent.requests += 1;
  return spent;
}

/**
 * The base text files an answer reads, of `wanted` (the files of the results wanting a window,
 * in their order): those the searcher has (or is fetching) already, and new ones in that order
 * while the query's budget allows.
 */
export function textFilesWithin(
  entry: Entry,
  wanted: readonly number[],
  fetched: (file: number) => boolean,
  spent: Spent,
): Set<number> {
  const budget = spent.cold ? QUERY_BUDGET.cold : QUERY_BUDGET.warm;
  let { requests, bytes } = spent;
  const chosen = new Set<number>();
  for (const file of wanted) {
    if (chosen.has(file)) continue;
    if (fetched(file)) {
      chosen.add(file);
      continue;
    }
    const size = entry.sizes?.texts[file] ?? 0;
    if (requests + 1 > budget.requests || bytes + size > budget.bytes) continue;
    requests += 1;
    bytes += size;
    chosen.add(file);
  }
  return chosen;
}
