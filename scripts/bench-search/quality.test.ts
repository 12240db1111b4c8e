import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/lib/search/index/build-index.ts';
import { createSearcher } from '../../src/lib/search/engine/searcher.ts';
import { QUALITY_QUERIES } from './queries.ts';
import { measureQuality } from './quality.ts';
import { referenceSearchDocs } from './reference-content.ts';

const CONTENT = fileURLToPath(new URL('../content-api/data', import.meta.url));

const index = referenceSearchDocs(CONTENT).then((docs) => buildSearchIndex(docs));

async function searcherOverReference() {
  const { entry, files } = await index;
  const byName = new Map(files.map((file) => [entry.base + file.name, JSON.parse(file.body) as unknown]));
  return createSearcher({
    entryUrl: '/search/index.json',
    fetchJson: async (url) => (url === '/search/index.json' ? entry : byName.get(url)),
  });
}

describe('site search quality set (reference content)', () => {
  it('finds at least 95 % of the expected documents in the first ten, and nothing for words used nowhere', async () => {
    const searcher = await searcherOverReference();
    const report = await measureQuality(QUALITY_QUERIES, async (query) => {
      const response = await searcher.search(query, { limit: 10 });
      return { ids: response.hits.map((hit) => hit.id), total: response.total };
    });
    const misses = report.outcomes
      .filter((outcome) => outcome.missed.length > 0)
      .map((outcome) => `${outcome.query.query}: ${outcome.missed.join(', ')}`);
    expect(report.recall, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(report.falseHits.map((outcome) => outcome.query.query)).toEqual([]);
  });

  it('answers each query at once as the search does, once the files it needs are read, and not before', async () => {
    const searcher = await searcherOverReference();
    const queries = QUALITY_QUERIES.map(({ query }) => query);
    for (const query of queries) expect(searcher.searchNow(query, { limit: 10 }), query).toBeNull();
    for (const query of queries) {
      let answer = await searcher.search(query, { limit: 10 });
      // A text file a query left to its budget is read when the query is asked again (a later
      // query's budget): until then there is no answer at once.
      for (let again = 0; again < 3 && searcher.searchNow(query, { limit: 10 }) === null; again++)
        answer = await searcher.search(query, { limit: 10 });
      expect(searcher.searchNow(query, { limit: 10 }), query).toEqual(answer);
      // Narrowed to one type, and past the results whose texts are read: at once when it can be, the same.
      const type = answer.hits[0]?.type;
      for (const options of [{ limit: 10, types: type ? [type] : [] }, { limit: 50 }]) {
        const now = searcher.searchNow(query, options);
        if (now !== null)
          expect(now, `${query} ${JSON.stringify(options)}`).toEqual(await searcher.search(query, options));
      }
    }
  });
});
