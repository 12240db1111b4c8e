/**
 * What the site's Cloudflare Worker answers. Workers static assets serve every file of the
 * site themselves (with `_headers`); `wrangler.jsonc` sets `not_found_handling: "none"` and no
 * `run_worker_first`, so this code runs only for a request that matches no asset.
 *
 * Why a Worker at all: the asset server's own 404 page would carry the `_headers` rules of the
 * missing address, so a miss under `/_astro/` would be answered with
 * `Cache-Control: public, max-age=31536000, immutable` and kept by browsers and caches for a year
 * (checked with `wrangler dev`, shared/edge-facts.md). Here:
 *
 * - a miss under a hashed path (one `_headers` marks `immutable`) gets a short plain-text 404
 *   with `Cache-Control: no-store`: a script tag of an old page must not cache an HTML page;
 * - any other miss gets the site's 404 page, status 404, with the headers `_headers` gives the
 *   404 page itself (as `npm start`'s server does, scripts/lib/static-server.ts);
 * - methods other than GET and HEAD get 405, as the asset server answers them.
 *
 * Responses made by a Worker get no `_headers` rules on Cloudflare, so every answer here carries
 * the site's security headers, taken from the same parsed `_headers` (never a copy of them).
 */
import { headersFor, type HeaderRule } from '../lib/headers-file.ts';

/** The `ASSETS` binding of Workers static assets (only the part used here). */
export interface AssetsFetcher {
  fetch(request: Request): Promise<Response>;
}

/**
 * Where the asset server serves `404.html`: with `html_handling: "drop-trailing-slash"` the
 * `.html` address itself answers with a redirect to this one.
 */
export const NOT_FOUND_PAGE = '/404';

/** The path whose `_headers` rules the 404 page carries (the file's own address). */
const NOT_FOUND_FILE = '/404.html';

export const HASHED_MISS_BODY = 'Not found\n';

/** A header of a `headersFor` result, by name in any case. */
function header(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

/**
 * A path under a hashed folder: `_headers` lets it be cached for good (`immutable`). Derived from
 * the rules so that a new hashed folder in `_headers` is covered here without a second list.
 */
export function isHashedPath(rules: HeaderRule[], pathname: string): boolean {
  return /(^|[,\s])immutable($|[,\s])/i.test(header(headersFor(rules, pathname), 'Cache-Control') ?? '');
}

/** The request path as the asset server matched it (decoded), or as sent when it is not valid. */
function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/** `_headers` for `pathname`, with `Cache-Control: no-store` in place of its caching rule. */
function uncachedHeaders(rules: HeaderRule[], pathname: string): Headers {
  const headers = new Headers(headersFor(rules, pathname));
  headers.set('Cache-Control', 'no-store');
  return headers;
}

function plainText(status: number, body: string, headers: Headers, head: boolean): Response {
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  return new Response(head ? null : body, { status, headers });
}

/** The answer to a request that matched no static asset. */
export async function answerMiss(
  request: Request,
  assets: AssetsFetcher,
  rules: HeaderRule[],
): Promise<Response> {
  const url = new URL(request.url);
  const pathname = decodedPath(url);
  const head = request.method === 'HEAD';

  if (request.method !== 'GET' && !head) {
    const headers = uncachedHeaders(rules, pathname);
    headers.set('Allow', 'GET, HEAD');
    return plainText(405, 'Method not allowed\n', headers, false);
  }

  if (isHashedPath(rules, pathname)) {
    return plainText(404, HASHED_MISS_BODY, uncachedHeaders(rules, pathname), head);
  }

  const page = await assets.fetch(new Request(new URL(NOT_FOUND_PAGE, url), { method: 'GET' }));
  if (page.status !== 200) {
    // No 404 page in this release (or the asset server failed): still a 404, never its answer.
    await page.body?.cancel();
    return plainText(404, HASHED_MISS_BODY, uncachedHeaders(rules, pathname), head);
  }
  // Fresh headers rather than the asset's: its ETag and caching belong to `/404`, a page
  // that answers 200 (and on Cloudflare a binding's answer may or may not carry `_headers`).
  const headers = new Headers(headersFor(rules, NOT_FOUND_FILE));
  headers.set('Content-Type', page.headers.get('Content-Type') ?? 'text/html; charset=utf-8');
  if (head) await page.body?.cancel();
  return new Response(head ? null : page.body, { status: 404, headers });
}
