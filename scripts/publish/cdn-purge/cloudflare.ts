/**
 * Cloudflare's purge-cache API: `POST {api}/client/v4/zones/{zone}/purge_cache` with a token
 * that may only purge that one zone's cache, one batch of addresses per call, or one
 * purge-everything. Calls go one at a time through the polite reader the rebuild uses for the
 * content API (src/lib/api/polite-fetch.ts): a `429` waits for its `Retry-After`, other 5xx
 * answers, time-outs and dropped connections retry with back-off, within bounds. A purge is
 * idempotent, so a retried call does no harm.
 */
import {
  createPoliteFetch,
  type PoliteFetch,
  type PoliteFetchOptions,
} from '../../../src/lib/api/polite-fetch.ts';

export const DEFAULT_API_BASE = 'https://api.cloudflare.com';

/** One call's body: a batch of absolute addresses, or everything the zone caches. */
export type PurgeBody = { files: string[] } | { purge_everything: true };

/** A purge that failed after its retries; the message is Korean and never holds the token. */
export class PurgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PurgeError';
  }
}

/** Longest one call may take, its retries and waits included (429s with Retry-After, back-off). */
export const CALL_CAP_MS = 2 * 60_000;

export interface PurgeOptions {
  /** The API's base address (`https://api.cloudflare.com`; a local stand-in in tests). */
  api: string;
  zoneId: string;
  token: string;
  bodies: readonly PurgeBody[];
  /** One Korean line per finished call. */
  log: (message: string) => void;
  /** Called after each call the API confirmed, with its body. */
  onPurged?: (body: PurgeBody) => void;
  /** The run's deadline: aborts the call in flight and sends no other. */
  deadline?: { signal: AbortSignal; label: string } | undefined;
  /** Longest one call may take with its retries (default `CALL_CAP_MS`). */
  callCapMs?: number | undefined;
  /** The reader's bounds, for tests; the defaults suit Cloudflare's limits. */
  fetchOptions?: PoliteFetchOptions | undefined;
}

/** The purge endpoint of a zone. */
export function purgeEndpoint(api: string, zoneId: string): string {
  return `${api.replace(/\/+$/, '')}/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`;
}

/** What Cloudflare's answers carry besides the result. */
interface ApiAnswer {
  success?: unknown;
  errors?: unknown;
}

/** `HTTP 403 (10000 Authentication error)` from an answer, short and on one line. */
function describeFailure(status: number, answer: ApiAnswer | null): string {
  if (answer === null) return `HTTP ${status}, Cloudflare API의 응답이 아닙니다`;
  const errors = Array.isArray(answer?.errors) ? (answer.errors as unknown[]) : [];
  const details = errors
    .map((error) => {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
      return [code, message].filter((part) => part !== undefined).join(' ');
    })
    .filter(Boolean)
    .join('; ')
    .slice(0, 300);
  return details ? `HTTP ${status} (${details})` : `HTTP ${status}`;
}

async function readAnswer(response: Response): Promise<ApiAnswer | null> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null ? (value as ApiAnswer) : null;
  } catch {
    return null;
  }
}

/** Why a call got no answer (Korean): the run's deadline, the call's cap, or the network. */
function reasonOfThrow(error: unknown, options: PurgeOptions, callSignal: AbortSignal): string {
  if (options.deadline?.signal.aborted)
    return `퍼지 제한 시간(${options.deadline.label})이 지났습니다 (Cloudflare API가 계속 429로 거절하거나 응답하지 않습니다)`;
  if (callSignal.aborted)
    return `호출 하나가 ${Math.round((options.callCapMs ?? CALL_CAP_MS) / 1000)}초 안에 끝나지 않았습니다 (Cloudflare API가 계속 429로 거절하거나 응답하지 않습니다)`;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  return name === 'TimeoutError'
    ? 'Cloudflare API가 응답하지 않습니다'
    : name === 'NetworkError'
      ? `Cloudflare API에 연결할 수 없습니다 (${message})`
      : `Cloudflare API 호출이 실패했습니다 (${message})`;
}

/** The failure of an answer that is not a success, with a hint for a refused token. */
function answerFailure(response: Response, answer: ApiAnswer | null): string {
  const hint =
    response.status === 401 || response.status === 403
      ? ' CLOUDFLARE_PURGE_TOKEN 이 이 영역(CLOUDFLARE_ZONE_ID)의 캐시 퍼지(Zone.Cache Purge) 권한을 가진 토큰인지 확인해 주세요.'
      : '';
  return `${describeFailure(response.status, answer)}.${hint}`;
}

/** One call: resolves when the API confirmed it, else a Korean reason (without the final period). */
async function sendOne(
  politeFetch: PoliteFetch,
  endpoint: string,
  body: PurgeBody,
  options: PurgeOptions,
): Promise<string | null> {
  const cap = AbortSignal.timeout(Math.max(1, options.callCapMs ?? CALL_CAP_MS));
  const signal = options.deadline ? AbortSignal.any([cap, options.deadline.signal]) : cap;
  let response: Response;
  try {
    response = await politeFetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    return `${reasonOfThrow(error, options, cap)}.`;
  }
  const answer = await readAnswer(response);
  if (response.ok && answer?.success === true) return null;
  // The reader hands back the last refusal when the deadline cut its retries short: say so.
  if (signal.aborted) return `${reasonOfThrow(null, options, cap)} (마지막 응답 HTTP ${response.status}).`;
  return answerFailure(response, answer);
}

/**
 * Sends `bodies` one after another; resolves when every call succeeded.
 * @throws {PurgeError} at the first call that still fails after its retries, or when the
 *   deadline passes (the later ones are not sent); `onPurged` has named those that succeeded.
 */
export async function purgeCache(options: PurgeOptions): Promise<void> {
  const { api, zoneId, bodies, log, onPurged, fetchOptions, deadline } = options;
  const politeFetch = createPoliteFetch({
    concurrency: 1,
    // Under the Pro and Business plans' 5 and 10 calls a second; the Free plan's 5 a minute
    // (after a burst of 25) is met by its 429s and their Retry-After.
    ratePerSecond: 4,
    maxBytes: 1024 * 1024,
    maxDelayMs: 60_000,
    // The deadline also ends the pauses the reader takes between calls after a 429.
    signal: deadline?.signal,
    ...fetchOptions,
  });
  const endpoint = purgeEndpoint(api, zoneId);
  let purged = 0;
  for (const [index, body] of bodies.entries()) {
    const what = 'files' in body ? `주소 ${body.files.length}개` : '전체 캐시';
    const label = `묶음 ${index + 1}/${bodies.length}`;
    const failure = deadline?.signal.aborted
      ? `퍼지 제한 시간(${deadline.label})이 지났습니다.`
      : await sendOne(politeFetch, endpoint, body, options);
    if (failure !== null) {
      const sofar =
        index === 0
          ? '아무것도 퍼지되지 않았습니다.'
          : `앞의 묶음 ${index}개(주소 ${purged}개)는 퍼지되었습니다.`;
      throw new PurgeError(`CDN 퍼지 실패 (${label}, ${what}): ${failure} ${sofar}`);
    }
    if ('files' in body) purged += body.files.length;
    onPurged?.(body);
    log(`${label}: ${what} 퍼지 완료`);
  }
}
