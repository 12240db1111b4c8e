import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.ts';
import { RedirectError, RetryAfterTooLongError } from './polite-fetch.ts';

const validList = { objects: [], paging: { page_size: 0, start_page: 1, end_page: 1 } };

/** What the test server answers for a `term`: status and JSON body; any other term gets `validList`. */
const answers: Readonly<Record<string, readonly [number, string]>> = {
  e500: [500, '{"error":"boom"}'],
  e404: [404, '{"error":"없음"}'],
  malformed: [200, '{"objects": ['],
  shape: [200, '{"objects": "nope"}'],
};

/** A test server whose answer depends on the `term` query: the failure to produce. */
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const term = new URL(req.url ?? '/', 'http://x').searchParams.get('term') ?? '';
    const [status, body] = answers[term] ?? [200, JSON.stringify(validList)];
    const answer = () => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    if (term === 'slow') setTimeout(answer, 2_000);
    else answer();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const call = (term: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
  createApiClient({ baseUrl, timeoutMs: options.timeoutMs ?? 5_000 })(
    'newsSearch',
    { page: 1, term },
    options,
  );

async function expectFailure(promise: ReturnType<typeof call>, kind: ApiError['kind'], message: RegExp) {
  const result = await promise;
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error).toBeInstanceOf(ApiError);
  expect(result.error.kind).toBe(kind);
  expect(result.error.message).toMatch(message);
}

describe('content API client', () => {
  it('returns validated data on success', async () => {
    const result = await call('');
    expect(result).toEqual({ ok: true, data: validList });
  });

  it('sends only the endpoint’s own query parameters', async () => {
    let seen = '';
    const client = createApiClient({
      baseUrl: 'https://api.example.com/v1',
      fetch: async (input) => {
        seen = String(input);
        return new Response(JSON.stringify(validList));
      },
    });
    await client('hrStoryTags', { page: 2, topic_id: 3, name: '채용', term: 'ignored' });
    expect(seen).toBe('https://api.example.com/v1/hrcontents/tags?page=2&topic_id=3&name=%EC%B1%84%EC%9A%A9');
  });

  it('times out with a Korean message', () =>
    expectFailure(call('slow', { timeoutMs: 200 }), 'timeout', /응답이 지연/));

  it('reports an HTTP 500 with its status', async () => {
    await expectFailure(call('e500'), 'http', /불러오지 못했습니다.*500/);
  });

  it.each([
    [
      'a Retry-After longer than the reader waits',
      new RetryAfterTooLongError('https://api.example/news', 503, 3_600_000, 30_000),
      /3600초/,
    ],
    [
      'a redirect to another origin',
      new RedirectError('https://api.example/news', 'https://elsewhere.example/'),
      /다른 출처/,
    ],
  ])('reports %s as an HTTP failure with its reason, not as offline', async (_, refusal, reason) => {
    const client = createApiClient({
      baseUrl: 'https://api.example',
      fetch: async () => {
        throw refusal;
      },
    });
    const result = await client('newsSearch', { page: 1, term: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('http');
    expect(result.error.detail).toMatch(reason);
  });

  it('reports a 404 as not found', () => expectFailure(call('e404'), 'not-found', /찾을 수 없습니다/));

  it('reports malformed JSON as an invalid payload', () =>
    expectFailure(call('malformed'), 'invalid', /형식이 올바르지 않습니다/));

  it('reports a response of the wrong shape as an invalid payload', () =>
    expectFailure(call('shape'), 'invalid', /형식이 올바르지 않습니다/));

  it('reports an aborted call as aborted, not as a failure of the server', async () => {
    const controller = new AbortController();
    const pending = call('slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expectFailure(pending, 'aborted', /취소/);
  });

  it('works, and still aborts, in a browser without AbortSignal.any (Safari before 17.4)', async () => {
    const any = AbortSignal.any;
    // @ts-expect-error: removed on purpose, as in older Safari.
    delete AbortSignal.any;
    try {
      const controller = new AbortController();
      expect((await call('', { signal: controller.signal })).ok).toBe(true);
      const pending = call('slow', { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expectFailure(pending, 'aborted', /취소/);
    } finally {
      AbortSignal.any = any;
    }
  });

  it('reports an unreachable host as offline', () =>
    expectFailure(
      createApiClient({ baseUrl: 'http://127.0.0.1:9' })('newsSearch', { page: 1, term: '' }),
      'offline',
      /네트워크에 연결할 수 없습니다/,
    ));
});
