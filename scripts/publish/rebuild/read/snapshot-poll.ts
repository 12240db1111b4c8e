/**
 * A poll's plan, once the first pages are in (poll-plan.ts holds the pure rules): every paged
 * list, long lists and card lists alike, merged with the base snapshot or marked to be read
 * whole, the pages of items named with `--item` read again, and the details of the long lists'
 * changed cards marked for reading.
 */
import type { EndpointData } from '../../../../src/lib/api/endpoints.ts';
import { detailKey } from '../../../../src/lib/api/item-address.ts';
import type { ContentItem } from '../../../../src/lib/api/schemas.ts';
import {
  CARD_LISTS,
  fetchAllPages,
  LIST_NAMES,
  type AllPagesList,
  type CardList,
  type Fetcher,
} from '../../../../src/lib/content/build-data.ts';
import { callKey, type RecordedCalls } from '../../../../src/lib/content/recorded-api.ts';
import { listRoutes, type DetailKind } from '../../../../src/lib/routes.ts';
import {
  changedCards,
  planPollLists,
  withFreshPage,
  type ListAtPoll,
  type ListPlan,
  type WholeRead,
} from './poll-plan.ts';
import {
  ALL_PAGES,
  CARD_LIST_NAMES,
  detailCallKey,
  FIRST_PAGE_QUERY,
  firstPageKey,
  PAGED_LISTS,
  PHASE,
  type SnapshotReader,
} from './snapshot-reader.ts';

type PagedList = AllPagesList | CardList;

/** The detail screen of each long list's items. */
const DETAIL_KIND: Record<AllPagesList, DetailKind> = {
  hrStoryTags: 'blog',
  successSearch: 'success',
  techSearch: 'patent',
};

/** Each list's Korean name, as the progress lines name it. */
const LIST_LABEL: Record<PagedList, string> = {
  ...LIST_NAMES,
  ...(Object.fromEntries(CARD_LIST_NAMES.map((list) => [list, listRoutes[CARD_LISTS[list]].label])) as Record<
    CardList,
    string
  >),
};

/** Why a list is read page by page, as the log says it. */
const WHOLE_READ_LINE: Record<WholeRead, (label: string) => string> = {
  stamp: (label) => `${label} 목록의 Last-Modified가 지난 스냅샷보다 늦어 모든 페이지를 읽습니다`,
  unmatched: (label) => `${label} 목록이 첫 페이지만으로 맞춰지지 않아 모든 페이지를 읽습니다`,
  named: (label) => `--item 항목이 첫 페이지에도 지난 스냅샷에도 없어 ${label} 목록의 모든 페이지를 읽습니다`,
};

type FirstPage = EndpointData<'hrStoryTags'>;
type Plans = Record<PagedList, ListPlan>;
/** Each list as the base snapshot had it (`null`: the base cannot replay it). */
type Before = Record<PagedList, ContentItem[] | null>;

/** Plans a poll on `reader` (its first pages read); `modified` holds this run's first-page stamps. */
export async function planPoll(
  reader: SnapshotReader,
  baseReplay: Fetcher,
  modified: Record<string, string>,
  base: RecordedCalls,
): Promise<void> {
  const before = await baseLists(baseReplay);
  const plans = planPollLists(listsAtPoll(reader, before, modified, base), reader.options.refresh);
  for (const list of PAGED_LISTS) {
    const { whole } = plans[list];
    if (whole) reader.options.progress.step(PHASE, WHOLE_READ_LINE[whole](LIST_LABEL[list]));
  }
  await rereadNamedPages(reader, plans);
  for (const list of PAGED_LISTS) {
    const { merged } = plans[list];
    reader.merged.set(list, merged ? [...merged] : null);
  }
  await markChangedDetails(reader, plans, before);
}

/** Every paged list as the base snapshot had it. */
async function baseLists(baseReplay: Fetcher): Promise<Before> {
  const before = {} as Before;
  for (const list of PAGED_LISTS) before[list] = await fetchAllPages(baseReplay, list).catch(() => null);
  return before;
}

/** Each list's fresh first page, its base and both first-page stamps: what the plan is made of. */
function listsAtPoll(
  reader: SnapshotReader,
  before: Before,
  modified: Record<string, string>,
  base: RecordedCalls,
): Record<PagedList, ListAtPoll> {
  const lists = {} as Record<PagedList, ListAtPoll>;
  for (const list of PAGED_LISTS) {
    const key = firstPageKey(list);
    const first = (reader.calls[key] as { data: FirstPage }).data;
    lists[list] = {
      fresh: first.objects,
      total: first.paging.page_size,
      before: before[list],
      stamp: { now: modified[key], recorded: base.modified?.[key] },
      keyOf: keyOf(list),
    };
  }
  return lists;
}

/** How `--item` may name an item of `list` besides its id: a long list's detail key. */
function keyOf(list: PagedList): (item: ContentItem) => string | null {
  if (!(ALL_PAGES as readonly string[]).includes(list)) return () => null;
  const kind = DETAIL_KIND[list as AllPagesList];
  return (item) => detailKey(kind, item);
}

/** Items named with --item must be current wherever they sit in their list, whichever list. */
async function rereadNamedPages(reader: SnapshotReader, plans: Plans): Promise<void> {
  const { progress } = reader.options;
  for (const list of PAGED_LISTS) {
    const plan = plans[list];
    if (plan.pages.length === 0) continue;
    progress.step(
      PHASE,
      `--item 항목이 있는 ${LIST_LABEL[list]} 목록 ${plan.pages.join(', ')}쪽을 다시 읽습니다`,
    );
    for (const page of plan.pages) {
      const query = { ...FIRST_PAGE_QUERY, page };
      // Kept as this call's answer: a whole read after a mismatch asks for the page only once.
      const answer = reader.live(list, query);
      reader.pending.set(callKey(list, query), answer);
      const objects = ((await answer) as FirstPage).objects;
      const items = plan.merged && withFreshPage(plan.merged, plan.fresh.length, page, objects);
      if (plan.merged && !items)
        progress.step(
          PHASE,
          `${LIST_LABEL[list]} 목록 ${page}쪽이 지난 스냅샷과 달라 모든 페이지를 읽습니다`,
        );
      plan.merged = items;
    }
  }
}

/** Marks the details of the long lists' changed or named cards (the card lists have none). */
async function markChangedDetails(reader: SnapshotReader, plans: Plans, before: Before): Promise<void> {
  const named = new Set(reader.options.refresh);
  for (const list of ALL_PAGES) {
    const merged = plans[list].merged;
    const now = merged ?? (await fetchAllPages(reader.fetcher, list));
    const kind = DETAIL_KIND[list];
    const changed = changedCards(now, before[list] ?? []);
    for (const item of now) {
      if (!changed.has(item.analytics_page_id) && !named.has(item.analytics_page_id)) continue;
      const key = detailKey(kind, item);
      if (key !== null) reader.refreshKeys.add(detailCallKey(kind, key));
    }
  }
}
