/**
 * The endpoint table of the content API: path, accepted query parameters, page size and
 * response schema, in one place for the client, the loaders, the server and the tests.
 */
import type { z } from 'zod/mini';
import {
  BannerListSchema,
  BlogDetailSchema,
  ListResponseSchema,
  PatentDetailSchema,
  SuccessSlideListSchema,
  TopicListSchema,
} from './schemas.ts';

export { MAX_TERM_LENGTH } from './limits.ts';

interface EndpointDef<S extends z.ZodMiniType> {
  path: string;
  query: readonly string[];
  /** Items per page for list endpoints. */
  pageSize?: number;
  schema: S;
}

function endpoint<S extends z.ZodMiniType>(def: EndpointDef<S>): EndpointDef<S> {
  return def;
}

/** An endpoint that answers with one page of a list (`ListResponse`) of `pageSize` items. */
function listEndpoint(path: string, query: readonly string[], pageSize: number) {
  return endpoint({ path, query, pageSize, schema: ListResponseSchema });
}

export const endpoints = {
  newsSearch: listEndpoint('/news/search', ['page', 'term'], 6),
  videoSearch: listEndpoint('/hrvideo/search', ['page', 'term'], 9),
  videoBanner: endpoint({ path: '/hrvideo/banner', query: [], schema: BannerListSchema }),
  seminarList: listEndpoint('/seminar', ['page'], 9),
  seminarBanner: endpoint({ path: '/seminar/banner', query: [], schema: BannerListSchema }),
  faqSearch: listEndpoint('/faq/search', ['page', 'term'], 10),
  faqTags: listEndpoint('/faq/tags', ['page', 'topic_id'], 10),
  faqAllTags: endpoint({ path: '/faq/alltags', query: [], schema: TopicListSchema }),
  hrStoryTags: listEndpoint('/hrcontents/tags', ['page', 'topic_id', 'name'], 9),
  successSearch: listEndpoint('/success/search', ['page', 'term'], 9),
  successBanner: endpoint({ path: '/success/banner', query: [], schema: SuccessSlideListSchema }),
  techSearch: listEndpoint('/tech/search', ['page', 'term', 'tag'], 9),
  blogDetail: endpoint({ path: '/blog/detail', query: ['id'], schema: BlogDetailSchema }),
  patentDetail: endpoint({ path: '/skillInfo/detail', query: ['tag'], schema: PatentDetailSchema }),
} as const;

export type EndpointName = keyof typeof endpoints;
export type EndpointData<N extends EndpointName> = z.infer<(typeof endpoints)[N]['schema']>;
/** Query values are sent as strings; numbers are stringified. */
export type EndpointQuery = Record<string, string | number | undefined>;
/** One call of an endpoint; the client's answer for it is typed `EndpointData<N>`. */
export interface EndpointCall<N extends EndpointName = EndpointName> {
  name: N;
  query: EndpointQuery;
}
/** The endpoints that answer with a page of a list, so a call of any of them gives a `ListResponse`. */
export type ListEndpointName = {
  [N in EndpointName]: (typeof endpoints)[N]['schema'] extends typeof ListResponseSchema ? N : never;
}[EndpointName];

/** Builds the address of an endpoint call, keeping only the endpoint's own parameters. */
export function endpointUrl(base: string, name: EndpointName, query: EndpointQuery = {}): string {
  const def = endpoints[name];
  const url = new URL(def.path, base.endsWith('/') ? base : `${base}/`);
  url.pathname = `${new URL(base).pathname.replace(/\/$/, '')}${def.path}`;
  for (const key of def.query) {
    const value = query[key];
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}
