/**
 * The list mechanics shared by every list endpoint: wire projection, newest-first order,
 * filtering and the page slice with its paging object.
 */
import type {
  Topic,
  WireContentItem as ContentItem,
  WireListResponse as ListResponse,
} from '../../src/lib/api/schemas.ts';
import { serverBlock } from '../../src/lib/paging.ts';
import { matches, searchText, type Searchable } from './search.ts';

/** Fields of the content files that only the server uses; they never go on the wire. */
const SERVER_ONLY_FIELDS = new Set(['content', 'tag']);

/** A list item ready to serve: its wire form plus what the filters look at, computed once. */
export interface ListEntry {
  item: ContentItem;
  /** Folded search text (see {@link searchText}). */
  text: string;
  tagIds: readonly number[];
}

/** The item as a list card: the content item minus server-only fields (`content`, `tag`). */
export function toWireItem<T extends ContentItem>(item: T): ContentItem {
  return Object.fromEntries(
    Object.entries(item).filter(([key]) => !SERVER_ONLY_FIELDS.has(key)),
  ) as ContentItem;
}

function timeOf(item: { created_time: string }): number {
  const time = Date.parse(item.created_time);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Items newest first. Times are compared as instants, not strings, because offsets may
 * differ (`...T00:30:00Z` is later than `...T09:00:00+09:00`). The sort is stable, so items
 * with the same time keep their file order.
 */
export function newestFirst<T extends { created_time: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, time: timeOf(item) }))
    .sort((a, b) => (a.time === b.time ? 0 : b.time > a.time ? 1 : -1))
    .map(({ item }) => item);
}

/**
 * Builds the served list of a content collection: newest first, each item projected to the
 * wire (optionally extended by `decorate`, which sees the item's position in that order).
 */
export function buildList<T extends ContentItem & Searchable>(
  items: readonly T[],
  decorate: (wire: ContentItem, source: T, index: number, all: readonly T[]) => ContentItem = (wire) => wire,
): ListEntry[] {
  const sorted = newestFirst(items);
  return sorted.map((source, index) => {
    const item = decorate(toWireItem(source), source, index, sorted);
    // Search sees what the card shows (decorations included) plus the server-only body.
    return { item, text: searchText({ ...source, ...item }), tagIds: source.tag_ids ?? [] };
  });
}

/** Entries whose search text holds the prepared term (empty term: all). */
export function filterByTerm(entries: readonly ListEntry[], preparedTerm: string): readonly ListEntry[] {
  return preparedTerm === '' ? entries : entries.filter((entry) => matches(entry.text, preparedTerm));
}

/** Entries in the topic (`undefined`: all). */
export function filterByTopic(
  entries: readonly ListEntry[],
  topicId: number | undefined,
): readonly ListEntry[] {
  return topicId === undefined ? entries : entries.filter((entry) => entry.tagIds.includes(topicId));
}

/**
 * One page of a list with the contract's paging object: `page_size` is the number of
 * matching items, `start_page`/`end_page` the block of page numbers holding `page`, clamped to
 * the last page. A page past the end gives no objects but the same valid paging.
 */
export function listPage(
  entries: readonly ListEntry[],
  page: number,
  pageSize: number,
  tags?: readonly Topic[],
): ListResponse {
  const total = entries.length;
  const start = (page - 1) * pageSize;
  // For astronomically large pages `start` is beyond any list (or not a safe integer); slice
  // would still return [], but skip the work explicitly.
  const objects = start < total ? entries.slice(start, start + pageSize).map((entry) => entry.item) : [];
  const response: ListResponse = {
    objects,
    paging: { page_size: total, ...serverBlock(page, total, pageSize) },
  };
  if (tags !== undefined) response.tags = [...tags];
  return response;
}
