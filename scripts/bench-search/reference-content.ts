/**
 * The site search's documents for the reference content (`scripts/content-api/data`), read the
 * way the build reads them: the loaders' own fetch functions against the reference server's app,
 * in process (no port, no build), so the quality test and the bench search what the site would.
 */
import { createApiClient } from '../../src/lib/api/client.ts';
import type { EndpointName, EndpointQuery, EndpointData } from '../../src/lib/api/endpoints.ts';
import {
  fetchArticles,
  fetchCardLists,
  fetchPatents,
  FetchError,
  type Fetcher,
} from '../../src/lib/content/build-data.ts';
import { siteSearchDocs, type SiteContent } from '../../src/lib/content/search-docs.ts';
import type { SearchDoc } from '../../src/lib/search/format/types.ts';
import { loadContent } from '../content-api/load-content.ts';
import { createApp } from '../content-api/server.ts';

const BASE = 'http://reference.invalid';

export async function referenceSiteContent(contentDir: string): Promise<SiteContent> {
  const app = createApp(loadContent(contentDir));
  const client = createApiClient({
    baseUrl: BASE,
    timeoutMs: 0,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      app.request(input instanceof Request ? input : String(input), init)) as typeof globalThis.fetch,
  });
  const fetcher: Fetcher = async <N extends EndpointName>(name: N, query: EndpointQuery = {}) => {
    const result = await client(name, query);
    if (!result.ok) throw new FetchError(result.error.kind, result.error.message);
    return result.data as EndpointData<N>;
  };
  const [cardLists, hrStories, successStories, patents] = await Promise.all([
    fetchCardLists(fetcher),
    fetchArticles(fetcher, 'hrStoryTags'),
    fetchArticles(fetcher, 'successSearch'),
    fetchPatents(fetcher),
  ]);
  return { cardLists, hrStories, successStories, patents };
}

export async function referenceSearchDocs(contentDir: string): Promise<SearchDoc[]> {
  return siteSearchDocs(await referenceSiteContent(contentDir));
}
