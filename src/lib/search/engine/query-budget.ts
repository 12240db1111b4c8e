/**
 * What one query may fetch (bytes as a CDN sends them, brotli). Format 4 keeps to it by its
 * shape rather than by choosing what to leave out: the entry has a constant size, a term shard
 * and a fragment a bound the entry states (`sizes`), a query reads a few shards and the delta,
 * then the fragments of the results shown, in one parallel round. `firstQueryBound` is the
 * most a first query can read by those bounds; the bench measures what it does read.
 */
import type { Entry } from '../format/format.ts';

export const QUERY_BUDGET = {
  /** A first query on a cold page: the one that fetches the entry. */
  cold: { requests: 4, bytes: 40 * 1024 },
  /** Every later query. */
  warm: { requests: 4, bytes: 10 * 1024 },
} as const;

/** The most a first query reads by the entry's bounds: the entry, `shards` term shards, the delta, `shown` fragments. */
export function firstQueryBound(entry: Entry, shards: number, shown: number): number {
  return (
    entry.sizes.entry + shards * entry.sizes.shard + (entry.delta?.bytes ?? 0) + shown * entry.sizes.fragment
  );
}
