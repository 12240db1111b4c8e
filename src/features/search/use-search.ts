/**
 * Runs searches for a screen and keeps only the latest answer: an older query that answers late
 * never replaces a newer one. With the files a query needs read already, its answer is set at once
 * (`SearchFn.now`), inside the caller's event, beside what else it changed (the box's text): React
 * draws the keystroke once, not once for the text and again a task later for the answer. Otherwise
 * its first results (`SearchFn.first`: titles from the term shards' rows, before the fragments
 * bring the excerpts) are drawn when they come, and the whole answer over them; never the first
 * results over the whole answer. An answer is drawn in the task that made it (`flushSync`): drawn
 * as a transition on a slow phone, it yielded to the browser between slices and a frame of the
 * whole dialog came in between, which doubled a keystroke's time. The search function is the
 * caller's (search-client.ts): the dialog's comes with its first chunk, so its React code does not
 * carry the engine again.
 */
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SearchResponse, SearchType } from '../../lib/search/format/types.ts';
import type { SearchFn } from './search-client.ts';
import { searchWithFirst } from './search-with-first.ts';

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

export function useSearch(limit: number, search: SearchFn) {
  const [state, setState] = useState<SearchState>(IDLE);
  const latest = useRef(0);

  const run = useCallback(
    async (query: string, type: SearchType | null = null) => {
      const mine = ++latest.current;
      if (!query) {
        setState(IDLE);
        return;
      }
      const options = type ? { limit, types: [type] } : { limit };
      const now = search.now?.(query, options);
      if (now) {
        // The same answer again (a composition's end after its last input) draws nothing.
        setState((previous) =>
          previous.status === 'ready' && previous.response === now
            ? previous
            : { status: 'ready', response: now },
        );
        return;
      }
      setState((previous) => (previous.status === 'loading' ? previous : { ...previous, status: 'loading' }));
      // The first results (titles before excerpts) while the whole answer's fragments come.
      const whole = searchWithFirst(search, query, options, (first) => {
        if (mine === latest.current) flushSync(() => setState({ status: 'ready', response: first }));
      });
      let next: SearchState;
      try {
        next = { status: 'ready', response: await whole };
      } catch {
        next = { status: 'error', response: null };
      }
      if (mine === latest.current) flushSync(() => setState(next));
    },
    [limit, search],
  );

  return { state, run };
}
