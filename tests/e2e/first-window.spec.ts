/**
 * Every page's document arrives in the first round trip of a new connection: its compressed
 * HTML and the response headers it comes with (the `_headers` rules, as a CDN sends them; the
 * home's early hint included) fit the initial TCP window, 10 segments of 1,460 bytes
 * (`budgets.documentBytes`). Weighed as the browser counts them (the document's
 * `encodedDataLength`, which Lighthouse's simulation reads as its transfer size) over HTTPS and
 * HTTP/2, the protocol browsers use with every host we deploy to: the built site served by our
 * own server over TLS (`serveStatic` with a throwaway certificate), each page on a connection of
 * its own. The next feature that adds to every page's HTML fails here rather than in a bench
 * nobody ran. Every page of the build, not only the bench's key pages: the longest (the white
 * paper, the pages with a banner slider above their list) are the first to cross the line.
 * Fetched as a browser does (brotli).
 */
import { budgets } from '../../scripts/lib/perf-budgets.ts';
import { selfSignedCert } from '../../scripts/lib/self-signed-cert.ts';
import { serveStatic, type StaticServer } from '../../scripts/lib/static-server.ts';
import type { Browser } from '@playwright/test';
import { test, expect } from './support/test.ts';
import { builtPages, distDir } from './support/built-site.ts';

const limit = budgets.documentBytes;

/** The document's bytes as the browser received them over a new HTTP/2 connection, compressed. */
async function documentBytes(browser: Browser, url: string): Promise<number> {
  // A context of its own: a new connection, whose header compression starts empty.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let documentId: string | undefined;
    let protocol: string | undefined;
    let encoding: string | undefined;
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type !== 'Document' || documentId) return;
      documentId = requestId;
      protocol = response.protocol;
      encoding = Object.entries(response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      )?.[1];
    });
    const finished = new Promise<number>((resolve) => {
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        if (requestId === documentId) resolve(encodedDataLength);
      });
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const bytes = await finished;
    expect(protocol, url).toBe('h2');
    expect(encoding, url).toBe('br');
    return bytes;
  } finally {
    await context.close();
  }
}

test.describe('첫 왕복', () => {
  let server: StaticServer | undefined;
  test.beforeAll(async ({}, info) => {
    test.skip(info.project.name !== 'desktop', '문서 크기는 화면 폭과 상관없습니다.');
    server = await serveStatic(distDir, 0, '127.0.0.1', selfSignedCert());
  });
  test.afterAll(() => server?.close());

  test(`모든 페이지: 압축한 문서와 응답 헤더가 첫 왕복(${limit}바이트) 안에 온다`, async ({ browser }) => {
    test.setTimeout(120_000);
    const weighed: { path: string; bytes: number }[] = [];
    for (const { path } of builtPages()) {
      weighed.push({ path, bytes: await documentBytes(browser, `${server!.url}${path}`) });
    }
    const largest = [...weighed].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
    for (const { path, bytes } of largest)
      test.info().annotations.push({ type: 'document', description: `${path}: HTTP/2 ${bytes}바이트` });
    expect(weighed.length).toBeGreaterThan(20);
    expect(weighed.filter(({ bytes }) => bytes > limit).map(({ path, bytes }) => `${path} ${bytes}`)).toEqual(
      [],
    );
  });
});
