/**
 * A poll's plan, once the first pages are in (poll-plan.ts holds the pure rules): each long list
 * merged with the base snapshot or marked to be read whole, the pages of items named with
 * `--item` read again, the details of changed cards marked for reading, and each card list's
 * later pages taken from the base.
 */
import type { ContentItem } from '../../../src/lib/api/schemas.ts';
import type { EndpointData } from '../../../src/lib/api/endpoints.ts';
import { detailKey } from '../../../src/lib/api/item-address.ts';
import {
  fetchAllPages,
  LIST_NAMES,
  type AllPagesList,
  type Fetcher,
} from '../../../src/lib/content/build-data.ts';
import { callKey, type RecordedCalls } from '../../../src/lib/content/recorded-api.ts';
import type { DetailKind } from '../../../src/lib/routes.ts';
import {
  changedCards,
  listMayHaveChanged,
  mergeFirstPage,
  namedItemReads,
  withFreshPage,
  type PolledList,
} from './poll-plan.ts';
import {
  ALL_PAGES,
  CARD_LIST_NAMES,
  detailCallKey,
  FIRST_PAGE_QUERY,
  firstPageKey,
  PHASE,
  type SnapshotReader,
} from './snapshot-reader.ts';

/** The detail screen of each long list's items. */
const DETAIL_KIND: Record<AllPagesList, DetailKind> = {
  hrStoryTags: 'blog',
  successSearch: 'success',
  techSearch: 'patent',
};

type FirstPage = EndpointData<'hrStoryTags'>;
type Polled = Record<AllPagesList, PolledList & { first: FirstPage }>;
/** Each long list as the base snapshot had it (`null`: the base cannot replay it). */
type Before = Record<AllPagesList, ContentItem[] | null>;

/** Plans a poll on `reader` (its first pages read); `modified` holds this run's first-page stamps. */
export async function planPoll(
  reader: SnapshotReader,
  baseReplay: Fetcher,
  modified: Record<string, string>,
  base: RecordedCalls,
): Promise<void> {
  const { polled, before } = await compareLongLists(reader, baseReplay, modified, base);
  await rereadNamedItems(reader, polled);
  await markChangedDetails(reader, polled, before);
  await mergeCardLists(reader, baseReplay);
}

/** Each long list's fresh first page against the base: merged when it adds up, else `null`. */
async function compareLongLists(
  reader: SnapshotReader,
  baseReplay: Fetcher,
  modified: Record<string, string>,
  base: RecordedCalls,
): Promise<{ polled: Polled; before: Before }> {
  const { progress } = reader.options;
  const polled = {} as Polled;
  const before = {} as Before;
  for (const list of ALL_PAGES) {
    const first = (reader.calls[firstPageKey(list)] as { data: FirstPage }).data;
    before[list] = await fetchAllPages(baseReplay, list).catch(() => null);
    const stampMoved = listMayHaveChanged(modified[firstPageKey(list)], base.modified?.[firstPageKey(list)]);
    const items =
      before[list] && !stampMoved
        ? mergeFirstPage(first.objects, first.paging.page_size, before[list])
        : null;
    const kind = DETAIL_KIND[list];
    polled[list] = { first, fresh: first.objects, merged: items, keyOf: (item) => detailKey(kind, item) };
    if (stampMoved)
      progress.step(
        PHASE,
        `${LIST_NAMES[list]} 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다`,
      );
    else if (!items)
      progress.step(PHASE, `${LIST_NAMES[list]} 목록이 첫 페이지만으로 맞춰지지 않아 모든 페이지를 읽습니다`);
  }
  return { polled, before };
}

/** Items named with --item must be current wherever they sit in their list. */
async function rereadNamedItems(reader: SnapshotReader, polled: Polled): Promise<void> {
  const { progress, refresh } = reader.options;
  for (const [list, reads] of namedItemReads(refresh, polled)) {
    const plan = polled[list];
    if (reads === 'whole') {
      progress.step(
        PHASE,
        `--item 항목이 첫 페이지에도 지난 스냅샷에도 없어 ${LIST_NAMES[list]} 목록의 모든 페이지를 읽습니다`,
      );
      plan.merged = null;
      continue;
    }
    progress.step(PHASE, `--item 항목이 있는 ${LIST_NAMES[list]} 목록 ${reads.join(', ')}쪽을 다시 읽습니다`);
    for (const page of reads) {
      const query = { ...FIRST_PAGE_QUERY, page };
      // Kept as this call's answer: a whole read after a mismatch asks for the page only once.
      const answer = reader.live(list, query);
      reader.pending.set(callKey(list, query), answer);
      const items =
        plan.merged && withFreshPage(plan.merged, plan.fresh.length, page, (await answer).objects);
      if (plan.merged && !items)
        progress.step(
          PHASE,
          `${LIST_NAMES[list]} 목록 ${page}쪽이 지난 스냅샷과 달라 모든 페이지를 읽습니다`,
        );
      plan.merged = items;
    }
  }
}

/** Hands each long list's plan to the reader and marks the details of changed or named cards. */
async function markChangedDetails(reader: SnapshotReader, polled: Polled, before: Before): Promise<void> {
  const named = new Set(reader.options.refresh);
  for (const list of ALL_PAGES) {
    const plan = polled[list];
    reader.merged.set(list, plan.merged ? [...plan.merged] : null);
    const now = plan.merged ?? (await fetchAllPages(reader.fetcher, list));
    const kind = DETAIL_KIND[list];
    const changed = changedCards(now, before[list] ?? []);
    for (const item of now) {
      if (!changed.has(item.analytics_page_id) && !named.has(item.analytics_page_id)) continue;
      const key = detailKey(kind, item);
      if (key !== null) reader.refreshKeys.add(detailCallKey(kind, key));
    }
  }
}

/**
 * A card list's later pages: the fresh first page on top of the base's (no call), or read again
 * page by page when they do not add up (an item deleted further down, a base without them).
 */
async function mergeCardLists(reader: SnapshotReader, baseReplay: Fetcher): Promise<void> {
  for (const list of CARD_LIST_NAMES) {
    const first = (reader.calls[callKey(list, FIRST_PAGE_QUERY)] as { data: EndpointData<'newsSearch'> })
      .data;
    const before = await fetchAllPages(baseReplay, list).catch(() => null);
    reader.merged.set(list, before && mergeFirstPage(first.objects, first.paging.page_size, before));
  }
}
