/**
 * Cloudflare's purge-cache API: `POST {api}/client/v4/zones/{zone}/purge_cache` with a token
 * that may only purge that one zone's cache, one batch of addresses per call, or one
 * purge-everything. Calls go one at a time through the polite reader the rebuild uses for the
 * content API (src/lib/api/polite-fetch.ts): a `429` waits for its `Retry-After`, other 5xx
 * answers, time-outs and dropped connections retry with back-off, within bounds. A purge is
 * idempotent, so a retried call does no harm.
 */
import { createPoliteFetch, type PoliteFetchOptions } from '../../../src/lib/api/polite-fetch.ts';

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

export interface PurgeOptions {
  /** The API's base address (`https://api.cloudflare.com`; a local stand-in in tests). */
  api: string;
  zoneId: string;
  token: string;
  bodies: readonly PurgeBody[];
  /** One Korean line per finished call. */
  log: (message: string) => void;
  /** The reader's bounds, for tests; the defaults suit Cloudflare's limits. */
  fetchOptions?: PoliteFetchOptions;
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

/**
 * Sends `bodies` one after another; resolves when every call succeeded.
 * @throws {PurgeError} at the first call that still fails after its retries (the later ones are not sent).
 */
export async function purgeCache({
  api,
  zoneId,
  token,
  bodies,
  log,
  fetchOptions,
}: PurgeOptions): Promise<void> {
  const politeFetch = createPoliteFetch({
    concurrency: 1,
    // Under the Pro and Business plans' 5 and 10 calls a second; the Free plan's 5 a minute
    // (after a burst of 25) is met by its 429s and their Retry-After.
    ratePerSecond: 4,
    maxBytes: 1024 * 1024,
    maxDelayMs: 60_000,
    ...fetchOptions,
  });
  const endpoint = purgeEndpoint(api, zoneId);
  let purged = 0;
  for (const [index, body] of bodies.entries()) {
    const what = 'files' in body ? `주소 ${body.files.length}개` : '전체 캐시';
    const label = `묶음 ${index + 1}/${bodies.length}`;
    const sofar =
      index === 0
        ? '아무것도 퍼지되지 않았습니다.'
        : `앞의 묶음 ${index}개(주소 ${purged}개)는 퍼지되었습니다.`;
    let response: Response;
    try {
      response = await politeFetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const message = error instanceof Error ? error.message : String(error);
      const reason =
        name === 'TimeoutError'
          ? 'Cloudflare API가 응답하지 않습니다'
          : name === 'NetworkError'
            ? `Cloudflare API에 연결할 수 없습니다 (${message})`
            : `Cloudflare API 호출이 실패했습니다 (${message})`;
      throw new PurgeError(`CDN 퍼지 실패 (${label}, ${what}): ${reason}. ${sofar}`);
    }
    const answer = await readAnswer(response);
    if (!response.ok || answer?.success !== true) {
      const hint =
        response.status === 401 || response.status === 403
          ? ' CLOUDFLARE_PURGE_TOKEN 이 이 영역(CLOUDFLARE_ZONE_ID)의 캐시 퍼지(Zone.Cache Purge) 권한을 가진 토큰인지 확인해 주세요.'
          : '';
      throw new PurgeError(
        `CDN 퍼지 실패 (${label}, ${what}): ${describeFailure(response.status, answer)}.${hint} ${sofar}`,
      );
    }
    if ('files' in body) purged += body.files.length;
    log(`${label}: ${what} 퍼지 완료`);
  }
}
