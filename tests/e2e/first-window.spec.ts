/**
 * Every key page's document arrives in the first round trip of a new connection: its compressed
 * HTML and the response headers our server sends with it (the `_headers` rules, as a CDN sends
 * them) fit the initial TCP window, 10 segments of 1,460 bytes (`budgets.documentBytes`). The
 * next feature that adds to every page's HTML fails here rather than in a bench nobody ran.
 * The pages are the bench's (scripts/bench.ts), fetched as a browser would (brotli).
 */
import { request } from 'node:http';
import { budgets } from '../../scripts/lib/perf-budgets.ts';
import { test, expect } from './support/test.ts';
import { detailIds } from './support/built-site.ts';

/** Bytes on the wire of a response: the status line and headers as sent, and the encoded body. */
function wireSize(url: string): Promise<{ headers: number; body: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let headers = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`;
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        headers += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`;
      let body = 0;
      res.on('data', (chunk: Buffer) => (body += chunk.length));
      res.on('end', () =>
        resolve({
          headers: Buffer.byteLength(`${headers}\r\n`),
          body,
          encoding: res.headers['content-encoding'],
        }),
      );
      res.on('error', reject);
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
    const size = await wireSize(new URL(path, baseURL).toString());
    expect(size.encoding).toBe('br');
    test.info().annotations.push({
      type: 'document',
      description: `${path}: 헤더 ${size.headers} + 본문 ${size.body} = ${size.headers + size.body}바이트`,
    });
    expect(size.headers + size.body).toBeLessThanOrEqual(limit);
  });
}
