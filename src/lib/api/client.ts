/**
 * The typed content API client. One generic call driven by the endpoint table: it adds a
 * time-out, validates the response with the contract's schema, and never rejects — every
 * failure comes back as a typed {@link ApiError} with a Korean message for the screen.
 */
import { interpolate, t } from '../../i18n/index.ts';
import {
  endpoints,
  endpointUrl,
  type EndpointData,
  type EndpointName,
  type EndpointQuery,
} from './endpoints.ts';

export type ApiErrorKind = 'offline' | 'timeout' | 'http' | 'not-found' | 'invalid' | 'aborted';

const messages: Record<ApiErrorKind, string> = {
  offline: t('api.error.offline'),
  timeout: t('api.error.timeout'),
  http: t('api.error.http'),
  'not-found': t('api.error.notFound'),
  invalid: t('api.error.invalid'),
  aborted: t('api.error.aborted'),
};

/** A failed call: what kind of failure, the HTTP status if there was one, and Korean copy. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly detail: string | undefined;

  constructor(kind: ApiErrorKind, options: { status?: number; detail?: string } = {}) {
    const suffix =
      kind === 'http' && options.status ? interpolate(t('api.error.status'), { status: options.status }) : '';
    super(messages[kind] + suffix);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status;
    this.detail = options.detail;
  }
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export interface ApiClientOptions {
  baseUrl: string;
  /**
   * Milliseconds before a call fails with kind `timeout` (10 s by default); `0`: no time-out of the
   * client's own (a fetch that times out and retries each attempt itself, `polite-fetch.ts`).
   */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Errors of `polite-fetch.ts` that mean the API answered in a way the reader refuses. */
const REFUSED_ANSWERS = new Set(['RetryAfterTooLongError', 'RedirectError']);

export type ApiClient = <N extends EndpointName>(
  name: N,
  query?: EndpointQuery,
  options?: RequestOptions,
) => Promise<ApiResult<EndpointData<N>>>;

/** Creates a client for one API base address. */
export function createApiClient({
  baseUrl,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  fetch: fetchImpl,
}: ApiClientOptions): ApiClient {
  return async function request(name, query = {}, options = {}) {
    const doFetch = fetchImpl ?? globalThis.fetch;
    const timeout = new AbortController();
    const ms = options.timeoutMs ?? timeoutMs;
    const timer = ms > 0 ? setTimeout(() => timeout.abort(), ms) : undefined;
    // Not AbortSignal.any: Safari before 17.4 lacks it, and every call would throw there.
    const signal = options.signal ? anySignal(options.signal, timeout) : timeout.signal;
    const fail = (error: ApiError) => ({ ok: false as const, error });

    try {
      let response: Response;
      try {
        response = await doFetch(endpointUrl(baseUrl, name, query), {
          signal,
          headers: { Accept: 'application/json' },
        });
      } catch (cause) {
        if (options.signal?.aborted) return fail(new ApiError('aborted'));
        if (timeout.signal.aborted || errorName(cause) === 'TimeoutError')
          return fail(new ApiError('timeout'));
        // An answer over the reader's size cap is the API's fault, like malformed JSON.
        if (errorName(cause) === 'AnswerTooLargeError')
          return fail(new ApiError('invalid', { detail: String(cause) }));
        // The API answered, but with something the reader will not follow (a wait longer than it
        // waits, a redirect off the API's origin): an HTTP failure with its reason, not "offline".
        if (REFUSED_ANSWERS.has(errorName(cause) ?? ''))
          return fail(new ApiError('http', { detail: (cause as Error).message }));
        return fail(new ApiError('offline', { detail: String(cause) }));
      }
      if (response.status === 404) return fail(new ApiError('not-found', { status: 404 }));
      if (!response.ok) return fail(new ApiError('http', { status: response.status }));

      let json: unknown;
      try {
        json = await response.json();
      } catch (cause) {
        if (options.signal?.aborted) return fail(new ApiError('aborted'));
        if (timeout.signal.aborted) return fail(new ApiError('timeout'));
        return fail(new ApiError('invalid', { detail: `JSON: ${String(cause)}` }));
      }
      const parsed = endpoints[name].schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return fail(
          new ApiError('invalid', { detail: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` }),
        );
      }
      return { ok: true as const, data: parsed.data as EndpointData<typeof name> };
    } finally {
      clearTimeout(timer);
    }
  };
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** A signal that aborts when `outer` does, by aborting `inner` (which the caller also times out). */
function anySignal(outer: AbortSignal, inner: AbortController): AbortSignal {
  if (outer.aborted) inner.abort();
  else outer.addEventListener('abort', () => inner.abort(), { once: true });
  return inner.signal;
}
