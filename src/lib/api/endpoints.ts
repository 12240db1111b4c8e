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

export const endpoints = {
  newsSearch: endpoint({
    path: '/news/search',
    query: ['page', 'term'],
    pageSize: 6,
    schema: ListResponseSchema,
  }),
  videoSearch: endpoint({
    path: '/hrvideo/search',
    query: ['page', 'term'],
    pageSize: 9,
    schema: ListResponseSchema,
  }),
  videoBanner: endpoint({ path: '/hrvideo/banner', query: [], schema: BannerListSchema }),
  seminarList: endpoint({ path: '/seminar', query: ['page'], pageSize: 9, schema: ListResponseSchema }),
  seminarBanner: endpoint({ path: '/seminar/banner', query: [], schema: BannerListSchema }),
  faqSearch: endpoint({
    path: '/faq/search',
    query: ['page', 'term'],
    pageSize: 10,
    schema: ListResponseSchema,
  }),
  faqTags: endpoint({
    path: '/faq/tags',
    query: ['page', 'topic_id'],
    pageSize: 10,
    schema: ListResponseSchema,
  }),
  faqAllTags: endpoint({ path: '/faq/alltags', query: [], schema: TopicListSchema }),
  hrStoryTags: endpoint({
    path: '/hrcontents/tags',
    query: ['page', 'topic_id', 'name'],
    pageSize: 9,
    schema: ListResponseSchema,
  }),
  successSearch: endpoint({
    path: '/success/search',
    query: ['page', 'term'],
    pageSize: 9,
    schema: ListResponseSchema,
  }),
  successBanner: endpoint({ path: '/success/banner', query: [], schema: SuccessSlideListSchema }),
  techSearch: endpoint({
    path: '/tech/search',
    query: ['page', 'term', 'tag'],
    pageSize: 9,
    schema: ListResponseSchema,
  }),
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
