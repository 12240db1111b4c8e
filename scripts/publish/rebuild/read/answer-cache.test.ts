// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalFetch, readAnswerRecord, writeAnswerRecord } from './answer-cache.ts';

let server: Server;
let url: string;
const seen: { inm: string | undefined; ims: string | undefined }[] = [];
let body = '{"v":1}';

beforeAll(async () => {
  server = createServer((request, response) => {
    const inm = request.headers['if-none-match'];
    const ims = request.headers['if-modified-since'];
    seen.push({ inm, ims });
    const etag = `"${body.length}-${body.charCodeAt(5)}"`;
    if (request.url === '/dated') {
      const lastModified = 'Tue, 24 Nov 2026 00:00:00 GMT';
      if (ims === lastModified) response.writeHead(304, { 'last-modified': lastModified }).end();
      else response.writeHead(200, { 'last-modified': lastModified }).end(body);
    } else if (request.url === '/plain') response.writeHead(200).end(body);
    else if (inm === etag) response.writeHead(304, { etag }).end();
    else response.writeHead(200, { etag, 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('conditionalFetch', () => {
  it('asks again with the validators of the last run and answers a 304 with the body recorded then', async () => {
    const first = conditionalFetch(fetch, {});
    expect(await (await first(`${url}/a`)).text()).toBe('{"v":1}');
    expect(seen.at(-1)?.inm).toBeUndefined();

    const second = conditionalFetch(fetch, first.answers());
    const answer = await second(`${url}/a`);
    expect(seen.at(-1)?.inm).toMatch(/^"/);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('{"v":1}');
    expect(second.notModified()).toBe(1);
    // The reused answer is kept for the run after.
    expect(second.answers()[`${url}/a`]?.body).toBe('{"v":1}');
  });

  it('takes the new body when the answer changed, and uses Last-Modified where there is no ETag', async () => {
    const first = conditionalFetch(fetch, {});
    await first(`${url}/a`);
    await first(`${url}/dated`);
    await first(`${url}/plain`);
    body = '{"v":2}';
    const second = conditionalFetch(fetch, first.answers());
    expect(await (await second(`${url}/a`)).text()).toBe('{"v":2}');
    expect((await second(`${url}/dated`)).status).toBe(200);
    expect(seen.at(-1)?.ims).toBe('Tue, 24 Nov 2026 00:00:00 GMT');
    expect(second.notModified()).toBe(1);
    // Each answer's own Last-Modified, a 304's included; none where the answer sent none.
    const third = conditionalFetch(fetch, second.answers());
    expect((await third(`${url}/dated`)).status).toBe(200);
    expect(third.notModified()).toBe(1);
    expect(third.lastModified(`${url}/dated`)).toBe('Tue, 24 Nov 2026 00:00:00 GMT');
    expect(third.lastModified(`${url}/a`)).toBeUndefined();
    // An answer without validators is never recorded (there is nothing to ask with).
    expect(first.answers()[`${url}/plain`]).toBeUndefined();
  });
});

describe('the answer record', () => {
  it('survives a write and a read, and an unreadable file is an empty record', () => {
    const dir = mkdtempSync(join(tmpdir(), 'answers-'));
    try {
      const file = join(dir, 'answers.json');
      writeAnswerRecord(file, { 'https://api/x': { etag: '"1"', body: '{}' } });
      expect(readAnswerRecord(file)).toEqual({ 'https://api/x': { etag: '"1"', body: '{}' } });
      writeFileSync(file, '{"https://api/x": {"etag": 1}');
      expect(readAnswerRecord(file)).toEqual({});
      expect(readAnswerRecord(join(dir, 'none.json'))).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
