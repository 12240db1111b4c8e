/**
 * One run's reads of the content API for the snapshot (snapshot.ts): every call is answered once,
 * from the base snapshot, a poll's merged lists or the API, and recorded; an item's failed detail
 * keeps its published version or is skipped with a warning, any other failure stops every call.
 */
import { createApiClient, type ApiClient, type ApiError } from '../../../../src/lib/api/client.ts';
import {
  endpointUrl,
  type EndpointData,
  type EndpointName,
  type EndpointQuery,
} from '../../../../src/lib/api/endpoints.ts';
import { createPoliteFetch, type PoliteFetchOptions } from '../../../../src/lib/api/polite-fetch.ts';
import type { ContentItem } from '../../../../src/lib/api/schemas.ts';
import {
  CARD_LISTS,
  FetchError,
  type AllPagesList,
  type CardList,
  type Fetcher,
} from '../../../../src/lib/content/build-data.ts';
import { oneLine } from '../../../../src/lib/content/one-line.ts';
import {
  callKey,
  replayFetcher,
  type RecordedAnswer,
  type RecordedCalls,
} from '../../../../src/lib/content/recorded-api.ts';
import type { DetailKind } from '../../../../src/lib/routes.ts';
import type { Progress } from '../../lib/log.ts';
import { conditionalFetch, type AnswerRecord } from './answer-cache.ts';
import { pageOfMerged } from './poll-plan.ts';

/** Detail calls whose failure is the item's problem (kept or skipped with a warning), not the API's. */
const ITEM_CALLS = new Set<EndpointName>(['blogDetail', 'patentDetail']);
export const ALL_PAGES: readonly AllPagesList[] = ['hrStoryTags', 'successSearch', 'techSearch'];
/** The lists without detail pages; a poll takes their later pages from the base, like the long lists'. */
export const CARD_LIST_NAMES = Object.keys(CARD_LISTS) as CardList[];
/**
 * Every paged list the site publishes: a poll compares each one's first-page stamp and finds
 * `--item` in any of them (the site search indexes the card lists' every item too).
 */
export const PAGED_LISTS: readonly (AllPagesList | CardList)[] = [...ALL_PAGES, ...CARD_LIST_NAMES];
/** The query `fetchAllPages` asks each page with; `page` set per call. */
export const FIRST_PAGE_QUERY = { page: 1, term: '', topic_id: '', name: '', tag: '' };
export const firstPageKey = (list: AllPagesList | CardList) => callKey(list, FIRST_PAGE_QUERY);
/** The key of the detail call of an item of `kind` (see `item-address.ts`). */
export function detailCallKey(kind: DetailKind, key: string): string {
  return kind === 'patent' ? callKey('patentDetail', { tag: key }) : callKey('blogDetail', { id: key });
}

export const PHASE = '스냅샷';
/** A progress line every this many calls, so a large site shows it is still moving. */
const PROGRESS_EVERY = 500;

/** The API could not deliver a complete, valid snapshot. `message` is Korean and names the call. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

export interface ReaderOptions {
  apiUrl: string;
  timeoutMs: number;
  progress: Progress;
  reader: Omit<PoliteFetchOptions, 'timeoutMs' | 'signal'>;
  base: RecordedCalls | null;
  sweep: boolean;
  refresh: readonly string[];
  answers: AnswerRecord;
  signal: AbortSignal | undefined;
  /** Each answer as it is recorded (the read journal of a full read). */
  onAnswer?: ((key: string, answer: RecordedAnswer) => void) | undefined;
}

/** The reads of one snapshot; `fetcher` is what the content loaders' functions are given. */
export class SnapshotReader {
  readonly polite: ReturnType<typeof createPoliteFetch>;
  readonly conditional: ReturnType<typeof conditionalFetch>;
  private readonly client: ApiClient;
  /** Every answer of the run, by call key. */
  readonly calls: RecordedCalls['calls'] = {};
  readonly pending = new Map<string, Promise<unknown>>();
  readonly warnings: string[] = [];
  /** A poll's replay of the base snapshot (`null` without a base). */
  readonly baseReplay: Fetcher | null;
  /** Each list a poll merged with the base (`null`: read it whole). */
  readonly merged = new Map<AllPagesList | CardList, ContentItem[] | null>();
  /** Detail calls to read again rather than take from the base. */
  readonly refreshKeys = new Set<string>();
  detailCalls = 0;
  failedDetails = 0;
  /** The first failure is the one to report: calls cancelled after it fail too, possibly sooner. */
  failure: SnapshotError | undefined;
  private readonly stopAll = new AbortController();

  readonly options: ReaderOptions;

  constructor(options: ReaderOptions) {
    this.options = options;
    const { reader, timeoutMs, signal, sweep, answers, apiUrl, base, refresh } = options;
    this.polite = createPoliteFetch({ ...reader, timeoutMs, signal });
    // A sweep asks unconditionally: it is what corrects an API whose validators missed a change
    // (a deletion that left a page's ETag alone), so it must not be answered from them.
    this.conditional = conditionalFetch(this.polite, sweep ? {} : answers);
    // The reader times each attempt out itself and retries; the client adds no time-out of its own.
    this.client = createApiClient({
      baseUrl: apiUrl,
      timeoutMs: 0,
      fetch: this.conditional as typeof globalThis.fetch,
    });
    this.baseReplay = base ? replayFetcher(base) : null;
    for (const id of refresh) {
      this.refreshKeys.add(callKey('blogDetail', { id }));
      this.refreshKeys.add(callKey('patentDetail', { tag: id }));
    }
  }

  /** Records the answer to the call `key` (and hands it to `onAnswer`). */
  private record(key: string, answer: RecordedAnswer): void {
    this.calls[key] = answer;
    this.options.onAnswer?.(key, answer);
  }

  /** Whether this run builds on the base (a poll) rather than reading everything. */
  get polling(): boolean {
    return !this.options.sweep && this.baseReplay !== null;
  }

  readonly warn = (message: string): void => {
    message = oneLine(message);
    this.warnings.push(message);
    this.options.progress.step(PHASE, `경고 · ${message}`);
  };

  /** The base snapshot's successful answer to a call. */
  baseAnswer(key: string): Extract<RecordedAnswer, { ok: true }> | undefined {
    const baseCalls = this.options.base?.calls ?? {};
    const answer = Object.hasOwn(baseCalls, key) ? baseCalls[key] : undefined;
    return answer?.ok ? answer : undefined;
  }

  /** Each paged list's first-page stamp, as this run was answered (200 or 304): the next poll's yardstick. */
  firstPageStamps(): Record<string, string> {
    const modified: Record<string, string> = {};
    for (const list of PAGED_LISTS) {
      const stamp = this.conditional.lastModified(endpointUrl(this.options.apiUrl, list, FIRST_PAGE_QUERY));
      if (stamp !== undefined) modified[firstPageKey(list)] = stamp;
    }
    return modified;
  }

  /** Every call of the run goes through here: answered once, from the record, the plan or the API. */
  readonly fetcher: Fetcher = (name, query = {}) => {
    const key = callKey(name, query);
    const known = this.pending.get(key);
    if (known) return known as never;
    const answer = (async () => {
      const planned = this.polling ? this.fromPlan(name, query, key) : undefined;
      return planned ? (await planned).data : this.live(name, query);
    })();
    this.pending.set(key, answer);
    return answer as never;
  };

  /** A poll's answer without a call: a later page of a merged list, or a detail kept from the base. */
  private fromPlan(
    name: EndpointName,
    query: EndpointQuery,
    key: string,
  ): Promise<{ data: unknown }> | { data: unknown } | undefined {
    const page = Number(query.page ?? 1);
    if ((PAGED_LISTS as readonly string[]).includes(name) && page > 1) {
      const list = name as AllPagesList | CardList;
      const items = this.merged.get(list);
      if (items)
        return (async () => {
          const first = (await this.fetcher(list, { ...query, page: 1 })) as EndpointData<'hrStoryTags'>;
          const data = pageOfMerged(list, first, items, page);
          this.record(key, { ok: true, data });
          return { data };
        })();
    }
    if (ITEM_CALLS.has(name) && !this.refreshKeys.has(key)) {
      const kept = this.baseAnswer(key);
      if (kept) {
        this.record(key, kept);
        return { data: kept.data };
      }
    }
    return undefined;
  }

  /** A call to the API, recorded. */
  readonly live: Fetcher = async (name, query = {}) => {
    const key = callKey(name, query);
    if (this.failure) throw this.failure;
    const { signal } = this.options;
    const result = await this.client(name, query, {
      signal: signal ? AbortSignal.any([signal, this.stopAll.signal]) : this.stopAll.signal,
    });
    const made = this.polite.stats().calls;
    if (made % PROGRESS_EVERY === 0) this.options.progress.step(PHASE, `API 호출 ${made}건 완료`);
    if (ITEM_CALLS.has(name)) this.detailCalls++;
    if (!result.ok) return this.failed(name, query, key, result.error) as never;
    this.record(key, { ok: true, data: result.data });
    return result.data;
  };

  /** A failed call: an item's detail keeps its published version or is skipped; anything else stops the run. */
  private failed(name: EndpointName, query: EndpointQuery, key: string, error: ApiError): unknown {
    const { apiUrl, timeoutMs } = this.options;
    const message = describeFailure(apiUrl, name, query, error, timeoutMs);
    if (ITEM_CALLS.has(name) && error.kind !== 'aborted') {
      const kept = error.kind === 'not-found' ? undefined : this.baseAnswer(key);
      if (error.kind !== 'not-found' && error.kind !== 'invalid') this.failedDetails++;
      if (kept) {
        this.warn(`${describeItem(name, query)}: 상세를 가져오지 못해 게시된 판을 유지합니다 (${message})`);
        this.record(key, kept);
        return kept.data;
      }
      this.record(key, { ok: false, kind: error.kind, message });
      throw new FetchError(error.kind, message, { itemProblem: true });
    }
    this.stopAll.abort();
    this.failure ??= new SnapshotError(message);
    throw this.failure;
  }
}

function describeItem(name: EndpointName, query: EndpointQuery): string {
  return name === 'patentDetail' ? `특허 ${JSON.stringify(query.tag)}` : `글 ${JSON.stringify(query.id)}`;
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
