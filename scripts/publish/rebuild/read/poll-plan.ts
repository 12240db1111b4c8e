/**
 * What a poll reads, and what it takes from the last snapshot instead. A poll must cost the
 * content API a small, fixed number of calls whatever the size of the content, so it reads the
 * first page of every list, the banners and the topics (eleven calls), and works out the rest.
 * Every paged list the site publishes is treated alike: the long lists (HR stories, success
 * stories, patents), whose items have detail pages, and the card lists (news, HR videos,
 * seminars, FAQ), whose every item the site search indexes (an FAQ answer is its card's body).
 *
 * - **The rest of a list** (newest first) is the fresh first page followed by the last
 *   snapshot's items after the first page's last one. When that does not add up to the total the
 *   API reports (an item deleted or moved further down, more new items than one page), the list
 *   is read again page by page. So is a list whose first page came with a `Last-Modified` later
 *   than the one the last snapshot recorded for it (`listMayHaveChanged`): the API says something
 *   changed, perhaps further down.
 * - **Details** (long lists only) are read again only for items whose card is new or changed; the
 *   others keep the last snapshot's detail.
 * - **Items named with `--item`** (the publish hook) are made current wherever they are, in any
 *   list: the list page an item sits on is read again, or its whole list (every list, for an item
 *   found nowhere).
 *
 * What a poll cannot see: a body fix that leaves its card alone; and, from an API whose first
 * pages carry no `Last-Modified` or one that does not move when something further down changes,
 * a change there that leaves the first page and the total alone (a card edited there, one item
 * deleted and another added there). The next sweep (a full, unconditional read, daily by
 * default) or an `--item` naming the item publishes it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { endpoints, type EndpointData } from '../../../../src/lib/api/endpoints.ts';
import type { ContentItem } from '../../../../src/lib/api/schemas.ts';
import type { AllPagesList, CardList } from '../../../../src/lib/content/build-data.ts';
import type { RecordedCalls } from '../../../../src/lib/content/recorded-api.ts';

type ListAnswer = EndpointData<'hrStoryTags'>;

/** The snapshot the last published (or unchanged) run was made of, and when the API was last read whole. */
export interface BaseSnapshot {
  version: 1;
  apiUrl: string;
  /** ISO time of the last full read (sweep). */
  sweptAt: string;
  recorded: RecordedCalls;
}

/**
 * The whole list as a poll sees it: the fresh first page, then the base's items after that
 * page's last one. `null` when that cannot be right (the total differs, or the first page's
 * last item is not in the base): the caller then reads the list page by page.
 */
export function mergeFirstPage(
  fresh: readonly ContentItem[],
  total: number,
  base: readonly ContentItem[],
): ContentItem[] | null {
  if (fresh.length === 0) return total === 0 ? [] : null;
  const lastId = fresh[fresh.length - 1]!.analytics_page_id;
  const at = base.findIndex((item) => item.analytics_page_id === lastId);
  if (at < 0) return fresh.length === total ? [...fresh] : null;
  const freshIds = new Set(fresh.map((item) => item.analytics_page_id));
  const merged = [...fresh, ...base.slice(at + 1).filter((item) => !freshIds.has(item.analytics_page_id))];
  return merged.length === total ? merged : null;
}

/**
 * The answer the API would give for `page` of a merged list: the same page size as the fresh
 * first page, paging in blocks of five as the contract describes, and the first page's topics.
 */
export function pageOfMerged(
  name: AllPagesList | CardList,
  firstPage: ListAnswer,
  merged: readonly ContentItem[],
  page: number,
): ListAnswer {
  const total = merged.length;
  const size =
    total > firstPage.objects.length && firstPage.objects.length > 0
      ? firstPage.objects.length
      : (endpoints[name].pageSize ?? 9);
  const lastPage = Math.max(1, Math.ceil(total / size));
  const start = Math.floor((Math.min(page, lastPage) - 1) / 5) * 5 + 1;
  return {
    ...firstPage,
    objects: merged.slice((page - 1) * size, page * size),
    paging: { page_size: total, start_page: start, end_page: Math.min(start + 4, lastPage) },
  };
}

/** A list as a poll has it: the fresh first page and its merge with the base (`null`: read whole anyway). */
export interface PolledList {
  fresh: readonly ContentItem[];
  merged: readonly ContentItem[] | null;
  /**
   * The item's detail key (`item-address.ts`): `--item` may name it or the `analytics_page_id`.
   * `null` for items without a detail page (the card lists'): only their id names them.
   */
  keyOf(item: ContentItem): string | null;
}

/** What to read again for items named with `--item`: pages of a list, or the whole list. */
export type NamedReads<L extends string = AllPagesList | CardList> = Map<L, 'whole' | number[]>;

/**
 * Which pages to read so that every item named with `--item` is current, wherever it is. A named
 * item on a fresh first page needs nothing more; one further down in the merged list needs the
 * page the merge puts it on (the caller reads the whole list when that page turns out otherwise);
 * one in none of them (new further down, or gone) can be anywhere, so every list is read whole.
 */
export function namedItemReads<L extends string>(
  named: readonly string[],
  lists: Readonly<Record<L, PolledList>>,
): NamedReads<L> {
  const reads: NamedReads<L> = new Map();
  const entries = Object.entries(lists) as [L, PolledList][];
  for (const id of named) {
    const isIt = (list: PolledList) => (item: ContentItem) =>
      item.analytics_page_id === id || list.keyOf(item) === id;
    let found = false;
    for (const [name, list] of entries) {
      if (list.fresh.some(isIt(list))) {
        found = true;
        continue;
      }
      // A list without a merge is read whole anyway.
      if (!list.merged) continue;
      const at = list.merged.findIndex(isIt(list));
      if (at < 0) continue;
      found = true;
      const page = Math.floor(at / list.fresh.length) + 1;
      const pages = reads.get(name);
      if (pages === 'whole') continue;
      reads.set(
        name,
        [...new Set([...(pages ?? []), page])].sort((a, b) => a - b),
      );
    }
    if (!found) for (const [name, list] of entries) if (list.merged) reads.set(name, 'whole');
  }
  return reads;
}

/**
 * The merged list with page `page` as the API gave it now, or `null` when that page holds other
 * items than the merge put there (something moved further down): then only a whole read is right.
 */
export function withFreshPage(
  merged: readonly ContentItem[],
  pageLength: number,
  page: number,
  objects: readonly ContentItem[],
): ContentItem[] | null {
  const start = (page - 1) * pageLength;
  const expected = merged.slice(start, start + pageLength);
  if (
    expected.length !== objects.length ||
    expected.some((item, index) => item.analytics_page_id !== objects[index]!.analytics_page_id)
  )
    return null;
  return [...merged.slice(0, start), ...objects, ...merged.slice(start + pageLength)];
}

/**
 * Whether a list may have changed beyond what its first page shows, by the `Last-Modified`
 * its first page came with now and the one the last snapshot recorded for the same call. An API
 * that stamps its answers with when the content (or the list) last changed moves it for a change
 * anywhere in the list, even one that leaves the first page and the total alone. No stamp now: no
 * signal (the merge decides). A stamp now but none recorded (a snapshot from before the API sent
 * one): nothing to compare with, so yes, once. Two dates: only a later one; two strings that are
 * not dates: any difference.
 */
export function listMayHaveChanged(now: string | undefined, recorded: string | undefined): boolean {
  if (now === undefined) return false;
  if (recorded === undefined) return true;
  const [after, before] = [Date.parse(now), Date.parse(recorded)];
  if (Number.isNaN(after) || Number.isNaN(before)) return now !== recorded;
  return after > before;
}

/** A list's first page as a poll was answered, with what the base snapshot and its stamps say. */
export interface ListAtPoll {
  fresh: readonly ContentItem[];
  /** The total the first page reports (`paging.page_size`). */
  total: number;
  /** The whole list as the base snapshot had it (`null`: the base cannot replay it). */
  before: readonly ContentItem[] | null;
  /** The first page's `Last-Modified` now, and the one the base snapshot recorded for that call. */
  stamp: { now: string | undefined; recorded: string | undefined };
  keyOf(item: ContentItem): string | null;
}

/**
 * Why a poll reads a list page by page: its stamp moved (`stamp`), the fresh first page and the
 * base do not add up to the total (`unmatched`), or an item named with `--item` is in no list the
 * run knows (`named`).
 */
export type WholeRead = 'stamp' | 'unmatched' | 'named';

/** A list's plan: merged with the base, or read whole (`whole` says why), and the pages to read again. */
export interface ListPlan extends PolledList {
  whole: WholeRead | null;
  /** Pages holding items named with `--item`, to read again on top of the merge. */
  pages: readonly number[];
}

/** One list's merge with the base, unless its stamp moved or the merge does not add up. */
function mergeAtPoll(list: ListAtPoll): Pick<ListPlan, 'merged' | 'whole'> {
  if (listMayHaveChanged(list.stamp.now, list.stamp.recorded)) return { merged: null, whole: 'stamp' };
  const merged = list.before && mergeFirstPage(list.fresh, list.total, list.before);
  return merged ? { merged, whole: null } : { merged: null, whole: 'unmatched' };
}

/**
 * The plan of every paged list of a poll, long lists and card lists alike: each merged with the
 * base or read whole, and the pages of items named with `--item` (`namedItemReads`) marked for
 * reading again, whichever list they are in.
 */
export function planPollLists<L extends string>(
  lists: Readonly<Record<L, ListAtPoll>>,
  named: readonly string[],
): Record<L, ListPlan> {
  const plans = {} as Record<L, ListPlan>;
  for (const [name, list] of Object.entries(lists) as [L, ListAtPoll][])
    plans[name] = { fresh: list.fresh, keyOf: list.keyOf, pages: [], ...mergeAtPoll(list) };
  for (const [name, reads] of namedItemReads(named, plans)) {
    const plan = plans[name];
    if (reads === 'whole') Object.assign(plan, { merged: null, whole: 'named', pages: [] });
    else plan.pages = reads;
  }
  return plans;
}

/** Ids whose card differs from the base's card, or that the base does not have. */
export function changedCards(items: readonly ContentItem[], base: readonly ContentItem[]): Set<string> {
  const before = new Map(base.map((item) => [item.analytics_page_id, JSON.stringify(item)]));
  return new Set(
    items
      .filter((item) => before.get(item.analytics_page_id) !== JSON.stringify(item))
      .map((item) => item.analytics_page_id),
  );
}

/** Why the next run must read the API whole, or `null` when a poll will do. */
export function sweepReason(
  base: BaseSnapshot | null,
  apiUrl: string,
  now: Date,
  sweepEveryMs: number,
  full: boolean,
): string | null {
  if (full) return '--full';
  if (!base) return '이전 스냅샷이 없습니다';
  if (base.apiUrl !== apiUrl) return 'API 주소가 바뀌었습니다';
  const age = now.getTime() - Date.parse(base.sweptAt);
  // A clock set back (negative age) or an unreadable date is no reason to trust the base longer.
  if (!Number.isFinite(age) || age < 0 || age >= sweepEveryMs) return '정기 전체 읽기 시각입니다';
  return null;
}

export function readBaseSnapshot(file: string): BaseSnapshot | null {
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as BaseSnapshot;
    if (value.version !== 1 || typeof value.sweptAt !== 'string' || value.recorded?.version !== 1)
      return null;
    return value;
  } catch {
    return null;
  }
}

export function writeBaseSnapshot(file: string, base: BaseSnapshot): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(base));
  renameSync(`${file}.tmp`, file);
}
