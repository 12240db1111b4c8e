/**
 * Runs searches for a screen and keeps only the latest answer: an older query that answers late
 * never replaces a newer one.
 */
import { useCallback, useRef, useState } from 'react';
import type { SearchResponse, SearchType } from '../../lib/search/types.ts';
import { searchSite, type SearchFn } from './search-client.ts';

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SearchState {
  status: SearchStatus;
  /** The latest answer; its counts are over every type, its hits narrowed to the chosen one. */
  response: SearchResponse | null;
}

const IDLE: SearchState = { status: 'idle', response: null };

/** The number of matches over every type (the "전체" chip), from the per-type counts. */
export function countAll(response: SearchResponse): number {
  return Object.values(response.counts).reduce((sum, count) => sum + (count ?? 0), 0);
}

export function useSearch(limit: number, search: SearchFn = searchSite) {
  const [state, setState] = useState<SearchState>(IDLE);
  const latest = useRef(0);

  const run = useCallback(
    async (query: string, type: SearchType | null = null) => {
      const mine = ++latest.current;
      if (!query) {
        setState(IDLE);
        return;
      }
      setState((previous) => ({ ...previous, status: 'loading' }));
      try {
        const response = await search(query, type ? { limit, types: [type] } : { limit });
        if (mine === latest.current) setState({ status: 'ready', response });
      } catch {
        if (mine === latest.current) setState({ status: 'error', response: null });
      }
    },
    [limit, search],
  );

  return { state, run };
}
