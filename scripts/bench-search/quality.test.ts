import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/lib/search/build-index.ts';
import { createSearcher } from '../../src/lib/search/searcher.ts';
import { QUALITY_QUERIES } from './queries.ts';
import { measureQuality } from './quality.ts';
import { referenceSearchDocs } from './reference-content.ts';

const CONTENT = fileURLToPath(new URL('../content-api/data', import.meta.url));

describe('site search quality set (reference content)', () => {
  it('finds at least 95 % of the expected documents in the first ten, and nothing for words used nowhere', async () => {
    const { entry, files } = buildSearchIndex(await referenceSearchDocs(CONTENT));
    const byName = new Map(files.map((file) => [entry.base + file.name, JSON.parse(file.body) as unknown]));
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => (url === '/search/index.json' ? entry : byName.get(url)),
    });
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
});
