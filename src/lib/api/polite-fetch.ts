/**
 * A `fetch` for reading someone else's API at build time: the content API in production is
 * another team's service across the internet, slow at times, failing for a moment, and limiting
 * how fast it may be called. Every call of the rebuild's snapshot and of the build's loaders goes
 * through one of these:
 *
 * - **bounded**: at most `concurrency` calls in flight and at most `ratePerSecond` started in any
 *   one-second window (p-queue's sliding window, so no burst at a window's edge);
 * - **patient**: `429` and `503` wait for their `Retry-After` (and hold every other call back
 *   meanwhile: the API said it is busy, not that this one call was unlucky); other 5xx answers,
 *   time-outs and dropped connections retry with exponential back-off and jitter (p-retry);
 * - **adaptive**: a `429` means our rate is above the API's limit, whatever `--rate` says: the
 *   calls are spaced further apart (doubling the gap per refusal), and drawn closer again as
 *   answers come back well; refusals are bounded per call but do not spend the failure budget;
 * - **budgeted**: retries of failures are bounded per call and per run, so an API that is down
 *   fails the run in seconds instead of retrying for an hour;
 * - **capped**: every attempt has its own time-out, and no answer may be larger than `maxBytes`.
 *
 * p-queue and p-retry rather than undici's interceptors: the rate limit and the shared pause on
 * `Retry-After` need a queue above single requests, and the run-wide retry budget a hook per failed
 * attempt; both libraries give exactly those, and they run on the global `fetch` unchanged.
 */
import PQueue from 'p-queue';
import pRetry from 'p-retry';
import { readCapped } from './read-capped.ts';

export interface PoliteFetchOptions {
  /** Calls in flight at once (default 4). */
  concurrency?: number;
  /** Calls started in any one second; `0` or `null`: no limit (default 10). */
  ratePerSecond?: number | null;
  /** Milliseconds one attempt may take, headers and body (default 30 s). */
  timeoutMs?: number;
  /** Retries of one call after its first attempt (default 4). */
  retries?: number;
  /**
   * Retries allowed in the whole run: a fixed part plus a share of the calls made so far, so a
   * large sweep may retry more than a small poll (default 20 + 10 %).
   */
  retryBudget?: { base: number; share: number };
  /** Largest answer body in bytes (default 8 MiB). */
  maxBytes?: number;
  /** First back-off delay in milliseconds (default 500); doubled per retry, with jitter. */
  minDelayMs?: number;
  /** Longest wait for one retry, back-off or `Retry-After` (default 30 s). */
  maxDelayMs?: number;
  /** Aborts everything queued and in flight (the run's deadline). */
  signal?: AbortSignal | undefined;
  /** The underlying fetch (default: the global one). */
  fetch?: typeof globalThis.fetch;
}

/** What the reader did, for the run's log and the benchmark. */
export interface PoliteFetchStats {
  /** Calls asked for. */
  calls: number;
  /** Requests sent, retries included. */
  attempts: number;
  /** Attempts after a call's first, for any reason. */
  retries: number;
  /** Retries after a failure (not after a `429`): what the run-wide budget counts. */
  failureRetries: number;
  /** Answers `429`/`503` that asked to wait. */
  throttled: number;
  /** Answer body bytes received. */
  bytes: number;
}

export type PoliteFetch = ((input: string | URL, init?: RequestInit) => Promise<Response>) & {
  stats(): PoliteFetchStats;
};

/** An answer larger than the reader accepts; not retried. */
export class AnswerTooLargeError extends Error {
  readonly url: string;
  readonly maxBytes: number;
  constructor(url: string, maxBytes: number) {
    super(`응답이 ${Math.round(maxBytes / 1024)} KB를 넘습니다: ${url}`);
    this.name = 'AnswerTooLargeError';
    this.url = url;
    this.maxBytes = maxBytes;
  }
}

/** One attempt that may succeed when tried again; `retryAfterMs` when the API said when. */
class TransientError extends Error {
  readonly response: Response | null;
  readonly retryAfterMs: number | null;
  readonly timedOut: boolean;
  /** A `429`: the API limits our rate; not a failure of the API. */
  readonly refused: boolean;
  constructor(
    message: string,
    response: Response | null,
    retryAfterMs: number | null,
    timedOut = false,
    refused = false,
  ) {
    super(message);
    this.name = 'TransientError';
    this.response = response;
    this.retryAfterMs = retryAfterMs;
    this.timedOut = timedOut;
    this.refused = refused;
  }
}

/** Longest adaptive gap between two attempt starts (one call every 5 s). */
const MAX_GAP_MS = 5_000;
/** Good answers after which the adaptive gap shrinks by a quarter. */
const RECOVER_AFTER = 20;
/** Refusals (`429`) one call may meet before it gives up; the deadline bounds them too. */
const MAX_REFUSALS = 30;

/** Statuses worth another try: the API's own "busy" answers and gateway failures. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date; `null` when absent or unreadable.
 * A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** Creates a reader; each call of the result is one logical call, retried as described above. */
export function createPoliteFetch({
  concurrency = 4,
  ratePerSecond = 10,
  timeoutMs = 30_000,
  retries = 4,
  retryBudget = { base: 20, share: 0.1 },
  maxBytes = 8 * 1024 * 1024,
  minDelayMs = 500,
  maxDelayMs = 30_000,
  signal,
  fetch: fetchImpl = globalThis.fetch,
}: PoliteFetchOptions = {}): PoliteFetch {
  const queue = new PQueue({
    concurrency,
    ...(ratePerSecond ? { intervalCap: ratePerSecond, interval: 1000, strict: true } : {}),
  });
  const stats: PoliteFetchStats = {
    calls: 0,
    attempts: 0,
    retries: 0,
    failureRetries: 0,
    throttled: 0,
    bytes: 0,
  };
  const budgetLeft = () =>
    retryBudget.base + Math.floor(stats.calls * retryBudget.share) - stats.failureRetries;
  let resumeAt = 0;
  // Adaptive spacing between attempt starts, on top of the fixed rate: 0 until the API refuses.
  let gapMs = 0;
  let nextStart = 0;
  let goodSinceRefusal = 0;
  const pace = async () => {
    if (gapMs === 0) return;
    const now = Date.now();
    const start = Math.max(now, nextStart);
    nextStart = start + gapMs;
    if (start > now) await delay(start - now, signal);
  };
  let lastSlowDown = 0;
  const slowDown = () => {
    // Calls already in flight are refused together: one slow-down per second of refusals.
    if (Date.now() - lastSlowDown < 1000) return;
    lastSlowDown = Date.now();
    gapMs = Math.min(Math.max(gapMs * 2, ratePerSecond ? 2000 / ratePerSecond : 100), MAX_GAP_MS);
    goodSinceRefusal = 0;
  };
  const recover = () => {
    if (gapMs === 0 || ++goodSinceRefusal < RECOVER_AFTER) return;
    goodSinceRefusal = 0;
    gapMs = gapMs < 20 ? 0 : Math.round(gapMs * 0.75);
  };

  let latestHold = 0;
  /** Holds the whole queue back until `ms` from now (an API's "wait"), never shortening a hold. */
  const holdQueue = (ms: number) => {
    const until = Date.now() + ms;
    if (until <= resumeAt) return;
    resumeAt = until;
    const hold = ++latestHold;
    queue.pause();
    // The latest hold's own timer ends it. Asking the clock instead ("is it resumeAt yet?") left
    // the queue paused for good whenever the timer fired a moment early by Date.now().
    setTimeout(() => {
      if (hold === latestHold) queue.start();
    }, ms).unref?.();
  };

  const attempt = async (url: string, init: RequestInit | undefined): Promise<Response> => {
    await pace();
    stats.attempts++;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signals = [timeout, init?.signal, signal].filter((s): s is AbortSignal => !!s);
    const attemptSignal = AbortSignal.any(signals);
    let response: Response;
    let body: Uint8Array<ArrayBuffer>;
    try {
      response = await fetchImpl(url, { ...init, signal: attemptSignal });
      body = await readCappedOrFail(response, maxBytes, url);
    } catch (error) {
      if (error instanceof AnswerTooLargeError) throw error;
      // The caller's own abort (or the run's deadline) is final; an attempt's time-out is not.
      if (init?.signal?.aborted || signal?.aborted) throw error;
      const reason = timeout.aborted ? `${timeoutMs / 1000}초 안에 응답이 없음` : String(error);
      throw new TransientError(reason, null, null, timeout.aborted);
    }
    stats.bytes += body.byteLength;
    const copy = new Response(response.status === 304 || response.status === 204 ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    if (RETRY_STATUSES.has(response.status)) {
      const wait =
        response.status === 429 || response.status === 503
          ? parseRetryAfter(response.headers.get('retry-after'))
          : null;
      if (response.status === 429 || wait !== null) stats.throttled++;
      const refused = response.status === 429;
      if (refused) slowDown();
      // A refusal without a named wait still waits a moment before the call is tried again.
      throw new TransientError(
        `HTTP ${response.status}`,
        copy,
        refused ? (wait ?? 1000) : wait,
        false,
        refused,
      );
    }
    recover();
    return copy;
  };

  const politeFetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    stats.calls++;
    // Waits named by Retry-After do not consume p-retry's count; these keep every kind bounded.
    let refusals = 0;
    let failures = 0;
    const mayRetry = (error: TransientError) =>
      error.refused ? refusals < MAX_REFUSALS : failures < retries && budgetLeft() > 0;
    try {
      return await pRetry(
        () => queue.add(() => attempt(url, init), { signal: init?.signal ?? signal }) as Promise<Response>,
        {
          retries,
          factor: 2,
          minTimeout: minDelayMs,
          maxTimeout: maxDelayMs,
          randomize: true,
          signal: init?.signal ?? signal,
          // An API that names its wait is waited for (below), not backed off from on top of it.
          shouldConsumeRetry: ({ error }) =>
            !(error instanceof TransientError && error.retryAfterMs !== null),
          onFailedAttempt: async ({ error }) => {
            if (!(error instanceof TransientError)) return;
            if (error.retryAfterMs !== null && mayRetry(error)) {
              const wait = Math.min(error.retryAfterMs, maxDelayMs);
              holdQueue(wait);
              await delay(wait, init?.signal ?? signal);
            }
          },
          shouldRetry: ({ error }) => {
            if (!(error instanceof TransientError) || !mayRetry(error)) return false;
            stats.retries++;
            if (error.refused) refusals++;
            else {
              failures++;
              stats.failureRetries++;
            }
            return true;
          },
        },
      );
    } catch (error) {
      // Out of retries: the last answer goes to the caller as it came (a 503 stays a 503).
      if (error instanceof TransientError && error.response) return error.response;
      // Named like the platform's own time-out, so the client reports it as one.
      if (error instanceof TransientError)
        throw Object.assign(new Error(error.message), {
          name: error.timedOut ? 'TimeoutError' : 'NetworkError',
        });
      throw error;
    }
  };
  return Object.assign(politeFetch, { stats: () => ({ ...stats }) });
}

/** Reads a body, failing as soon as it grows past `maxBytes` (a declared length fails at once). */
async function readCappedOrFail(
  response: Response,
  maxBytes: number,
  url: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = await readCapped(response, maxBytes);
  if (body === null) throw new AnswerTooLargeError(url, maxBytes);
  return body;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
