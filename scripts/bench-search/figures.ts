/** How the search benches state their figures, and the network they model (DevTools' Slow 4G). */
import type { Cost } from './measure.ts';

/** Slow 4G: 150 ms a round trip, 1.6 Mbps. */
export const RTT_MS = 150;
export const BYTES_PER_MS = 1_600_000 / 8 / 1000;

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
export const median = (xs: readonly number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? 0;
export const p95 = (xs: readonly number[]) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;
export const max = (xs: readonly number[]) => Math.max(0, ...xs);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
export const costLine = (cs: readonly Cost[]) =>
  `median ${kb(median(cs.map((c) => c.bytes)))} in ${median(cs.map((c) => c.requests))}, max ${kb(max(cs.map((c) => c.bytes)))} in ${max(cs.map((c) => c.requests))}`;
/** Fragment requests (one parallel round after the ranking): median and max. */
export const fragmentLine = (cs: readonly Cost[]) =>
  `median ${median(cs.map((c) => c.fragments ?? 0))}, max ${max(cs.map((c) => c.fragments ?? 0))}`;

/**
 * A first query's first results on a cold page over the modelled Slow 4G: the page asks for the
 * query's term shards beside the entry (the header's hint), so the ranking's files take one round
 * trip (one more for a delta, which the entry names); the fragments a round trip after, unless
 * the shards' rows gave the first result (`Searcher.first`). `shown` is the cost to the ranking,
 * `done` with the fragments.
 */
export function firstResultsMs(shown: Cost, done: Cost): number {
  const ranking = RTT_MS * (1 + (shown.delta ? 1 : 0));
  return shown.rowsFirst
    ? ranking + shown.bytes / BYTES_PER_MS
    : ranking + RTT_MS + done.bytes / BYTES_PER_MS;
}
