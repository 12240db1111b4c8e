/**
 * One read of the content API per rebuild: the rebuild's snapshot records every answer the
 * build will ask for (`RecordedCalls`), checks it, and `astro build` then reads its content
 * from that record instead of calling the API a second time (`CONTENT_SNAPSHOT_FILE`). So the
 * build renders exactly what the rebuild guarded and digested, even when the API changes or
 * flaps in between.
 */
import { readFileSync } from 'node:fs';
import type { ApiErrorKind } from '../api/client.ts';
import { endpointUrl, type EndpointData, type EndpointName, type EndpointQuery } from '../api/endpoints.ts';
import { FetchError, type Fetcher } from './build-data.ts';

/** The environment variable naming the recorded snapshot a build reads instead of the API. */
export const SNAPSHOT_FILE_ENV = 'CONTENT_SNAPSHOT_FILE';

/** One recorded answer: the validated data, or the kind of failure (a missing detail, say). */
export type RecordedAnswer = { ok: true; data: unknown } | { ok: false; kind: ApiErrorKind; message: string };

/** Every call of a snapshot, keyed by {@link callKey}. */
export interface RecordedCalls {
  version: 1;
  apiUrl: string;
  calls: Record<string, RecordedAnswer>;
  /**
   * The `Last-Modified` of the long lists' first pages, by call key, as this run was answered:
   * the next poll reads a list whose stamp moved page by page
   * (`scripts/publish/rebuild/read/poll-plan.ts`). Not content: the build never reads it.
   */
  modified?: Record<string, string>;
}

/** The key of a call: its path and the endpoint's own query parameters (`/blog/detail?id=x`). */
export function callKey(name: EndpointName, query: EndpointQuery = {}): string {
  const url = new URL(endpointUrl('http://api.invalid', name, query));
  return url.pathname + url.search;
}

/** A fetcher answering from a record; a call the record lacks fails the build, it is never fetched. */
export function replayFetcher(recorded: RecordedCalls): Fetcher {
  return async <N extends EndpointName>(name: N, query: EndpointQuery = {}) => {
    const key = callKey(name, query);
    const answer = recorded.calls[key];
    if (!answer) {
      throw new Error(
        `재빌드 스냅샷에 없는 호출입니다: ${key} — 로더와 스냅샷이 같은 호출을 하는지 확인해 주세요.`,
      );
    }
    // A recorded failure is one the snapshot chose to leave out: the build leaves it out too.
    if (!answer.ok) throw new FetchError(answer.kind, answer.message, { itemProblem: true });
    return answer.data as EndpointData<N>;
  };
}

/** Reads the record a rebuild wrote. */
export function readRecordedCalls(file: string): RecordedCalls {
  const value = JSON.parse(readFileSync(file, 'utf8')) as RecordedCalls;
  if (value.version !== 1 || typeof value.calls !== 'object')
    throw new Error(`재빌드 스냅샷 형식을 알 수 없습니다: ${file}`);
  return value;
}
