/**
 * A search's two answers for a screen: apart from search-client.ts, which carries the engine, so
 * that the dialog's React code, which gets its search function from the first chunk, does not.
 */
import type { SearchResponse } from '../../lib/search/format/types.ts';
import type { SearchFn, SearchOptions } from './search-client.ts';

/**
 * `search(query, options)`, its first results (`SearchFn.first`: titles before excerpts) handed to
 * `onFirst` while the whole answer comes and never after it. Settles as the whole answer does.
 */
export function searchWithFirst(
  search: SearchFn,
  query: string,
  options: SearchOptions,
  onFirst: (first: SearchResponse) => void,
): Promise<SearchResponse> {
  let settled = false;
  void search.first?.(query, options).then((first) => {
    if (first && !settled) onFirst(first);
  });
  const whole = search(query, options);
  const settle = () => (settled = true);
  whole.then(settle, settle);
  return whole;
}
