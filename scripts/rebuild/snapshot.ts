/**
 * Phase 1: a snapshot of everything the build renders, fetched with the typed client and
 * validated by the contract's schemas — the same calls the content loaders make
 * (`src/lib/content/build-data.ts`), so hashing the snapshot tells whether a build would differ.
 */
import { createApiClient, type ApiError } from '../../src/lib/api/client.ts';
import {
  endpointUrl,
  type EndpointData,
  type EndpointName,
  type EndpointQuery,
} from '../../src/lib/api/endpoints.ts';
import { createPoliteFetch, type PoliteFetchOptions } from '../../src/lib/api/polite-fetch.ts';
import type { ContentItem } from '../../src/lib/api/schemas.ts';
import {
  CARD_LISTS,
  fetchAllPages,
  fetchArticles,
  fetchCardLists,
  fetchListFirstPages,
  fetchPatents,
  FetchError,
  LIST_NAMES,
  type AllPagesList,
  type ArticleData,
  type CardList,
  type Fetcher,
  type ListEntryData,
  type PatentData,
} from '../../src/lib/content/build-data.ts';
import { detailKey } from '../../src/lib/api/item-address.ts';
import type { DetailKind, ListId } from '../../src/lib/routes.ts';
import { callKey, replayFetcher, type RecordedCalls } from '../../src/lib/content/recorded-api.ts';
import { conditionalFetch, type AnswerRecord } from './answer-cache.ts';
import { oneLine } from '../../src/lib/content/one-line.ts';
import type { Progress } from './log.ts';
import {
  changedCards,
  listMayHaveChanged,
  mergeFirstPage,
  namedItemReads,
  pageOfMerged,
  withFreshPage,
  type PolledList,
} from './poll-plan.ts';

/** Everything the site is built from. */
export interface Snapshot {
  apiUrl: string;
  lists: Record<ListId, ListEntryData>;
  /** Every item of the lists without detail pages, for the site search (`fetchCardLists`). */
  cardLists: Partial<Record<ListId, ContentItem[]>>;
  hrStories: ArticleData[];
  successStories: ArticleData[];
  patents: PatentData[];
  /** API calls made (retries not counted). */
  requests: number;
  /** Answer bytes received. */
  bytes: number;
  /** Answers the API confirmed unchanged (`304`), reused from the previous run. */
  notModified: number;
  retries: number;
  /** This run's answers with their validators, for the next run's conditional requests. */
  answers: AnswerRecord;
  /** Every answer, for the build to render from (`CONTENT_SNAPSHOT_FILE`): one read per run. */
  recorded: RecordedCalls;
  /** Items left out (bad id, missing or broken detail), one Korean line each. */
  warnings: string[];
}

/** Detail calls whose failure is the item's problem (kept or skipped with a warning), not the API's. */
const ITEM_CALLS = new Set<EndpointName>(['blogDetail', 'patentDetail']);
const ALL_PAGES: readonly AllPagesList[] = ['hrStoryTags', 'successSearch', 'techSearch'];
/** The lists without detail pages; a poll takes their later pages from the base, like the long lists'. */
const CARD_LIST_NAMES = Object.keys(CARD_LISTS) as CardList[];
/** The detail screen of each long list's items. */
const DETAIL_KIND: Record<AllPagesList, DetailKind> = {
  hrStoryTags: 'blog',
  successSearch: 'success',
  techSearch: 'patent',
};
/** The query `fetchAllPages` asks each page with; `page` set per call. */
const FIRST_PAGE_QUERY = { page: 1, term: '', topic_id: '', name: '', tag: '' };
const firstPageKey = (list: AllPagesList) => callKey(list, FIRST_PAGE_QUERY);
/** The key of the detail call of an item of `kind` (see `item-address.ts`). */
function detailCallKey(kind: DetailKind, key: string): string {
  return kind === 'patent' ? callKey('patentDetail', { tag: key }) : callKey('blogDetail', { id: key });
}

/** The API could not deliver a complete, valid snapshot. `message` is Korean and names the call. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

export interface SnapshotOptions {
  apiUrl: string;
  /** Per-attempt time-out in milliseconds. */
  timeoutMs: number;
  progress: Progress;
  /** How politely to read the API (concurrency, rate, retries); see `polite-fetch.ts`. */
  reader?: Omit<PoliteFetchOptions, 'timeoutMs' | 'signal'>;
  /** The last published snapshot: a poll builds on it, and an item whose detail fails keeps its version. */
  base?: RecordedCalls | null;
  /** Read everything (a sweep) rather than only the first pages and what changed on them. */
  sweep?: boolean;
  /**
   * Items named with `--item` (ids, detail keys or patent tags): their card and detail are read
   * again wherever they are (`namedItemReads` in `poll-plan.ts`).
   */
  refresh?: readonly string[];
  /** The previous run's answers, for a poll's conditional requests (a sweep asks without them). */
  answers?: AnswerRecord;
  /** The run's deadline: aborts every call. */
  signal?: AbortSignal;
  /**
   * Detail calls that may fail (after retries) before the run gives up: at most this share of
   * them, and never fewer than three. Beyond it the API is having an outage, not an item a bad day.
   */
  maxFailedDetailShare?: number;
}

const PHASE = '스냅샷';
/** A progress line every this many calls, so a large site shows it is still moving. */
const PROGRESS_EVERY = 500;

/**
 * Fetches and validates the snapshot: a sweep reads everything, a poll the first pages and what
 * changed on them (`poll-plan.ts`). @throws {SnapshotError} when a call other than one item's
 * detail fails after its retries, or too many details do.
 */
export async function takeSnapshot({
  apiUrl,
  timeoutMs,
  progress,
  reader = {},
  base = null,
  sweep = true,
  refresh = [],
  answers = {},
  signal,
  maxFailedDetailShare = 0.1,
}: SnapshotOptions): Promise<Snapshot> {
  const polite = createPoliteFetch({ ...reader, timeoutMs, signal });
  // A sweep asks unconditionally: it is what corrects an API whose validators missed a change
  // (a deletion that left a page's ETag alone), so it must not be answered from them.
  const conditional = conditionalFetch(polite, sweep ? {} : answers);
  // The reader times each attempt out itself and retries; the client adds no time-out of its own.
  const client = createApiClient({
    baseUrl: apiUrl,
    timeoutMs: 0,
    fetch: conditional as typeof globalThis.fetch,
  });
  const calls: RecordedCalls['calls'] = {};
  const pending = new Map<string, Promise<unknown>>();
  const warnings: string[] = [];
  const warn = (message: string) => {
    message = oneLine(message);
    warnings.push(message);
    progress.step(PHASE, `경고 · ${message}`);
  };
  const baseCalls = base?.calls ?? {};
  const baseAnswer = (key: string) => {
    const answer = Object.hasOwn(baseCalls, key) ? baseCalls[key] : undefined;
    return answer?.ok ? answer : undefined;
  };
  let detailCalls = 0;
  let failedDetails = 0;
  // The first failure is the one to report: calls cancelled after it fail too, possibly sooner.
  let failure: SnapshotError | undefined;
  const stopAll = new AbortController();

  const live: Fetcher = async (name, query = {}) => {
    const key = callKey(name, query);
    if (failure) throw failure;
    const result = await client(name, query, {
      signal: signal ? AbortSignal.any([signal, stopAll.signal]) : stopAll.signal,
    });
    const made = polite.stats().calls;
    if (made % PROGRESS_EVERY === 0) progress.step(PHASE, `API 호출 ${made}건 완료`);
    if (ITEM_CALLS.has(name)) detailCalls++;
    if (!result.ok) {
      const message = describeFailure(apiUrl, name, query, result.error, timeoutMs);
      if (ITEM_CALLS.has(name) && result.error.kind !== 'aborted') {
        const kept = result.error.kind === 'not-found' ? undefined : baseAnswer(key);
        if (result.error.kind !== 'not-found' && result.error.kind !== 'invalid') failedDetails++;
        if (kept) {
          warn(`${describeItem(name, query)}: 상세를 가져오지 못해 게시된 판을 유지합니다 (${message})`);
          calls[key] = kept;
          return kept.data as never;
        }
        calls[key] = { ok: false, kind: result.error.kind, message };
        throw new FetchError(result.error.kind, message, { itemProblem: true });
      }
      stopAll.abort();
      failure ??= new SnapshotError(message);
      throw failure;
    }
    calls[key] = { ok: true, data: result.data };
    return result.data;
  };

  // What a poll knows once the first pages are in: each long list merged with the base, and the
  // items whose detail must be read again.
  const baseReplay = base ? replayFetcher(base) : null;
  const merged = new Map<AllPagesList | CardList, ContentItem[] | null>();
  const refreshKeys = new Set<string>();
  for (const id of refresh) {
    refreshKeys.add(callKey('blogDetail', { id }));
    refreshKeys.add(callKey('patentDetail', { tag: id }));
  }

  /** Every call of the run goes through here: answered once, from the record, the plan or the API. */
  const fetcher: Fetcher = (name, query = {}) => {
    const key = callKey(name, query);
    const known = pending.get(key);
    if (known) return known as never;
    const answer = (async () => {
      if (!sweep && baseReplay) {
        const page = Number(query.page ?? 1);
        if (([...ALL_PAGES, ...CARD_LIST_NAMES] as readonly string[]).includes(name) && page > 1) {
          const list = name as AllPagesList | CardList;
          const items = merged.get(list);
          if (items) {
            const first = (await fetcher(list, { ...query, page: 1 })) as EndpointData<'hrStoryTags'>;
            const data = pageOfMerged(list, first, items, page);
            calls[key] = { ok: true, data };
            return data;
          }
        }
        if (ITEM_CALLS.has(name) && !refreshKeys.has(key)) {
          const kept = baseAnswer(key);
          if (kept) {
            calls[key] = kept;
            return kept.data;
          }
        }
      }
      return live(name, query);
    })();
    pending.set(key, answer);
    return answer as never;
  };

  progress.step(
    PHASE,
    `콘텐츠 API ${apiUrl} 에서 ${sweep || !baseReplay ? '전체를' : '첫 페이지와 바뀐 항목만'} 가져오는 중`,
  );
  try {
    const firstPages = await fetchListFirstPages(fetcher);
    progress.step(PHASE, `목록 첫 페이지 ${firstPages.length}개 (배너·주제 포함)`);
    // Each long list's first-page stamp, as this run was answered (200 or 304): the next poll's yardstick.
    const modified: Record<string, string> = {};
    for (const list of ALL_PAGES) {
      const stamp = conditional.lastModified(endpointUrl(apiUrl, list, FIRST_PAGE_QUERY));
      if (stamp !== undefined) modified[firstPageKey(list)] = stamp;
    }
    if (!sweep && baseReplay) {
      const polled = {} as Record<AllPagesList, PolledList & { first: EndpointData<'hrStoryTags'> }>;
      const before = {} as Record<AllPagesList, ContentItem[] | null>;
      for (const list of ALL_PAGES) {
        const first = (calls[firstPageKey(list)] as { data: EndpointData<'hrStoryTags'> }).data;
        before[list] = await fetchAllPages(baseReplay, list).catch(() => null);
        const stampMoved = listMayHaveChanged(
          modified[firstPageKey(list)],
          base?.modified?.[firstPageKey(list)],
        );
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
          progress.step(
            PHASE,
            `${LIST_NAMES[list]} 목록이 첫 페이지만으로 맞춰지지 않아 모든 페이지를 읽습니다`,
          );
      }
      // Items named with --item must be current wherever they sit in their list.
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
        progress.step(
          PHASE,
          `--item 항목이 있는 ${LIST_NAMES[list]} 목록 ${reads.join(', ')}쪽을 다시 읽습니다`,
        );
        for (const page of reads) {
          const query = { ...FIRST_PAGE_QUERY, page };
          // Kept as this call's answer: a whole read after a mismatch asks for the page only once.
          const answer = live(list, query);
          pending.set(callKey(list, query), answer);
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
      for (const list of ALL_PAGES) {
        const plan = polled[list];
        merged.set(list, plan.merged ? [...plan.merged] : null);
        const now = plan.merged ?? (await fetchAllPages(fetcher, list));
        const kind = DETAIL_KIND[list];
        const named = new Set(refresh);
        const changed = changedCards(now, before[list] ?? []);
        for (const item of now) {
          if (!changed.has(item.analytics_page_id) && !named.has(item.analytics_page_id)) continue;
          const key = detailKey(kind, item);
          if (key !== null) refreshKeys.add(detailCallKey(kind, key));
        }
      }
      // A card list's later pages: the fresh first page on top of the base's (no call), or read
      // again page by page when they do not add up (an item deleted further down, a base without them).
      for (const list of CARD_LIST_NAMES) {
        const first = (calls[callKey(list, FIRST_PAGE_QUERY)] as { data: EndpointData<'newsSearch'> }).data;
        const before = await fetchAllPages(baseReplay, list).catch(() => null);
        merged.set(list, before && mergeFirstPage(first.objects, first.paging.page_size, before));
      }
    }
    const cardLists = await fetchCardLists(fetcher);
    const [hrStories, successStories, patents] = await Promise.all([
      fetchArticles(fetcher, 'hrStoryTags', warn),
      fetchArticles(fetcher, 'successSearch', warn),
      fetchPatents(fetcher, warn),
    ]);
    progress.step(
      PHASE,
      `HR 이야기 ${hrStories.length}건, 성공 사례 ${successStories.length}건, 특허 ${patents.length}건 (상세 포함)`,
    );
    const allowed = Math.max(3, Math.floor(detailCalls * maxFailedDetailShare));
    if (failedDetails > allowed) {
      throw new SnapshotError(
        `상세 호출 ${detailCalls}건 중 ${failedDetails}건이 재시도 후에도 실패했습니다 (허용: ${allowed}건). 콘텐츠 API 장애로 보고 게시하지 않습니다.`,
      );
    }
    const lists = Object.fromEntries(firstPages.map(({ id, data }) => [id, data])) as Record<
      ListId,
      ListEntryData
    >;
    const stats = polite.stats();
    const reuse = conditional.notModified();
    progress.step(
      PHASE,
      `완료: API 호출 ${stats.calls}건` +
        (reuse > 0 ? `, 그중 변경 없음(304) ${reuse}건` : '') +
        (stats.retries > 0 ? `, 재시도 ${stats.retries}건` : '') +
        `, 응답 ${formatBytes(stats.bytes)}`,
    );
    return {
      apiUrl,
      lists,
      cardLists,
      hrStories,
      successStories,
      patents,
      requests: stats.calls,
      bytes: stats.bytes,
      notModified: reuse,
      retries: stats.retries,
      answers: conditional.answers(),
      recorded: {
        version: 1,
        apiUrl,
        calls: sortedCalls(calls),
        ...(Object.keys(modified).length > 0 ? { modified } : {}),
      },
      warnings,
    };
  } catch (error) {
    if (signal?.aborted) throw new SnapshotError('실행 제한 시간이 지나 API 읽기를 멈췄습니다.');
    throw failure ?? error;
  }
}

/** Calls in key order, so the same content always writes the same snapshot file. */
function sortedCalls(calls: RecordedCalls['calls']): RecordedCalls['calls'] {
  return Object.fromEntries(Object.entries(calls).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function describeItem(name: EndpointName, query: EndpointQuery): string {
  return name === 'patentDetail' ? `특허 ${JSON.stringify(query.tag)}` : `글 ${JSON.stringify(query.id)}`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A Korean sentence saying which call failed and how. */
function describeFailure(
  apiUrl: string,
  name: EndpointName,
  query: EndpointQuery,
  error: ApiError,
  timeoutMs: number,
): string {
  const call = `${name} (${endpointUrl(apiUrl, name, query)})`;
  switch (error.kind) {
    case 'offline':
      return `콘텐츠 API에 연결할 수 없습니다: ${call}${error.detail ? ` [${error.detail}]` : ''}`;
    case 'timeout':
      return `콘텐츠 API가 ${timeoutMs / 1000}초 안에 응답하지 않았습니다: ${call}`;
    case 'http':
      return error.status === undefined && error.detail
        ? `콘텐츠 API 호출을 그만둡니다: ${call} [${error.detail}]`
        : `콘텐츠 API가 오류 ${error.status ?? '?'}(으)로 응답했습니다: ${call}`;
    case 'not-found':
      return `콘텐츠 API에 없는 항목입니다 (404): ${call}`;
    case 'invalid':
      return error.detail?.startsWith('JSON:')
        ? `콘텐츠 API 응답이 올바른 JSON이 아닙니다: ${call} [${error.detail}]`
        : `콘텐츠 API 응답이 계약(스키마)과 맞지 않습니다: ${call} [${error.detail ?? ''}]`;
    case 'aborted':
      return `콘텐츠 API 호출이 취소되었습니다: ${call}`;
  }
}
