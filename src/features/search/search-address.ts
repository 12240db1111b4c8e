/**
 * The search page's state is its address: `/search?q=…&type=…`. Reading and writing it are pure,
 * so back and forward, a shared link and a reload all show the same thing.
 */
import type { SearchType } from '../../lib/search/format/types.ts';
import { isSearchType } from './search-labels.ts';

/** Longer queries are cut: the engine gains nothing from them and the address stays readable. */
export const MAX_QUERY_LENGTH = 100;

export interface SearchAddress {
  query: string;
  /** The chip that narrows the results; `null` for all types. */
  type: SearchType | null;
}

/** The state in a `location.search` string; unknown types are ignored. */
export function parseSearchAddress(search: string): SearchAddress {
  const params = new URLSearchParams(search);
  const query = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const type = params.get('type');
  return { query, type: isSearchType(type) ? type : null };
}

/** The query string (with its `?`, or empty) for `state`. */
export function serializeSearchAddress({ query, type }: SearchAddress): string {
  const params = new URLSearchParams();
  const q = query.trim();
  if (q) params.set('q', q);
  if (q && type) params.set('type', type);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The search page's address for `query`, as the dialog's "all results" link uses it. */
export function searchPageHref(query: string, type: SearchType | null = null): string {
  return `/search${serializeSearchAddress({ query, type })}`;
}
