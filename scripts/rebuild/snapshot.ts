/**
 * Phase 1: a snapshot of everything the build renders, fetched with the typed client and
 * validated by the contract's schemas — the same calls the content loaders make
 * (`src/lib/content/build-data.ts`), so hashing the snapshot tells whether a build would differ.
 */
import { createApiClient, type ApiError } from '../../src/lib/api/client.ts';
import { endpointUrl, type EndpointName, type EndpointQuery } from '../../src/lib/api/endpoints.ts';
import {
  fetchArticles,
  fetchListFirstPages,
  fetchPatents,
  FetchError,
  type ArticleData,
  type Fetcher,
  type ListEntryData,
  type ListId,
  type PatentData,
} from '../../src/lib/content/build-data.ts';
import { callKey, type RecordedCalls } from '../../src/lib/content/recorded-api.ts';
import type { Progress } from './log.ts';

/** Everything the site is built from. */
export interface Snapshot {
  apiUrl: string;
  lists: Record<ListId, ListEntryData>;
  hrStories: ArticleData[];
  successStories: ArticleData[];
  patents: PatentData[];
  /** API calls made. */
  requests: number;
  /** Every answer, for the build to render from (`CONTENT_SNAPSHOT_FILE`): one read per run. */
  recorded: RecordedCalls;
  /** Items left out (bad id, missing or broken detail), one Korean line each. */
  warnings: string[];
}

/** Detail calls whose failure is the item's problem (skipped with a warning), not the API's. */
const ITEM_CALLS = new Set<EndpointName>(['blogDetail', 'patentDetail']);

/** The API could not deliver a complete, valid snapshot. `message` is Korean and names the call. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

export interface SnapshotOptions {
  apiUrl: string;
  /** Per-call time-out in milliseconds. */
  timeoutMs: number;
  /** Calls in flight at once; keeps a large site from opening thousands of sockets. */
  concurrency?: number;
  progress: Progress;
}

const PHASE = '스냅샷';
/** A progress line every this many calls, so a large site shows it is still moving. */
const PROGRESS_EVERY = 500;

/** Fetches and validates the snapshot. @throws {SnapshotError} on the first failed call. */
export async function takeSnapshot({ apiUrl, timeoutMs, concurrency = 8, progress }: SnapshotOptions): Promise<Snapshot> {
  const client = createApiClient({ baseUrl: apiUrl, timeoutMs });
  const limit = createLimiter(concurrency);
  let requests = 0;
  const calls: RecordedCalls['calls'] = {};
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    progress.step(PHASE, `경고 · ${message}`);
  };
  // The first failure is the one to report: calls cancelled after it fail too, possibly sooner.
  let failure: SnapshotError | undefined;

  const fetcher: Fetcher = async (name, query = {}) => {
    const result = await limit(() => client(name, query));
    requests++;
    if (requests % PROGRESS_EVERY === 0) progress.step(PHASE, `API 호출 ${requests}건 완료`);
    const key = callKey(name, query);
    if (!result.ok) {
      if (ITEM_CALLS.has(name) && (result.error.kind === 'not-found' || result.error.kind === 'invalid')) {
        const message = describeFailure(apiUrl, name, query, result.error, timeoutMs);
        calls[key] = { ok: false, kind: result.error.kind, message };
        throw new FetchError(result.error.kind, message);
      }
      limit.stop();
      failure ??= new SnapshotError(describeFailure(apiUrl, name, query, result.error, timeoutMs));
      throw failure;
    }
    calls[key] = { ok: true, data: result.data };
    return result.data;
  };

  progress.step(PHASE, `콘텐츠 API ${apiUrl} 에서 가져오는 중`);
  const all = Promise.all([
    fetchListFirstPages(fetcher).then((pages) => {
      progress.step(PHASE, `목록 첫 페이지 ${pages.length}개 (배너·주제 포함)`);
      return pages;
    }),
    fetchArticles(fetcher, 'hrStoryTags', warn).then((items) => {
      progress.step(PHASE, `HR 이야기 ${items.length}건 (상세 포함)`);
      return items;
    }),
    fetchArticles(fetcher, 'successSearch', warn).then((items) => {
      progress.step(PHASE, `성공 사례 ${items.length}건 (상세 포함)`);
      return items;
    }),
    fetchPatents(fetcher, warn).then((items) => {
      progress.step(PHASE, `특허 ${items.length}건 (상세 포함)`);
      return items;
    }),
  ]);
  let firstPages, hrStories, successStories, patents;
  try {
    [firstPages, hrStories, successStories, patents] = await all;
  } catch (error) {
    throw failure ?? error;
  }
  const lists = Object.fromEntries(firstPages.map(({ id, data }) => [id, data])) as Record<ListId, ListEntryData>;
  progress.step(PHASE, `완료: API 호출 ${requests}건`);
  return {
    apiUrl,
    lists,
    hrStories,
    successStories,
    patents,
    requests,
    recorded: { version: 1, apiUrl, calls },
    warnings,
  };
}

/** A Korean sentence saying which call failed and how. */
function describeFailure(apiUrl: string, name: EndpointName, query: EndpointQuery, error: ApiError, timeoutMs: number): string {
  const call = `${name} (${endpointUrl(apiUrl, name, query)})`;
  switch (error.kind) {
    case 'offline':
      return `콘텐츠 API에 연결할 수 없습니다: ${call}${error.detail ? ` [${error.detail}]` : ''}`;
    case 'timeout':
      return `콘텐츠 API가 ${timeoutMs / 1000}초 안에 응답하지 않았습니다: ${call}`;
    case 'http':
      return `콘텐츠 API가 오류 ${error.status ?? '?'}(으)로 응답했습니다: ${call}`;
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

interface Limiter {
  <T>(task: () => Promise<T>): Promise<T>;
  /** After a failure: queued calls are not started (their results would be thrown away). */
  stop(): void;
}

function createLimiter(max: number): Limiter {
  let active = 0;
  let stopped = false;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= max) return;
    const start = queue.shift();
    if (start) start();
  };
  const limit = <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        if (stopped) {
          reject(new SnapshotError('앞선 호출이 실패해 중단했습니다.'));
          next();
          return;
        }
        active++;
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
  return Object.assign(limit, {
    stop: () => {
      stopped = true;
    },
  });
}
