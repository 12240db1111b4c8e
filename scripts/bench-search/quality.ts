/** Recall of the quality set against any search function (ours, or Pagefind for comparison). */
import type { QualityQuery } from './queries.ts';

export interface QueryOutcome {
  query: QualityQuery;
  /** Ids of the first ten results. */
  top: string[];
  /** Results in total. */
  total: number;
  missed: string[];
}

export interface QualityReport {
  /** Expected documents found in the first ten, over all expected documents. */
  recall: number;
  /** Queries for words the site never uses that still found something. */
  falseHits: QueryOutcome[];
  outcomes: QueryOutcome[];
}

export async function measureQuality(
  queries: readonly QualityQuery[],
  search: (query: string) => Promise<{ ids: string[]; total: number }>,
): Promise<QualityReport> {
  const outcomes: QueryOutcome[] = [];
  let expected = 0;
  let found = 0;
  for (const query of queries) {
    const { ids, total } = await search(query.query);
    const top = ids.slice(0, 10);
    const missed = query.expect.filter((id) => !top.includes(id));
    expected += query.expect.length;
    found += query.expect.length - missed.length;
    outcomes.push({ query, top, total, missed });
  }
  return {
    recall: expected === 0 ? 1 : found / expected,
    falseHits: outcomes.filter((o) => o.query.expect.length === 0 && o.total > 0),
    outcomes,
  };
}
