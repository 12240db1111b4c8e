/**
 * List query state and its address form (the shared list behaviour and the address fallbacks).
 * Parsing never fails: any address gives a usable query.
 */
import { MAX_TERM_LENGTH } from './api/limits.ts';

export interface ListQuery {
  /** Current page, 1 or more. */
  page: number;
  /** Search term; `null` when the address has none (FAQ: category mode). */
  term: string | null;
  /** Selected topic; `null` means all. */
  topicId: number | null;
  /** Topic name carried in HR story addresses. */
  name: string;
}

/** Highest page number taken from an address; larger numbers are treated as this one. */
export const MAX_PAGE = 100_000;
const MAX_NAME_LENGTH = 100;

export const defaultQuery: ListQuery = { page: 1, term: null, topicId: null, name: '' };

/** Reads a query from `location.search`: page falls back to 1, a non-numeric topic_id means all. */
export function parseListQuery(search: string | URLSearchParams): ListQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawPage = params.get('page')?.trim() ?? '';
  const page = /^\d+$/.test(rawPage) ? Math.min(Math.max(1, Number(rawPage)), MAX_PAGE) : 1;
  const rawTopic = params.get('topic_id')?.trim() ?? '';
  const topicId = /^\d+$/.test(rawTopic) && rawTopic.length < 10 ? Number(rawTopic) : null;
  const rawTerm = params.get('term');
  return {
    page,
    term: rawTerm === null ? null : rawTerm.normalize('NFC').slice(0, MAX_TERM_LENGTH),
    topicId,
    name: topicId === null ? '' : (params.get('name') ?? '').normalize('NFC').slice(0, MAX_NAME_LENGTH),
  };
}

/** The address form of a query: `?page=2&term=…` or `?page=1&topic_id=3&name=…`. */
export function serializeListQuery(query: ListQuery): string {
  const params = new URLSearchParams();
  params.set('page', String(query.page));
  if (query.term !== null) params.set('term', query.term);
  if (query.topicId !== null) {
    params.set('topic_id', String(query.topicId));
    if (query.name) params.set('name', query.name);
  }
  return `?${params.toString()}`;
}

/**
 * The address a topic button asks for (`null`: all topics), written on the button so that the
 * hydration directive can ask the API for it before the island runs (src/lib/dom/early-requests.ts). A list
 * whose API call does not take the topic's name (the FAQ) leaves it out (`withName: false`):
 * the directive reads only the parameters the call takes, and the page is shorter.
 */
export function topicQuery(topic: { id: number; name: string } | null, withName = true): string {
  const name = withName ? (topic?.name ?? '') : '';
  return serializeListQuery({ ...defaultQuery, topicId: topic?.id ?? null, name });
}

export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  return a.page === b.page && (a.term ?? '') === (b.term ?? '') && a.topicId === b.topicId;
}

/** Link from a list card to an on-site detail, carrying the list page and topic to return to. */
export function withListContext<H extends string | undefined>(href: H, query: ListQuery): H | string {
  if (!href || !href.startsWith('/') || href.startsWith('//')) return href;
  const url = new URL(href, 'https://site.invalid');
  url.searchParams.set('page', String(query.page));
  if (query.topicId !== null) {
    url.searchParams.set('topic_id', String(query.topicId));
    if (query.name) url.searchParams.set('name', query.name);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
