// @vitest-environment node
/**
 * `npm run purge` against a local stand-in for Cloudflare's purge-cache API that checks every
 * request: method, path, token, JSON body, batch sizes and the encoding of Korean addresses;
 * answers of 429 (with Retry-After), 500, 403 and time-outs along the way; a storm of 429s ended
 * by the run's deadline, what it left in the output folder's pending-purge.json sent first next.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgeCache, PurgeError } from '../../scripts/publish/cdn-purge/cloudflare.ts';
import { startPurgeApi, type PurgeApiStandIn } from './purge-api.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ZONE = '0123456789abcdef0123456789abcdef';
const TOKEN = 'stand-in-token-7f3a9c-never-printed';
const SITE = 'https://www.insighthire.example';
const ENDPOINT = `/client/v4/zones/${ZONE}/purge_cache`;
/** `인사이트` as a browser requests it. */
const INSIGHT = '%EC%9D%B8%EC%82%AC%EC%9D%B4%ED%8A%B8';

let release: string;
let api: PurgeApiStandIn;

const pages = [
  '/',
  '/faq',
  ...Array.from({ length: 18 }, (_, i) => `/info/blog/인사이트-${String(i + 1).padStart(2, '0')}`),
];
const files = ['/rss.xml', '/sitemap-0.xml', '/og/info/blog/인사이트-01.jpg'];
const removed = ['/info/blog/인사이트-old'];

/** The addresses the release's routes must come to, written out independently of the module. */
const expected = [
  `${SITE}/`,
  `${SITE}/faq`,
  `${SITE}/faq/`,
  ...Array.from({ length: 18 }, (_, i) => `/info/blog/${INSIGHT}-${String(i + 1).padStart(2, '0')}`).flatMap(
    (path) => [`${SITE}${path}`, `${SITE}${path}/`],
  ),
  `${SITE}/rss.xml`,
  `${SITE}/sitemap-0.xml`,
  `${SITE}/og/info/blog/${INSIGHT}-01.jpg`,
  `${SITE}/info/blog/${INSIGHT}-old`,
  `${SITE}/info/blog/${INSIGHT}-old/`,
];

beforeAll(() => {
  release = mkdtempSync(join(tmpdir(), 'purge-release-'));
  for (const route of [...pages.filter((p) => p !== '/'), ...files]) {
    const file = files.includes(route) ? join(release, route) : join(release, route, 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'x');
  }
  writeFileSync(join(release, 'index.html'), 'x');
  writeFileSync(
    join(release, 'changed-routes.json'),
    JSON.stringify({
      added: pages.slice(10),
      changed: [...pages.slice(0, 10), ...files],
      removed,
      warnings: [],
    }),
  );
});
afterAll(() => rmSync(release, { recursive: true, force: true }));
beforeEach(async () => {
  api = await startPurgeApi();
});
afterEach(() => api.close());

/** Runs the purge script (through `npm run purge` with `viaNpm`) against the stand-in. */
async function purgeCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const viaNpm = args[0] === 'npm';
  const command = viaNpm
    ? ['npm', ['run', '--silent', 'purge', '--', ...args.slice(1)]]
    : [process.execPath, ['scripts/publish/cdn-purge.ts', ...args]];
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command[0] as string, command[1] as string[], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SITE_URL: SITE,
        CLOUDFLARE_ZONE_ID: ZONE,
        CLOUDFLARE_PURGE_TOKEN: TOKEN,
        CLOUDFLARE_API_BASE: api.url,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
  // Whatever happened, the token is in no line of the output.
  expect(result.stdout + result.stderr).not.toContain(TOKEN);
  return result;
}

/** Every request is the API's purge call, with the token and a JSON body. */
function expectPurgeCalls() {
  for (const request of api.requests) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe(ENDPOINT);
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');
  }
}

describe('npm run purge against a stand-in of the Cloudflare API', () => {
  it('purges every changed, added and removed route, both forms of a page, in batches of 30, Korean percent-encoded', async () => {
    const { code, stdout } = await purgeCli('--release', release);
    expect(code).toBe(0);
    expectPurgeCalls();
    const batches = api.requests.map((request) => request.body as { files: string[] });
    for (const body of batches) expect(Object.keys(body)).toEqual(['files']);
    expect(batches.map((body) => body.files.length)).toEqual([30, expected.length - 30]);
    const sent = batches.flatMap((body) => body.files);
    expect(sent.toSorted()).toEqual(expected.toSorted());
    for (const url of sent) {
      expect(url).toMatch(/^[\x21-\x7e]+$/);
      expect(new URL(url).href).toBe(url);
    }
    expect(stdout).toContain('묶음 1/2: 주소 30개 퍼지 완료');
    expect(stdout).toContain(`묶음 2/2: 주소 ${expected.length - 30}개 퍼지 완료`);
  });

  it('takes another batch size', async () => {
    expect((await purgeCli('--release', release, '--batch', '20')).code).toBe(0);
    expect(api.requests.map((r) => (r.body as { files: string[] }).files.length)).toEqual([
      20,
      20,
      expected.length - 40,
    ]);
  });

  it('purges everything in one call with npm run purge -- --everything', async () => {
    const { code, stdout } = await purgeCli('npm', '--everything');
    expect(code).toBe(0);
    expectPurgeCalls();
    expect(api.requests.map((request) => request.body)).toEqual([{ purge_everything: true }]);
    expect(stdout).toContain('전체 캐시 퍼지 완료');
  });

  it('waits for a 429 its Retry-After, retries a 500, and still purges every batch', async () => {
    api.answers.push({ status: 429, headers: { 'retry-after': '1' } }, { status: 500 });
    const { code } = await purgeCli('--release', release);
    expect(code).toBe(0);
    expectPurgeCalls();
    expect(api.requests).toHaveLength(4);
    expect(api.requests[1]!.at - api.requests[0]!.at).toBeGreaterThanOrEqual(950);
    // The same batch was sent again, then the next one.
    expect(api.requests[1]!.body).toEqual(api.requests[0]!.body);
    expect(api.requests[2]!.body).toEqual(api.requests[0]!.body);
    expect((api.requests[3]!.body as { files: string[] }).files).toHaveLength(expected.length - 30);
  });

  it('fails in Korean, exit 1, at a refused token, without retrying it or sending the other batches', async () => {
    api.answers.push({
      status: 403,
      body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] },
    });
    const { code, stderr } = await purgeCli('--release', release);
    expect(code).toBe(1);
    expect(api.requests).toHaveLength(1);
    expect(stderr).toContain('CDN 퍼지 실패 (묶음 1/2, 주소 30개): HTTP 403 (10000 Authentication error)');
    expect(stderr).toContain('Zone.Cache Purge');
  });

  it('fails when the API answers 200 without success', async () => {
    api.answers.push({ status: 200, body: { success: false, errors: [{ code: 1, message: 'no' }] } });
    expect((await purgeCli('--everything')).code).toBe(1);
  });

  it('ends a storm of 429s by --deadline (exit 1), leaves every route pending, and the next run sends them first', async () => {
    const out = mkdtempSync(join(tmpdir(), 'purge-out-'));
    const next = mkdtempSync(join(tmpdir(), 'purge-next-'));
    try {
      api.answers.push(...Array(200).fill({ status: 429, headers: { 'retry-after': '1' } }));
      const started = performance.now();
      const stormy = await purgeCli('--release', release, '--out', out, '--deadline', '3s');
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(stormy.code).toBe(1);
      expect(stormy.stderr).toContain('퍼지 제한 시간(3초)이 지났습니다');
      expect(stormy.stderr).toContain(`퍼지하지 못한 것을 ${out}/pending-purge.json 에 남겼습니다`);
      const pending = JSON.parse(readFileSync(join(out, 'pending-purge.json'), 'utf8')) as {
        routes: string[];
      };
      expect(pending.routes).toHaveLength(pages.length + files.length + removed.length);

      // The API answers again; the next release changed one page, sent after what was left.
      api.answers.length = 0;
      api.requests.length = 0;
      // It still has the feeds and the picture as files (a route it cannot tell about gets both forms).
      for (const file of files) {
        mkdirSync(dirname(join(next, file)), { recursive: true });
        writeFileSync(join(next, file), 'x');
      }
      writeFileSync(
        join(next, 'changed-routes.json'),
        JSON.stringify({ added: [], changed: ['/contact'], removed: [], warnings: [] }),
      );
      const { code, stdout } = await purgeCli('--release', next, '--out', out);
      expect(code).toBe(0);
      expect(stdout).toContain(`지난 퍼지가 끝내지 못한 경로 ${pending.routes.length}개`);
      const sent = api.requests.flatMap((request) => (request.body as { files: string[] }).files);
      expect(sent.slice(0, expected.length).toSorted()).toEqual(expected.toSorted());
      expect(sent.slice(expected.length)).toEqual([`${SITE}/contact`, `${SITE}/contact/`]);
      expect(JSON.parse(readFileSync(join(out, 'pending-purge.json'), 'utf8'))).toMatchObject({
        everything: false,
        routes: [],
      });
    } finally {
      rmSync(out, { recursive: true, force: true });
      rmSync(next, { recursive: true, force: true });
    }
  });

  it('refuses a token on the command line, naming the variable but not the value', async () => {
    const { code, stderr } = await purgeCli('--everything', `--token=${TOKEN}`);
    expect(code).toBe(2);
    expect(stderr).toContain('CLOUDFLARE_PURGE_TOKEN');
    expect(api.requests).toHaveLength(0);
  });
});

describe('purgeCache', () => {
  const quick = { minDelayMs: 10, maxDelayMs: 50, timeoutMs: 300 };
  const bodies = [{ files: [`${SITE}/a`] }, { files: [`${SITE}/b`] }];

  it('retries an attempt that got no answer in time', async () => {
    api.answers.push({ status: 0, hang: true });
    const lines: string[] = [];
    await purgeCache({
      api: api.url,
      zoneId: ZONE,
      token: TOKEN,
      bodies,
      log: (l) => lines.push(l),
      fetchOptions: quick,
    });
    expect(api.requests.map((r) => r.body)).toEqual([bodies[0], bodies[0], bodies[1]]);
    expect(lines).toEqual(['묶음 1/2: 주소 1개 퍼지 완료', '묶음 2/2: 주소 1개 퍼지 완료']);
  });

  it('gives up after its retries of a failing API, saying what was purged before', async () => {
    api.answers.push({ status: 200, body: { success: true } }, ...Array(10).fill({ status: 502 }));
    const failure = purgeCache({
      api: api.url,
      zoneId: ZONE,
      token: TOKEN,
      bodies,
      log: () => {},
      fetchOptions: quick,
    });
    await expect(failure).rejects.toThrow(PurgeError);
    await expect(failure).rejects.toThrow(
      'CDN 퍼지 실패 (묶음 2/2, 주소 1개): HTTP 502. 앞의 묶음 1개(주소 1개)는 퍼지되었습니다.',
    );
    // One call for the first batch, then the second's first attempt and its 4 retries.
    expect(api.requests).toHaveLength(6);
  });

  it('names a Cloudflare API that cannot be reached, or never answers', async () => {
    const closed = await startPurgeApi();
    await closed.close();
    await expect(
      purgeCache({ api: closed.url, zoneId: ZONE, token: TOKEN, bodies, log: () => {}, fetchOptions: quick }),
    ).rejects.toThrow(
      /^CDN 퍼지 실패 \(묶음 1\/2, 주소 1개\): Cloudflare API에 연결할 수 없습니다 .*아무것도 퍼지되지 않았습니다\.$/,
    );
    api.answers.push(...Array(5).fill({ status: 0, hang: true }));
    await expect(
      purgeCache({ api: api.url, zoneId: ZONE, token: TOKEN, bodies, log: () => {}, fetchOptions: quick }),
    ).rejects.toThrow('CDN 퍼지 실패 (묶음 1/2, 주소 1개): Cloudflare API가 응답하지 않습니다.');
    expect(api.requests).toHaveLength(5);
  });
});
