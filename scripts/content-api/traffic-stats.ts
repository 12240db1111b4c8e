/**
 * Counts what the server answered, so benchmarks can report calls and bytes and tests can see
 * how many requests were refused or failed.
 */
import type { MiddlewareHandler } from 'hono';

/** Counters since the server started or since the last reset; `/health` is never counted. */
export interface TrafficStats {
  /** Every answered request (any method, any status). */
  requests: number;
  /** 2xx answers. */
  ok: number;
  /** 304 answers to conditional requests. */
  notModified: number;
  /** 429 answers of the remote mode's rate limit. */
  refused: number;
  /** 503 answers of the remote mode's fail share. */
  failed: number;
  /** Response body bytes sent (0 for HEAD and 304). */
  bytes: number;
}

/** Whether a request is the health check, which tools poll and statistics leave out. */
export function isHealthCheck(path: string): boolean {
  return path === '/health';
}

export class TrafficCounter {
  #stats: TrafficStats = emptyStats();

  /** A copy of the counters, so callers can keep it across a reset. */
  stats(): TrafficStats {
    return { ...this.#stats };
  }

  reset(): void {
    this.#stats = emptyStats();
  }

  /** Counts each answer; it must run outside every other middleware to see the final answer. */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    await next();
    if (isHealthCheck(c.req.path)) return;
    const status = c.res.status;
    // HEAD is routed as GET, so the answer seen here still has the body the client never gets.
    const bytes = c.req.method === 'HEAD' ? 0 : await bodySize(c.res);
    const stats = this.#stats;
    stats.requests += 1;
    stats.bytes += bytes;
    if (status >= 200 && status < 300) stats.ok += 1;
    else if (status === 304) stats.notModified += 1;
    else if (status === 429) stats.refused += 1;
    else if (status === 503) stats.failed += 1;
  };
}

function emptyStats(): TrafficStats {
  return { requests: 0, ok: 0, notModified: 0, refused: 0, failed: 0, bytes: 0 };
}

async function bodySize(res: Response): Promise<number> {
  if (res.body === null) return 0;
  const length = res.headers.get('Content-Length');
  if (length !== null && /^\d+$/.test(length)) return Number(length);
  // Reading a clone leaves the original body to be sent; answers here are small JSON or images.
  return (await res.clone().arrayBuffer()).byteLength;
}
