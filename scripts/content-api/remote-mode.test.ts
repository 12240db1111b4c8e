// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/lib/api/schemas.ts';
import { RATE_LIMITED, REMOTE_UNAVAILABLE, RemoteMode, checkRemoteOptions } from './remote-mode.ts';
import { jsonSender } from './respond.ts';
import { startServer, type RunningServer } from './server.ts';
import { writeFixture } from './test-fixture.ts';

const PATH = '/faq/alltags';

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-api-remote-'));
  writeFixture(dir);
  server = await startServer({ contentDir: dir, port: 0 });
});

afterEach(() => {
  server.setRemote(null);
  server.resetStats();
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${server.url}${path}`, init);
}

/** Status of a GET, with the body read so the connection is free for the next request. */
async function status(path = PATH): Promise<number> {
  const res = await get(path);
  await res.arrayBuffer();
  return res.status;
}

async function expectRemoteError(res: Response, code: number, message: string): Promise<number> {
  expect(res.status).toBe(code);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(ApiErrorSchema.parse(await res.json()).error).toBe(message);
  const retryAfter = res.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  return Number(retryAfter);
}

describe('fail share', () => {
  /** Statuses of `count` requests in a row, from a freshly switched-on mode. */
  async function run(count: number, seed: number): Promise<number[]> {
    server.setRemote({ failShare: 0.3, seed });
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push(await status());
    return statuses;
  }

  it('fails the same requests in two runs with the same seed', async () => {
    const first = await run(24, 7);
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(first.every((code) => code === 200 || code === 503)).toBe(true);
    expect(await run(24, 7)).toEqual(first);
    expect(await run(24, 8)).not.toEqual(first);
  });

  it('answers 503 with a Korean JSON error and Retry-After', async () => {
    server.setRemote({ failShare: 1 });
    expect(await expectRemoteError(await get(PATH), 503, REMOTE_UNAVAILABLE)).toBe(1);
    server.setRemote({ failShare: 1, retryAfterSeconds: 3 });
    expect(await expectRemoteError(await get(PATH), 503, REMOTE_UNAVAILABLE)).toBe(3);
  });

  it('never fails /health', async () => {
    server.setRemote({ failShare: 1, rateLimit: 1 });
    for (let i = 0; i < 3; i += 1) expect(await status('/health')).toBe(200);
  });

  it('stops failing when switched off', async () => {
    server.setRemote({ failShare: 1 });
    expect(await status()).toBe(503);
    server.setRemote(null);
    expect(await status()).toBe(200);
  });
});

describe('rate limit', () => {
  it('refuses a burst over the limit with 429 until Retry-After has passed', async () => {
    server.setRemote({ rateLimit: 5 });
    const burst = await Promise.all(Array.from({ length: 12 }, () => get(PATH)));
    const ok = burst.filter((res) => res.status === 200);
    const refused = burst.filter((res) => res.status === 429);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(7);
    const waits = await Promise.all(refused.map((res) => expectRemoteError(res, 429, RATE_LIMITED)));
    await Promise.all(ok.map((res) => res.arrayBuffer()));

    await new Promise((resolve) => setTimeout(resolve, Math.max(...waits) * 1000));
    expect(await status()).toBe(200);
  });

  it('counts only accepted requests toward the window', async () => {
    let now = 0;
    const remote = new RemoteMode({ rateLimit: 2 }, () => now);
    const app = new Hono();
    app.use('*', remote.faults(jsonSender()));
    app.get('/x', (c) => c.text('ok'));
    const codes = async () => (await app.request('/x')).status;

    expect([await codes(), await codes(), await codes()]).toEqual([200, 200, 429]);
    now = 500;
    expect(await codes()).toBe(429);
    // The accepted requests of t=0 have left the window; the refused ones never were in it.
    now = 1000.5;
    expect([await codes(), await codes(), await codes()]).toEqual([200, 200, 429]);
  });
});

describe('latency', () => {
  const latencyMs = 120;

  async function timed(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; ms: number }> {
    const start = performance.now();
    const res = await get(path, { headers });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - start };
  }

  it('delays every answer: 200, 304, errors, 429, 503 and /health', async () => {
    const etag = (await get(PATH)).headers.get('etag') ?? '';
    server.setRemote({ latencyMs });
    const answers = await Promise.all([
      timed(PATH),
      timed(PATH, { 'If-None-Match': etag }),
      timed('/no/such/path'),
      timed('/health'),
    ]);
    server.setRemote({ latencyMs, failShare: 1 });
    answers.push(await timed(PATH));
    server.setRemote({ latencyMs, rateLimit: 1 });
    answers.push(...(await Promise.all([timed(PATH), timed(PATH)])));

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 304, 404, 429, 503]);
    for (const answer of answers) expect(answer.ms).toBeGreaterThanOrEqual(latencyMs);
  });
});

describe('stats', () => {
  it('counts requests, 304s, 429s, 503s and body bytes, but not /health', async () => {
    let bytes = 0;
    const read = async (res: Response) => {
      bytes += (await res.arrayBuffer()).byteLength;
      return res.status;
    };

    const first = await get(PATH);
    const etag = first.headers.get('etag') ?? '';
    expect(await read(first)).toBe(200);
    expect(await read(await get('/news/search?page=1'))).toBe(200);
    expect(await read(await get(PATH, { headers: { 'If-None-Match': etag } }))).toBe(304);
    expect(await read(await get(PATH, { method: 'HEAD' }))).toBe(200);
    expect(await read(await get('/no/such/path'))).toBe(404);
    expect(await status('/health')).toBe(200);
    server.setRemote({ failShare: 1 });
    expect(await read(await get(PATH))).toBe(503);
    server.setRemote({ rateLimit: 1 });
    expect(await read(await get(PATH))).toBe(200);
    expect(await read(await get(PATH))).toBe(429);

    expect(bytes).toBeGreaterThan(0);
    expect(server.stats()).toEqual({ requests: 8, ok: 4, notModified: 1, refused: 1, failed: 1, bytes });
    server.resetStats();
    expect(server.stats()).toEqual({ requests: 0, ok: 0, notModified: 0, refused: 0, failed: 0, bytes: 0 });
  });
});

describe('options', () => {
  it('refuses impossible settings', () => {
    expect(() => checkRemoteOptions({ failShare: 1.5 })).toThrow(RangeError);
    expect(() => checkRemoteOptions({ latencyMs: -1 })).toThrow(RangeError);
    expect(() => checkRemoteOptions({ rateLimit: 0 })).toThrow(RangeError);
    expect(() => checkRemoteOptions({ retryAfterSeconds: 0.5 })).toThrow(RangeError);
    expect(() => checkRemoteOptions({ seed: Number.NaN })).toThrow(RangeError);
    expect(() => server.setRemote({ failShare: -0.1 })).toThrow(RangeError);
    expect(() =>
      checkRemoteOptions({ latencyMs: 0, failShare: 0, rateLimit: 20, retryAfterSeconds: 2, seed: 3 }),
    ).not.toThrow();
  });
});
