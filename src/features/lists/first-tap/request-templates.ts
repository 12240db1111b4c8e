/**
 * A list's API calls by the one rule of list-address.ts: the store's call for a query
 * (`listCall`), and what the list's frame tells the first-tap runtime about them, so that a first
 * tap can ask the API before the island runs (src/lib/dom/early-requests.ts): the calls for the first page,
 * one for browsing (pages, topics) and, for a list with a search box, one for searching.
 */
import { PUBLIC_CONTENT_API_URL } from 'astro:env/client';
import {
  endpoints,
  endpointUrl,
  type EndpointCall,
  type ListEndpointName,
} from '../../../lib/api/endpoints.ts';
import { defaultQuery, serializeListQuery, type ListQuery } from '../../../lib/list-query.ts';
import type { ListKindConfig } from '../list-kinds.ts';
import { callValues, chosenCall, type ListCalls } from './list-address.ts';

/** The call the store makes for `query` on this list. */
export function listCall(config: ListKindConfig, query: ListQuery): EndpointCall<ListEndpointName> {
  const address = new URLSearchParams(serializeListQuery(query));
  const name = chosenCall(config.calls, address);
  return { name, query: Object.fromEntries(callValues(endpoints[name].query, address, () => '')) };
}

/** The API address of `query` on this list, as the store asks for it. */
export function requestUrl(config: ListKindConfig, query: ListQuery, base = PUBLIC_CONTENT_API_URL): string {
  const call = listCall(config, query);
  return endpointUrl(base, call.name, call.query);
}

export function requestTemplates(config: ListKindConfig, base = PUBLIC_CONTENT_API_URL): ListCalls<string> {
  return {
    browse: requestUrl(config, defaultQuery, base),
    search: config.calls.search && requestUrl(config, { ...defaultQuery, term: '' }, base),
  };
}

/**
 * What the frame tells the first-tap runtime: the templates, and whether a first tap needs code
 * the island loads lazily (`data-lazy-code`): an FAQ answer's HTML waits for the sanitiser, while
 * the other lists would only download and compile it (31 KB) for nothing at the first paint.
 */
export function firstTapAttributes(config: ListKindConfig): Record<string, string | undefined> {
  const { browse, search } = requestTemplates(config);
  return {
    'data-api-browse': browse,
    'data-api-search': search,
    'data-lazy-code': config.cardFields?.includes('html') ? '' : undefined,
  };
}
