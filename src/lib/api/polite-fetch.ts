/**
 * A `fetch` for reading someone else's API at build time: the content API in production is
 * another team's service across the internet, slow at times, failing for a moment, and limiting
 * how fast it may be called. Every call of the rebuild's snapshot and of the build's loaders goes
 * through one of these:
 *
 * - **bounded**: at most `concurrency` calls in flight and at most `ratePerSecond` started in any
 *   one-second window (p-queue's sliding window, so no burst at a window's edge); a fractional
 *   rate is kept on average and never exceeds itself rounded up in any second (`rateWindow`);
 * - **patient**: `429` and `503` wait for their `Retry-After` (and hold every other call back
 *   meanwhile: the API said it is busy, not that this one call was unlucky); a wait longer than
 *   `maxDelayMs` fails the call at once; other 5xx answers, time-outs, dropped connections and
 *   unreadable `Retry-After` values retry with exponential back-off and jitter (p-retry);
 * - **staying home**: redirects are followed within the API's origin only (`RedirectError`);
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
import { adaptivePace, type AdaptivePace } from './adaptive-pace.ts';
import { readCapped } from './read-capped.ts';
import { parseRetryAfter } from './retry-after.ts';

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
  /**
   * Longest wait for one retry, back-off or `Retry-After` (default 30 s); an API asking for a
   * longer wait fails the call at once (`RetryAfterTooLongError`).
   */
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

/** A call the reader gives up on at once, whatever retries it has left; names the call. */
abstract class FinalCallError extends Error {
  readonly url: string;
  constructor(name: string, message: string, url: string) {
    super(message);
    this.name = name;
    this.url = url;
  }
}

/** An answer larger than the reader accepts; not retried. */
export class AnswerTooLargeError extends FinalCallError {
  readonly maxBytes: number;
  constructor(url: string, maxBytes: number) {
    super('AnswerTooLargeError', `응답이 ${Math.round(maxBytes / 1024)} KB를 넘습니다: ${url}`, url);
    this.maxBytes = maxBytes;
  }
}

/** A `429`/`503` whose `Retry-After` asks for longer than the reader waits; not retried. */
export class RetryAfterTooLongError extends FinalCallError {
  readonly waitMs: number;
  constructor(url: string, status: number, waitMs: number, maxDelayMs: number) {
    super(
      'RetryAfterTooLongError',
      `API가 ${Math.ceil(waitMs / 1000)}초 뒤에 다시 요청하라고 합니다 (HTTP ${status}, Retry-After; ` +
        `최대 ${Math.round(maxDelayMs / 1000)}초까지만 기다립니다): ${url}`,
      url,
    );
    this.waitMs = waitMs;
  }
}

/** A redirect the reader does not follow (to another origin, or too many hops); not retried. */
export class RedirectError extends FinalCallError {
  readonly location: string;
  constructor(url: string, location: string, tooMany = false) {
    super(
      'RedirectError',
      tooMany
        ? `API의 리디렉션이 ${MAX_REDIRECTS}번을 넘습니다 (마지막: ${location}): ${url}`
        : `API가 다른 출처로 리디렉션합니다 (${location}); 따라가지 않습니다. ` +
            `API 주소(PUBLIC_CONTENT_API_URL)를 확인해 주세요: ${url}`,
      url,
    );
    this.location = location;
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

/** Refusals (`429`) one call may meet before it gives up; the deadline bounds them too. */
const MAX_REFUSALS = 30;

/** Statuses worth another try: the API's own "busy" answers and gateway failures. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
/** Redirects with a `Location` to follow (within the origin). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Redirect hops one attempt follows; a loop fails the call instead of going round. */
const MAX_REDIRECTS = 5;

/** Slowest `ratePerSecond` accepted: one call per 100 s (slower, no run ends inside its deadline). */
export const MIN_RATE_PER_SECOND = 0.01;

/**
 * p-queue's window for a rate: `intervalCap` must be a whole number, so a fractional rate `r`
 * becomes ⌈r⌉ calls per ⌈r⌉/r seconds. The window is never shorter than a second, so no
 * one-second span holds more than ⌈r⌉ starts (5 per 2 s for 2.5/s would allow 5 in one second),
 * and the long-run rate is exactly `r` (the interval rounds up to a whole millisecond, never
 * faster). Whole rates keep their one-second window. `null`: no limit.
 */
export function rateWindow(
  ratePerSecond: number | null | undefined,
): { intervalCap: number; interval: number } | null {
  if (!ratePerSecond) return null;
  if (!Number.isFinite(ratePerSecond) || ratePerSecond < MIN_RATE_PER_SECOND)
    throw new RangeError(`초당 호출 수는 0 또는 ${MIN_RATE_PER_SECOND} 이상이어야 합니다: ${ratePerSecond}`);
  const intervalCap = Math.ceil(ratePerSecond);
  // Rounded before the ceiling, so float noise (3 / 2.5 * 1000 = 1200.0000000000002) adds no ms.
  const interval = Math.ceil(Number(((intervalCap / ratePerSecond) * 1000).toFixed(6)));
  return { intervalCap, interval };
}

/** The settings of one reader, defaults filled in. */
type ReaderSettings = Required<Omit<PoliteFetchOptions, 'signal' | 'ratePerSecond'>> &
  Pick<PoliteFetchOptions, 'signal' | 'ratePerSecond'>;

/** One reader's state, shared by its calls. */
interface Reader {
  settings: ReaderSettings;
  queue: PQueue;
  stats: PoliteFetchStats;
  pace: AdaptivePace;
  /** Holds the whole queue back for `ms` (an API's "wait"). */
  holdQueue(ms: number): void;
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
  fetch = globalThis.fetch,
}: PoliteFetchOptions = {}): PoliteFetch {
  const settings: ReaderSettings = {
    concurrency,
    ratePerSecond,
    timeoutMs,
    retries,
    retryBudget,
    maxBytes,
    minDelayMs,
    maxDelayMs,
    signal,
    fetch,
  };
  const window = rateWindow(ratePerSecond);
  const queue = new PQueue({ concurrency, ...(window ? { ...window, strict: true } : {}) });
  const reader: Reader = {
    settings,
    queue,
    stats: { calls: 0, attempts: 0, retries: 0, failureRetries: 0, throttled: 0, bytes: 0 },
    pace: adaptivePace(ratePerSecond, (ms) => delay(ms, signal)),
    holdQueue: queueHold(queue),
  };
  const politeFetch = (input: string | URL, init?: RequestInit) =>
    callWithRetries(reader, String(input), init);
  return Object.assign(politeFetch, { stats: () => ({ ...reader.stats }) });
}

/** `holdQueue(ms)`: pauses `queue` until `ms` from now, never shortening a hold already running. */
function queueHold(queue: PQueue): (ms: number) => void {
  let resumeAt = 0;
  let latestHold = 0;
  return (ms) => {
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
}

/** One logical call: attempts through the queue, retried by p-retry within the reader's bounds. */
async function callWithRetries(
  reader: Reader,
  url: string,
  init: RequestInit | undefined,
): Promise<Response> {
  const { settings, queue, stats } = reader;
  const signal = init?.signal ?? settings.signal;
  stats.calls++;
  // Waits named by Retry-After do not consume p-retry's count; these keep every kind bounded.
  let refusals = 0;
  let failures = 0;
  const budgetLeft = () =>
    settings.retryBudget.base + Math.floor(stats.calls * settings.retryBudget.share) - stats.failureRetries;
  const mayRetry = (error: TransientError) =>
    error.refused ? refusals < MAX_REFUSALS : failures < settings.retries && budgetLeft() > 0;
  try {
    return await pRetry(() => queue.add(() => attempt(reader, url, init), { signal }) as Promise<Response>, {
      retries: settings.retries,
      factor: 2,
      minTimeout: settings.minDelayMs,
      maxTimeout: settings.maxDelayMs,
      randomize: true,
      signal,
      // An API that names its wait is waited for (below), not backed off from on top of it.
      shouldConsumeRetry: ({ error }) => !(error instanceof TransientError && error.retryAfterMs !== null),
      onFailedAttempt: async ({ error }) => {
        if (!(error instanceof TransientError)) return;
        if (error.retryAfterMs !== null && mayRetry(error)) {
          const wait = Math.min(error.retryAfterMs, settings.maxDelayMs);
          reader.holdQueue(wait);
          await delay(wait, signal);
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
    });
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
}

/**
 * Fetches `url`, following redirects within its origin only. Within the origin a redirect is
 * the same API (a moved path, a trailing slash), and the caller's `If-None-Match` and other
 * headers go along, as with any of its requests. Another origin is a host no one configured:
 * it would receive our validators and headers, and count against no rate we were given.
 * Failing names the call, so the API address can be fixed, instead of reading elsewhere.
 * The reader only reads (GET), so every hop repeats the same request.
 */
async function fetchFollowingSameOrigin(reader: Reader, url: string, init: RequestInit): Promise<Response> {
  const origin = new URL(url).origin;
  let target = url;
  for (let hops = 0; ; hops++) {
    if (hops > 0) reader.stats.attempts++;
    const response = await reader.settings.fetch(target, { ...init, redirect: 'manual' });
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel();
    const next = new URL(location, target).href;
    if (new URL(next).origin !== origin) throw new RedirectError(url, next);
    if (hops === MAX_REDIRECTS) throw new RedirectError(url, next, true);
    target = next;
  }
}

/** One attempt: its answer read whole (within its time-out and size cap), or a `TransientError`. */
async function attempt(reader: Reader, url: string, init: RequestInit | undefined): Promise<Response> {
  const { settings, stats } = reader;
  await reader.pace.pace();
  stats.attempts++;
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signals = [timeout, init?.signal, settings.signal].filter((s): s is AbortSignal => !!s);
  let response: Response;
  let body: Uint8Array<ArrayBuffer>;
  try {
    response = await fetchFollowingSameOrigin(reader, url, { ...init, signal: AbortSignal.any(signals) });
    body = await readCappedOrFail(response, settings.maxBytes, url);
  } catch (error) {
    if (error instanceof FinalCallError) throw error;
    // The caller's own abort (or the run's deadline) is final; an attempt's time-out is not.
    if (init?.signal?.aborted || settings.signal?.aborted) throw error;
    const reason = timeout.aborted ? `${settings.timeoutMs / 1000}초 안에 응답이 없음` : String(error);
    throw new TransientError(reason, null, null, timeout.aborted);
  }
  stats.bytes += body.byteLength;
  const copy = new Response(response.status === 304 || response.status === 204 ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  if (RETRY_STATUSES.has(response.status)) throw busyAnswer(reader, url, copy);
  reader.pace.recover();
  return copy;
}

/** The error for an answer worth another try (`429`, `503` with or without `Retry-After`, 5xx). */
function busyAnswer(reader: Reader, url: string, answer: Response): Error {
  const { status } = answer;
  const wait = status === 429 || status === 503 ? parseRetryAfter(answer.headers.get('retry-after')) : null;
  if (status === 429 || wait !== null) reader.stats.throttled++;
  // Waiting the longest wait again and again would keep a run busy for up to 15 minutes
  // (30 refusals of 30 s) against an API that said when it will answer: fail now, say why.
  if (wait !== null && wait > reader.settings.maxDelayMs)
    return new RetryAfterTooLongError(url, status, wait, reader.settings.maxDelayMs);
  const refused = status === 429;
  if (refused) reader.pace.slowDown();
  // A refusal without a named wait still waits a moment before the call is tried again.
  return new TransientError(`HTTP ${status}`, answer, refused ? (wait ?? 1000) : wait, false, refused);
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
