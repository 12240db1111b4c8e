/**
 * The one place where the server writes JSON: fixed content type, image paths made absolute
 * on the server's public origin, and validators so clients can revalidate with a 304.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { etagOf, isNotModified, wholeSeconds } from './conditional.ts';
import { normalizeOrigin, rewriteImages } from './rewrite-images.ts';

/** Content type of every JSON answer; the charset is explicit for Korean text. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Caches may keep answers but must ask first: the content changes whenever the folder is
 * edited and the server restarted, and a revalidation costs only a 304.
 */
export const JSON_CACHE_CONTROL = 'no-cache';

/** Writes `data` as the JSON answer of a request. */
export type SendJson = (c: Context, data: unknown, status?: ContentfulStatusCode) => Response;

/**
 * Creates the JSON writer of an app.
 *
 * @param publicUrl the origin the server is reached at from outside (behind a proxy or on a
 *   CDN); without it, the origin of each request is used, which is right for direct access.
 * @param lastModified when the served content last changed; sent (in whole seconds) as
 *   `Last-Modified` with every successful answer. Default: now.
 */
export function jsonSender(publicUrl?: string, lastModified: Date = new Date()): SendJson {
  const fixedOrigin = publicUrl === undefined ? undefined : normalizeOrigin(publicUrl);
  const modified = wholeSeconds(lastModified);
  const modifiedHeader = modified.toUTCString();
  return (c, data, status = 200) => {
    const origin = fixedOrigin ?? new URL(c.req.url).origin;
    const body = JSON.stringify(rewriteImages(data, origin));
    // Errors carry no validators: they are not a version of the resource a client could keep.
    if (status !== 200) {
      return c.body(body, status, { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': JSON_CACHE_CONTROL });
    }
    // Hashing the bytes actually sent keeps the ETag right per origin (image addresses differ).
    const etag = etagOf(body);
    const validators = { ETag: etag, 'Last-Modified': modifiedHeader, 'Cache-Control': JSON_CACHE_CONTROL };
    const request = {
      method: c.req.method,
      ifNoneMatch: c.req.header('If-None-Match'),
      ifModifiedSince: c.req.header('If-Modified-Since'),
    };
    if (isNotModified(request, { etag, lastModified: modified })) return c.body(null, 304, validators);
    return c.body(body, 200, { ...validators, 'Content-Type': JSON_CONTENT_TYPE });
  };
}
