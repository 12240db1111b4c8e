/**
 * One searcher per page, shared by the dialog and the search page, created on the first search:
 * the index entry file is fetched then, never at page load. A failure (index missing, network
 * down) drops the searcher, so "다시 시도" starts from the entry file again.
 */
import { createSearcher } from '../../lib/search/searcher.ts';
import type { SearchResponse, SearchType } from '../../lib/search/types.ts';

/** Where the build serves the index's entry file (the engine's contract). */
export const SEARCH_ENTRY_URL = '/search/index.json';

export interface SearchOptions {
  limit?: number;
  types?: SearchType[];
}

export type SearchFn = (query: string, options?: SearchOptions) => Promise<SearchResponse>;

let searcher: ReturnType<typeof createSearcher> | null = null;

/** Searches the site's index; the first call loads it. */
export const searchSite: SearchFn = async (query, options) => {
  searcher ??= createSearcher({ entryUrl: SEARCH_ENTRY_URL });
  try {
    return await searcher.search(query, options);
  } catch (error) {
    searcher = null;
    throw error;
  }
};
