/**
 * One searcher per page, shared by the dialog and the search page, created on the first search:
 * the index entry file is fetched then, never at page load (or at the header's shortcut, whose
 * request the searcher takes: src/lib/dom/early-requests.ts). A failure (index missing, network down) drops the
 * searcher, so "다시 시도" starts from the entry file again. Once the files a query needs are read,
 * its answer is there at once too (`searchSite.now`): a screen sets it in the keystroke's own event.
 *
 * The dialog's first chunk (search-start.inline.ts) carries a private copy of this module, so it
 * arrives as one file; the search page's island has another. Their state lives on `globalThis`
 * under a registered symbol: every copy shares one searcher and the files it has read.
 */
import {
  createSearcher,
  type FetchJson,
  type Searcher,
  type SearcherOptions,
  type SearchOptions,
} from '../../lib/search/engine/searcher.ts';
import type { SearchResponse } from '../../lib/search/format/types.ts';
import { takeEarly } from '../../lib/dom/early-requests.ts';
import { findEarlyForm } from './early-input.ts';
import { SEARCH_ENTRY_URL } from './search-entry.ts';
import { parseShardHint, type ShardHint } from '../../lib/search/format/shard-names.ts';

export { SEARCH_ENTRY_URL, type SearchOptions };

/**
 * The answer at once, when the files it needs are read already (`Searcher.searchNow`), else
 * `null`: then ask the search itself.
 */
export type SearchNowFn = (query: string, options?: SearchOptions) => SearchResponse | null;

/** The first results before the fragments come (`Searcher.first`), or `null` when there are none to show yet. */
export type SearchFirstFn = (query: string, options?: SearchOptions) => Promise<SearchResponse | null>;

export interface SearchFn {
  (query: string, options?: SearchOptions): Promise<SearchResponse>;
  /** Its first results, to draw while the whole answer comes. Absent: only the whole answer is drawn. */
  first?: SearchFirstFn;
  /**
   * Its answer at once, when it has one: carried on the search function, as the dialog gets only
   * that from its first chunk (search-start.inline.ts). Absent: every answer is awaited.
   */
  now?: SearchNowFn;
}

interface LastSearch {
  key: string;
  answer: Promise<SearchResponse>;
  /** The answer once it has come: the same search asked at once gets it without ranking again. */
  settled: SearchResponse | null;
}

/** What the copies of this module share. */
export interface SiteSearchState {
  searcher: Searcher | null;
  /** The last search asked: the same query asked again (the dialog after the shortcut started it) gets its answer. */
  last: LastSearch | null;
}

export interface SiteSearch {
  /** Carries `searchNow` as its `now`, and the searcher's first results as its `first`. */
  search: SearchFn & { now: SearchNowFn; first: SearchFirstFn };
  searchNow: SearchNowFn;
}

/** The index base this page was built with, from the header's search form (SearchButton.astro). */
function pageShardHint(): ShardHint | null {
  if (typeof document === 'undefined') return null;
  return parseShardHint(findEarlyForm()?.dataset.shards);
}

export function newSiteSearchState(): SiteSearchState {
  return { searcher: null, last: null };
}

/**
 * The searcher's `fetchJson` on this page: a file from a request already on its way (the
 * shortcut's, for the entry and the typed words' term shards: early-requests.ts), else a
 * request of its own.
 */
function pageFetchJson(request: (url: string, init?: RequestInit) => Promise<Response>): FetchJson {
  return async (url, init) => {
    // The entry asked again because a file it named is gone (a takedown): revalidated, never
    // an early request or the HTTP cache's copy.
    const response = await (init?.fresh
      ? request(url, { cache: 'no-cache' })
      : (takeEarly(url) ?? request(url)));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as unknown;
  };
}

/** What makes two searches the same: the query, the limit and the types. */
const keyOf = (query: string, options: SearchOptions) =>
  JSON.stringify([query, options.limit ?? null, options.types ?? null]);

/** `searchNow` over the shared state: the last search's answer when it is the same search. */
function searchNowOf(state: SiteSearchState): SearchNowFn {
  return (query, options = {}) => {
    const key = keyOf(query, options);
    // The same search asked before: its answer, or, while it is on its way, none (the caller then
    // joins it through `search`).
    if (state.last?.key === key) return state.last.settled;
    const response = state.searcher?.searchNow?.(query, options) ?? null;
    if (response) state.last = { key, answer: Promise.resolve(response), settled: response };
    return response;
  };
}

/** A new search, as the state's last: the same search asked again while it runs joins it. */
function startSearch(
  state: SiteSearchState,
  searcher: Searcher,
  key: string,
  query: string,
  options: SearchOptions,
): Promise<SearchResponse> {
  const last: LastSearch = { key, answer: searcher.search(query, options), settled: null };
  state.last = last;
  last.answer.then(
    (response) => (last.settled = response),
    () => {
      if (state.searcher === searcher) state.searcher = null;
      if (state.last === last) state.last = null;
    },
  );
  return last.answer;
}

/** The page's site search over `state` (shared by every copy of this module); the tests pass their own searcher and requests. */
export function createSiteSearch(
  state: SiteSearchState,
  create: (options: SearcherOptions) => Searcher = createSearcher,
  request: (url: string, init?: RequestInit) => Promise<Response> = (url, init) => fetch(url, init),
): SiteSearch {
  const fetchJson = pageFetchJson(request);
  const sharedSearcher = () =>
    (state.searcher ??= create({ entryUrl: SEARCH_ENTRY_URL, fetchJson, shardHint: pageShardHint() }));
  const searchNow = searchNowOf(state);

  // The dialog taking over the early panel's search (the same query and limit) joins it.
  const search = (query: string, options: SearchOptions = {}) => {
    const key = keyOf(query, options);
    if (state.last?.key === key) return state.last.answer;
    return startSearch(state, sharedSearcher(), key, query, options);
  };

  // A failure here is the whole answer's to report (it drops the searcher): the first results are none.
  const first: SearchFirstFn = (query, options = {}) =>
    (sharedSearcher().first?.(query, options) ?? Promise.resolve(null)).catch(() => null);

  return { search: Object.assign(search, { now: searchNow, first }), searchNow };
}

const SHARED = Symbol.for('insighthire:site-search');
const shared = ((globalThis as unknown as Record<symbol, SiteSearchState | undefined>)[SHARED] ??=
  newSiteSearchState());
const site = createSiteSearch(shared);

/** Searches the site's index; the first call loads it. */
export const searchSite: SearchFn = site.search;
/** The site search's answer at once, when the files it needs are read (also `searchSite.now`). */
export const searchSiteNow = site.searchNow;
