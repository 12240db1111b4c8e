// @vitest-environment node
/**
 * The build's reader of someone else's API, over real HTTP: a small server on loopback that
 * answers from a script per request (busy, failing, slow, too large), and counts what it saw.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPoliteFetch, rateWindow } from './polite-fetch.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, count: number) => void;

const servers: Server[] = [];
const starts: number[] = [];

/** A server on loopback; a second one in the same test is another origin (another port). */
async function serve(handler: Handler): Promise<string> {
  let count = 0;
  starts.length = 0;
  const server = createServer((request, response) => {
    count++;
    starts.push(performance.now());
    handler(request, response, count);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  vi.restoreAllMocks();
  const closing = servers.splice(0);
  await Promise.all(
    closing.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

// Short waits keep the file fast; the behaviour is the same at production delays.
const quick = { minDelayMs: 10, maxDelayMs: 2_000, ratePerSecond: 0 } as const;

/**
 * Two calls against an API whose first answer is a 429 naming one second: the second call is
 * asked for once that 429 has come back. `onRefusal` runs when the 429 is sent.
 */
async function twoCallsAfterRefusal(onRefusal = () => {}) {
  const url = await serve((_request, response, count) => {
    if (count === 1) {
      onRefusal();
      return json(response, 429, { error: '잠시 후' }, { 'retry-after': '1' });
    }
    json(response, 200, { ok: count });
  });
  const polite = createPoliteFetch({ ...quick, concurrency: 2 });
  const first = polite(`${url}/a`);
  await expect.poll(() => polite.stats().throttled, { interval: 5 }).toBe(1);
  const second = polite(`${url}/b`);
  const answers = await Promise.all([first, second]);
  return { polite, statuses: answers.map((answer) => answer.status) };
}

describe('createPoliteFetch', () => {
  it('waits for Retry-After on 429 and 503, holding other calls back meanwhile, then succeeds', async () => {
    const { polite, statuses } = await twoCallsAfterRefusal();
    expect(statuses).toEqual([200, 200]);
    // The call queued behind the 429 waited for the named second too: it did not start at once.
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(950);
    expect(polite.stats()).toMatchObject({ calls: 2, throttled: 1 });
  });

  it('lets the held calls go when the wait is over, even if the clock reads a little earlier by then', async () => {
    // Node's timers count from the event loop's cached time, so a timer can fire a few
    // milliseconds before Date.now() says its wait is over; a wall clock can also step back.
    // Either once left the queue paused for good and the build hung.
    let behindMs = 0;
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() - behindMs);
    const { statuses } = await twoCallsAfterRefusal(() => setTimeout(() => (behindMs = 50), 300));
    expect(statuses).toEqual([200, 200]);
  }, 5_000);

  it('retries 5xx answers and dropped connections with back-off, and hands back the last answer when retries run out', async () => {
    const url = await serve((request, response, count) => {
      if (request.url === '/drop' && count < 3) return request.socket.destroy();
      if (request.url === '/drop') return json(response, 200, { ok: true });
      json(response, 502, { error: '게이트웨이' });
    });
    const polite = createPoliteFetch({ ...quick, retries: 2 });
    const dropped = await polite(`${url}/drop`);
    expect(dropped.status).toBe(200);
    const failing = await polite(`${url}/down`);
    expect(failing.status).toBe(502);
    expect(await failing.json()).toEqual({ error: '게이트웨이' });
    // Two retries for the dropped connection, two for the 502s.
    expect(polite.stats().retries).toBe(4);
  });

  it('never retries answers that will not change (404, 400)', async () => {
    const url = await serve((_request, response) => json(response, 404, { error: '없음' }));
    const polite = createPoliteFetch(quick);
    expect((await polite(`${url}/x`)).status).toBe(404);
    expect(polite.stats()).toMatchObject({ attempts: 1, retries: 0 });
  });

  it('stops retrying when the run-wide budget is spent', async () => {
    const url = await serve((_request, response) => json(response, 500, { error: '오류' }));
    const polite = createPoliteFetch({ ...quick, retries: 5, retryBudget: { base: 3, share: 0 } });
    const answers = await Promise.all([polite(`${url}/1`), polite(`${url}/2`), polite(`${url}/3`)]);
    expect(answers.every((answer) => answer.status === 500)).toBe(true);
    expect(polite.stats().retries).toBe(3);
  });

  it('times out each attempt and retries it, reporting a time-out when every attempt hangs', async () => {
    const url = await serve((request, response, count) => {
      if (request.url === '/slow-once' && count === 1) return; // never answers
      if (request.url === '/hang') return;
      json(response, 200, { ok: true });
    });
    const polite = createPoliteFetch({ ...quick, timeoutMs: 200, retries: 1 });
    expect((await polite(`${url}/slow-once`)).status).toBe(200);
    await expect(polite(`${url}/hang`)).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('refuses an answer over the byte cap, declared or streamed, without retrying', async () => {
    const url = await serve((request, response) => {
      if (request.url === '/declared') return json(response, 200, { text: 'x'.repeat(5000) });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"text":"${'x'.repeat(3000)}`);
      response.end(`${'y'.repeat(3000)}"}`);
    });
    const polite = createPoliteFetch({ ...quick, maxBytes: 4096 });
    await expect(polite(`${url}/declared`)).rejects.toMatchObject({ name: 'AnswerTooLargeError' });
    await expect(polite(`${url}/streamed`)).rejects.toMatchObject({ name: 'AnswerTooLargeError' });
    expect(polite.stats().retries).toBe(0);
  });

  it('starts no more calls in any second than the rate allows', async () => {
    const url = await serve((_request, response) => json(response, 200, {}));
    const polite = createPoliteFetch({ ...quick, ratePerSecond: 5, concurrency: 8 });
    await Promise.all(Array.from({ length: 8 }, (_, index) => polite(`${url}/${index}`)));
    // The sixth call waited for the first one's second to pass.
    expect(starts[5]! - starts[0]!).toBeGreaterThanOrEqual(950);
  });

  it('keeps a fractional rate (2.5 a second: 3 calls, then the fourth 1.2 s after the first)', async () => {
    const url = await serve((_request, response) => json(response, 200, {}));
    const polite = createPoliteFetch({ ...quick, ratePerSecond: 2.5, concurrency: 8 });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => polite(`${url}/${index}`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(starts[2]! - starts[0]!).toBeLessThan(500);
    expect(starts[3]! - starts[0]!).toBeGreaterThanOrEqual(1150);
  });

  it.each([429, 503])(
    'gives up at once, naming the call and the wait, when a %i asks for a wait longer than the longest',
    async (status) => {
      const url = await serve((_request, response) =>
        json(response, status, { error: '점검 중' }, { 'retry-after': '3600' }),
      );
      const polite = createPoliteFetch({ ...quick, retries: 1 });
      const started = performance.now();
      const call = polite(`${url}/items`);
      await expect(call).rejects.toMatchObject({ name: 'RetryAfterTooLongError' });
      await expect(call).rejects.toThrow(`${url}/items`);
      await expect(call).rejects.toThrow('3600초');
      expect(performance.now() - started).toBeLessThan(1000);
      expect(polite.stats()).toMatchObject({ attempts: 1, retries: 0, throttled: 1 });
    },
    5_000,
  );

  it('backs off as usual when Retry-After cannot be read, instead of retrying at once', async () => {
    const url = await serve((request, response, count) => {
      if (count === 1) return json(response, 503, { error: '잠시' }, { 'retry-after': '1.5' });
      if (count === 3) return json(response, 429, { error: '잠시' }, { 'retry-after': '-1' });
      json(response, 200, { ok: request.url });
    });
    const polite = createPoliteFetch({ ...quick, minDelayMs: 300 });
    expect((await polite(`${url}/a`)).status).toBe(200);
    // p-retry's back-off: at least minDelayMs (jitter only lengthens it).
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(290);
    expect((await polite(`${url}/b`)).status).toBe(200);
    // A refusal without a readable wait waits the refusal's own second.
    expect(starts[3]! - starts[2]!).toBeGreaterThanOrEqual(950);
  });

  it('stops everything when the run is aborted (the deadline)', async () => {
    const url = await serve(() => {});
    const controller = new AbortController();
    const polite = createPoliteFetch({ ...quick, signal: controller.signal, timeoutMs: 60_000 });
    const call = polite(`${url}/hang`);
    setTimeout(() => controller.abort(new Error('기한')), 50);
    await expect(call).rejects.toThrow('기한');
  });
});

describe('rateWindow', () => {
  it('turns any rate into whole calls per window, never more than the rate rounded up in any second', () => {
    expect(rateWindow(10)).toEqual({ intervalCap: 10, interval: 1000 });
    expect(rateWindow(2.5)).toEqual({ intervalCap: 3, interval: 1200 });
    expect(rateWindow(0.5)).toEqual({ intervalCap: 1, interval: 2000 });
    // Rounded up to a whole millisecond: never a little faster than asked.
    expect(rateWindow(0.3)).toEqual({ intervalCap: 1, interval: 3334 });
    expect(rateWindow(0)).toBeNull();
    expect(rateWindow(null)).toBeNull();
  });
});

describe('redirects', () => {
  /** A second origin that records every request it is sent. */
  async function recordingOrigin() {
    const seen: { url: string; headers: IncomingMessage['headers'] }[] = [];
    const url = await serve((request, response) => {
      seen.push({ url: request.url ?? '', headers: request.headers });
      json(response, 200, { from: 'elsewhere' });
    });
    return { url, seen };
  }

  it('refuses a redirect to another origin, naming the call, and sends that origin nothing', async () => {
    const other = await recordingOrigin();
    const url = await serve((_request, response) => {
      response.writeHead(302, { location: `${other.url}/moved` });
      response.end();
    });
    const polite = createPoliteFetch(quick);
    const call = polite(`${url}/hr-stories`, {
      headers: { 'If-None-Match': '"v1"', Authorization: 'Bearer secret' },
    });
    await expect(call).rejects.toMatchObject({ name: 'RedirectError' });
    await expect(call).rejects.toThrow(`${url}/hr-stories`);
    await expect(call).rejects.toThrow(`${other.url}/moved`);
    expect(other.seen).toEqual([]);
    expect(polite.stats().retries).toBe(0);
  });

  it('follows a redirect within the same origin, validators and all, up to a few hops', async () => {
    const seen: { url: string; etag: string | undefined }[] = [];
    const url = await serve((request, response) => {
      seen.push({ url: request.url ?? '', etag: request.headers['if-none-match'] });
      if (request.url === '/old') {
        response.writeHead(301, { location: '/new' }).end();
      } else if (request.url === '/loop') {
        response.writeHead(307, { location: '/loop' }).end();
      } else if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304, { etag: '"v1"' }).end();
      } else {
        json(response, 200, { ok: true });
      }
    });
    const polite = createPoliteFetch(quick);
    const answer = await polite(`${url}/old`, { headers: { 'If-None-Match': '"v1"' } });
    expect(answer.status).toBe(304);
    expect(seen).toEqual([
      { url: '/old', etag: '"v1"' },
      { url: '/new', etag: '"v1"' },
    ]);
    await expect(polite(`${url}/loop`)).rejects.toMatchObject({ name: 'RedirectError' });
  });
});

describe('an API whose limit is below our rate', () => {
  it('slows down after refusals instead of failing: every call succeeds, and refusals spend no failure budget', async () => {
    // A limit of 3 calls a second (fixed windows), against a reader told 20 a second.
    let windowStart = 0;
    let inWindow = 0;
    const url = await serve((_request, response) => {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      if (++inWindow > 3)
        return json(response, 429, { error: '요청이 너무 많습니다.' }, { 'retry-after': '1' });
      json(response, 200, { ok: true });
    });
    const polite = createPoliteFetch({
      ...quick,
      ratePerSecond: 20,
      concurrency: 4,
      retryBudget: { base: 0, share: 0 },
    });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => polite(`${url}/${index}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const stats = polite.stats();
    expect(stats.throttled).toBeGreaterThan(0);
    expect(stats.failureRetries).toBe(0);
  });
});
