// @vitest-environment node
/**
 * The Worker's answers to requests that match no static asset (scripts/publish/cloudflare/handler.ts),
 * with the site's own `_headers` rules and a stand-in for the `ASSETS` binding. The same answers
 * through a real `wrangler dev`: wrangler-dev.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../scripts/publish/lib/headers-file.ts';
import {
  answerMiss,
  HASHED_MISS_BODY,
  isHashedPath,
  NOT_FOUND_PAGE,
  type AssetsFetcher,
} from '../../scripts/publish/cloudflare/handler.ts';
import { expectSecurityHeaders, siteRules } from './site-headers.ts';

const PAGE = '<!doctype html><html lang="ko"><title>페이지를 찾을 수 없습니다</title></html>';

/** The asset server as the Worker sees it: `/404` is the 404 page (200, as for any page). */
function assets(options: { notFoundPage?: boolean } = {}): AssetsFetcher & { requests: Request[] } {
  const requests: Request[] = [];
  return {
    requests,
    fetch(request) {
      requests.push(request);
      if (new URL(request.url).pathname === NOT_FOUND_PAGE && options.notFoundPage !== false) {
        return Promise.resolve(
          new Response(PAGE, {
            headers: {
              'Content-Type': 'text/html; charset=utf-8',
              ETag: '"abc"',
              'Cache-Control': 'public, max-age=300',
            },
          }),
        );
      }
      return Promise.resolve(new Response(null, { status: 404 }));
    },
  };
}

const get = (path: string, method = 'GET') =>
  new Request(`https://www.insighthire.example${path}`, { method });

describe('isHashedPath', () => {
  it('follows the immutable rules of _headers', () => {
    expect(isHashedPath(siteRules, '/_astro/FaqList.HhUVPIej.js')).toBe(true);
    expect(isHashedPath(siteRules, '/fonts/pretendard-80cd29ffea.css')).toBe(true);
    expect(isHashedPath(siteRules, '/faq')).toBe(false);
    expect(isHashedPath(siteRules, '/_astronomy')).toBe(false);
    expect(isHashedPath(siteRules, '/')).toBe(false);
  });
});

describe('answerMiss', () => {
  it('answers a missing hashed file with a plain 404 that is never stored', async () => {
    for (const path of ['/_astro/x.js', '/fonts/gone.woff2', '/%5Fastro/x.js']) {
      const binding = assets();
      const res = await answerMiss(get(path), binding, siteRules);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
      expect(await res.text(), path).toBe(HASHED_MISS_BODY);
      expectSecurityHeaders(res.headers, path);
      expect(binding.requests, 'the 404 page is not even read').toHaveLength(0);
    }
  });

  it("answers another miss with the site's 404 page, status 404 and the 404 page's own headers", async () => {
    const binding = assets();
    const res = await answerMiss(get('/info/blog/no-such-story?x=1'), binding, siteRules);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(PAGE);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('etag'), 'the ETag of /404 (a 200 page) is not passed on').toBeNull();
    expect(res.headers.get('cache-control')).toBe(headersFor(siteRules, '/404.html')['Cache-Control']);
    expectSecurityHeaders(res.headers, '404 page');
    expect(binding.requests.map((request) => [request.method, request.url])).toEqual([
      ['GET', `https://www.insighthire.example${NOT_FOUND_PAGE}`],
    ]);
  });

  it('answers HEAD like GET, without a body', async () => {
    const page = await answerMiss(get('/nope', 'HEAD'), assets(), siteRules);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe('');
    const hashed = await answerMiss(get('/_astro/x.js', 'HEAD'), assets(), siteRules);
    expect([hashed.status, hashed.headers.get('cache-control'), await hashed.text()]).toEqual([
      404,
      'no-store',
      '',
    ]);
  });

  it('refuses other methods with 405, as the asset server does', async () => {
    const res = await answerMiss(get('/nope', 'POST'), assets(), siteRules);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(res.headers, '405');
  });

  it('still answers 404 (plain, not stored) when the release has no 404 page', async () => {
    const res = await answerMiss(get('/nope'), assets({ notFoundPage: false }), siteRules);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(HASHED_MISS_BODY);
    expectSecurityHeaders(res.headers, 'no 404 page');
  });
});
