/**
 * Every key page's document arrives in the first round trip of a new connection: its compressed
 * HTML and the response headers our server sends with it (the `_headers` rules, as a CDN sends
 * them; the home's early hint included) fit the initial TCP window, 10 segments of 1,460 bytes
 * (`budgets.documentBytes`). Headers are weighed as HTTP/2 sends them (HPACK: support/h2-headers.ts),
 * the protocol browsers use with every host we deploy to; the local server speaks HTTP/1.1, whose
 * plain-text headers would count the home's hero preload (`Link`) three times over. The next
 * feature that adds to every page's HTML fails here rather than in a bench nobody ran. The pages
 * are the bench's (scripts/bench.ts), fetched as a browser would (brotli).
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { budgets } from '../../scripts/lib/perf-budgets.ts';
import { test, expect } from './support/test.ts';
import { detailIds } from './support/built-site.ts';
import { http2HeaderBytes } from './support/h2-headers.ts';

interface Answer {
  headers: IncomingHttpHeaders;
  /** The early hint's headers (103), when the server sent one. */
  early: IncomingHttpHeaders | undefined;
  body: number;
}

/** A page as the server answers it: its headers, an early hint's, and the encoded body's bytes. */
function fetchPage(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let early: IncomingHttpHeaders | undefined;
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let body = 0;
      res.on('data', (chunk: Buffer) => (body += chunk.length));
      res.on('end', () => resolve({ headers: res.headers, early, body }));
      res.on('error', reject);
    });
    req.on('information', (info) => {
      if (info.statusCode === 103) early = info.headers;
    });
    req.on('error', reject);
    req.end();
  });
}

const limit = budgets.documentBytes;
const pages = [
  '/',
  '/newsRoom',
  '/hrcontents',
  '/faq',
  '/soft-skill',
  `/info/blog/${detailIds('info/blog')[0]!}`,
];

for (const path of pages) {
  test(`${path}: 압축한 문서와 응답 헤더가 첫 왕복(${limit}바이트) 안에 온다`, async ({ baseURL }) => {
    test.skip(test.info().project.name !== 'desktop', '문서 크기는 화면 폭과 상관없습니다.');
    const answer = await fetchPage(new URL(path, baseURL).toString());
    expect(answer.headers['content-encoding']).toBe('br');
    const size = { headers: await http2HeaderBytes(answer.headers, answer.early), body: answer.body };
    test.info().annotations.push({
      type: 'document',
      description: `${path}: 헤더(HTTP/2) ${size.headers} + 본문 ${size.body} = ${size.headers + size.body}바이트`,
    });
    expect(size.headers + size.body).toBeLessThanOrEqual(limit);
  });
}
