/**
 * The opt-in "remote API" mode: makes the local server behave like an API across the
 * internet (latency, occasional 503s, a rate limit with 429s), so clients' retry and
 * throttling code can be tested and benchmarked against something realistic. Off by default.
 */
import type { MiddlewareHandler } from 'hono';
import type { SendJson } from './respond.ts';
import { isHealthCheck } from './traffic-stats.ts';

/** Korean messages of the remote mode's error answers. */
export const REMOTE_UNAVAILABLE = '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.';
export const RATE_LIMITED = '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.';

export interface RemoteOptions {
  /** Every answer (also 304, 429 and 503, and `/health`) leaves at least this late. Default 0. */
  latencyMs?: number | undefined;
  /** Share of requests (0..1) answered 503, drawn from the seeded sequence. Default 0. */
  failShare?: number | undefined;
  /**
   * Requests accepted per sliding second; the rest get 429 and do not count toward the
   * window. Default: no limit.
   */
  rateLimit?: number | undefined;
  /** `Retry-After` of the 503 answers, in whole seconds. Default 1. */
  retryAfterSeconds?: number | undefined;
  /** Seed of the generator choosing the 503s, so runs repeat. Default 1. */
  seed?: number | undefined;
}

const WINDOW_MS = 1000;

/**
 * Checks remote options, so a typo fails at start rather than as a silently ignored setting.
 *
 * @throws {RangeError} naming the first bad option.
 */
export function checkRemoteOptions(options: RemoteOptions): void {
  const { latencyMs, failShare, rateLimit, retryAfterSeconds, seed } = options;
  if (latencyMs !== undefined && !(Number.isFinite(latencyMs) && latencyMs >= 0)) {
    throw new RangeError(`latencyMs must be a finite number >= 0, got ${latencyMs}`);
  }
  if (failShare !== undefined && !(failShare >= 0 && failShare <= 1)) {
    throw new RangeError(`failShare must be between 0 and 1, got ${failShare}`);
  }
  if (rateLimit !== undefined && !(Number.isInteger(rateLimit) && rateLimit > 0)) {
    throw new RangeError(`rateLimit must be a positive integer, got ${rateLimit}`);
  }
  if (retryAfterSeconds !== undefined && !(Number.isInteger(retryAfterSeconds) && retryAfterSeconds > 0)) {
    throw new RangeError(`retryAfterSeconds must be a positive integer, got ${retryAfterSeconds}`);
  }
  if (seed !== undefined && !Number.isInteger(seed))
    throw new RangeError(`seed must be an integer, got ${seed}`);
}

/** The state of one switched-on remote mode; replaced whole when the options change. */
interface Active {
  options: RemoteOptions;
  random: () => number;
  /** Arrival times (ms, monotonic) of the accepted requests of the last second, oldest first. */
  accepted: number[];
}

/**
 * The remote mode of one app, switchable while the server runs. Its two middlewares go on
 * either side of CORS: the delay outside (so preflights are slow too), the faults inside (so
 * 429 and 503 answers carry CORS headers a browser client can read).
 */
export class RemoteMode {
  #active: Active | null = null;
  readonly #now: () => number;

  constructor(options: RemoteOptions | null = null, now: () => number = () => performance.now()) {
    this.#now = now;
    this.set(options);
  }

  /**
   * Switches the mode on with `options`, or off with `null`. Every call starts afresh: the
   * generator from its seed and an empty rate window, so a test can replay a sequence.
   */
  set(options: RemoteOptions | null): void {
    if (options === null) {
      this.#active = null;
      return;
    }
    checkRemoteOptions(options);
    this.#active = { options: { ...options }, random: mulberry32(options.seed ?? 1), accepted: [] };
  }

  /** Holds every answer until `latencyMs` after the request arrived. */
  readonly delay: MiddlewareHandler = async (_c, next) => {
    const start = this.#now();
    const latency = this.#active?.options.latencyMs ?? 0;
    await next();
    if (latency > 0) await sleepUntil(start + latency, this.#now);
  };

  /** Answers 429 over the rate limit and 503 for the drawn share; `/health` is exempt. */
  faults(send: SendJson): MiddlewareHandler {
    return async (c, next) => {
      const active = this.#active;
      if (active === null || isHealthCheck(c.req.path)) return next();
      const { failShare = 0, rateLimit, retryAfterSeconds = 1 } = active.options;
      // Drawn for every request, refused or not, so which requests fail depends only on their
      // order, not on how fast a client happened to send them.
      const draw = active.random();
      if (rateLimit !== undefined) {
        const now = this.#now();
        const window = active.accepted;
        while (window.length > 0 && (window[0] as number) <= now - WINDOW_MS) window.shift();
        if (window.length >= rateLimit) {
          // A place frees up when the oldest accepted request leaves the window.
          const wait = Math.max(1, Math.ceil(((window[0] as number) + WINDOW_MS - now) / 1000));
          c.header('Retry-After', String(wait));
          return send(c, { error: RATE_LIMITED }, 429);
        }
        window.push(now);
      }
      if (draw < failShare) {
        c.header('Retry-After', String(retryAfterSeconds));
        return send(c, { error: REMOTE_UNAVAILABLE }, 503);
      }
      return next();
    };
  }
}

/** mulberry32: a tiny seeded generator of floats in [0, 1), good enough for fault picking. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Sleeps until `deadline` on the `now` clock. Timers may fire a little early against the
 * high-resolution clock, and the latency is a promised minimum, so it checks and sleeps again.
 */
async function sleepUntil(deadline: number, now: () => number): Promise<void> {
  for (let left = deadline - now(); left > 0; left = deadline - now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
  }
}
