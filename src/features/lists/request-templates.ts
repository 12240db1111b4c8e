/**
 * What a list's frame tells the hydration directive about its API calls, so that a first tap can
 * ask the API before the island runs (src/lib/api/early-answer.ts): the list's calls with every
 * parameter empty, one for browsing (pages, topics) and, for a list with a search box, one for
 * searching. `listApiUrl` fills them from a page address; the test beside this file holds it to
 * the address the store itself builds.
 */
import { siteConfig } from '../../config/site.ts';
import { endpointUrl } from '../../lib/api/endpoints.ts';
import { defaultQuery, type ListQuery } from '../../lib/list-query.ts';
import type { ListKindConfig } from './list-kinds.ts';

export interface RequestTemplates {
  browse: string;
  search?: string | undefined;
}

/** The API address of `query` on this list, as the store asks for it. */
export function requestUrl(config: ListKindConfig, query: ListQuery, base = siteConfig.apiBaseUrl): string {
  const call = config.request(query);
  return endpointUrl(base, call.name, call.query);
}

export function requestTemplates(config: ListKindConfig, base = siteConfig.apiBaseUrl): RequestTemplates {
  return {
    browse: requestUrl(config, defaultQuery, base),
    search: config.searchable ? requestUrl(config, { ...defaultQuery, term: '' }, base) : undefined,
  };
}

/** The frame's attributes that carry the templates. */
export function requestTemplateAttributes(config: ListKindConfig): Record<string, string | undefined> {
  const { browse, search } = requestTemplates(config);
  return { 'data-api-browse': browse, 'data-api-search': search };
}
