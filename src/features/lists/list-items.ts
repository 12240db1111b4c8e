/**
 * Turns API list items into the small, serialisable card data the islands render and the
 * pages pass as props. HTML (FAQ answers) is sanitised here, by whichever sanitiser the
 * caller's side has (sanitize-html at build time, DOMPurify in the browser).
 */
import { itemHref } from '../../lib/api/item-address.ts';
import type { ContentItem, Topic } from '../../lib/api/schemas.ts';
import { isExternalHref } from '../../lib/api/untrusted.ts';
import type { ListId } from '../../lib/routes.ts';
import type { Sanitizer } from '../../lib/html/load-sanitizer.ts';

export interface CardItem {
  id: string;
  /** Where the card links; `undefined` when the API's address failed the contract (no link). */
  href: string | undefined;
  external: boolean;
  title: string;
  description: string;
  image: string | null;
  /**
   * Painted under `image` until it arrives: the first card's inlined picture without its text
   * (lib/images/lead-card-picture.ts). Only the build sets it.
   */
  preview: string | null;
  logo: string | null;
  author: string;
  /** ISO date-time as sent. */
  date: string;
  tags: string[];
  place: string;
  /** Seminar in the ended style (falsy type). */
  ended: boolean;
  no: number | null;
  views: number | null;
  /** Sanitised answer HTML (FAQ). */
  html: string;
}

/**
 * Topic id → name of each topics list, built on first use. A list's cards share one topics
 * array (the answer's `tags` or the screen's topics), so the index is built once per list and
 * each tag id costs one lookup: scanning the topics for every id of every card was quadratic
 * (100 unknown ids against 200,000 topics took 123 ms for one card). Parsed answers are never
 * changed afterwards, so an index cannot go stale.
 */
const topicIndexes = new WeakMap<readonly Topic[], ReadonlyMap<number, string>>();

function topicIndex(topics: readonly Topic[]): ReadonlyMap<number, string> {
  let index = topicIndexes.get(topics);
  if (!index) {
    const names = new Map<number, string>();
    // The first topic with an id wins, as a search from the start would find it.
    for (const topic of topics) if (!names.has(topic.id)) names.set(topic.id, topic.name);
    index = names;
    topicIndexes.set(topics, index);
  }
  return index;
}

/** The names of the topics `tagIds` name, in the item's order; unknown ids are skipped. */
export function topicNames(tagIds: readonly number[], topics: readonly Topic[]): string[] {
  if (tagIds.length === 0 || topics.length === 0) return [];
  const index = topicIndex(topics);
  return tagIds.flatMap((id) => index.get(id) ?? []);
}

function tagNames(item: ContentItem, topics: readonly Topic[]): string[] {
  if (typeof item.tags === 'string') {
    return item.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  }
  if (Array.isArray(item.tags)) return item.tags.map((tag) => tag.name).filter(Boolean);
  if (item.tag_ids) return topicNames(item.tag_ids, topics);
  return [];
}

/**
 * The card of `item` on list `list`. A list with detail pages links each card to the page built
 * for the item (`item-address.ts`), whatever its `absolute_url` says.
 */
export function toCardItem(
  item: ContentItem,
  sanitize: Sanitizer,
  topics: readonly Topic[] = [],
  list?: ListId,
): CardItem {
  const href = itemHref(list, item);
  const card: CardItem = {
    id: item.analytics_page_id,
    href,
    external: isExternalHref(href),
    title: (item.html_title || item.title || '').trim(),
    description: item.meta_description ?? '',
    image: item.featured_image || item.thumb || null,
    preview: null,
    logo: item.logo || null,
    author: item.author_name ?? '',
    date: item.created_time,
    tags: tagNames(item, topics),
    place: item.addr ?? '',
    ended: !item.type || item.type === '0',
    no: item.no ?? null,
    views: item.views ?? null,
    html: '',
  };
  return item.post_body ? withLazyHtml(card, item.post_body, sanitize) : card;
}

/**
 * The card with its answer HTML sanitised when first read, once. An FAQ category's rows show
 * their questions first and their answers one render later (FaqList.tsx); sanitising every
 * answer before that first render was most of the CPU work between the API's answer and the
 * questions on screen of a slow phone.
 */
function withLazyHtml(card: CardItem, untrusted: string, sanitize: Sanitizer): CardItem {
  let safe: string | undefined;
  return Object.defineProperty(card, 'html', {
    enumerable: true,
    configurable: true,
    get: () => (safe ??= sanitize(untrusted)),
  });
}

/** What a card field holds when the API gave nothing for it, or its screen does not show it. */
const EMPTY_CARD: Omit<CardItem, 'id' | 'href' | 'title'> = {
  date: '',
  external: false,
  description: '',
  image: null,
  preview: null,
  logo: null,
  author: '',
  tags: [],
  place: '',
  // What `toCardItem` makes of an item without a seminar type: every list but the seminars'.
  ended: true,
  no: null,
  views: null,
  html: '',
};

/** A card as the island's props carry it: only the fields that differ from an empty card. */
export type CompactCardItem = Partial<CardItem> & Pick<CardItem, 'id' | 'title'>;

/**
 * Drops the fields an item has left empty, and those its screen does not show (`shown`, when
 * given: an FAQ row has no date or link of its own). Every list fills only some of a card's
 * fields, and the island's props are part of a page that must fit in the first round trip of a
 * slow connection.
 */
export function compactCardItem(item: CardItem, shown?: readonly (keyof CardItem)[]): CompactCardItem {
  const compact: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (shown && key !== 'id' && key !== 'title' && !shown.includes(key as keyof CardItem)) continue;
    const empty = (EMPTY_CARD as Record<string, unknown>)[key];
    const same = Array.isArray(value) ? value.length === 0 && Array.isArray(empty) : value === empty;
    if (!same && value !== undefined) compact[key] = value;
  }
  return compact as CompactCardItem;
}

/** The full card again, on the island's side. */
export function expandCardItem(item: CompactCardItem): CardItem {
  return { ...EMPTY_CARD, href: undefined, ...item };
}
