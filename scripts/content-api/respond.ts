/**
 * The one place where the server writes JSON: fixed content type, image paths made absolute
 * on the server's public origin.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { normalizeOrigin, rewriteImages } from './rewrite-images.ts';

/** Content type of every JSON answer; the charset is explicit for Korean text. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Writes `data` as the JSON answer of a request. */
export type SendJson = (c: Context, data: unknown, status?: ContentfulStatusCode) => Response;

/**
 * Creates the JSON writer of an app.
 *
 * @param publicUrl the origin the server is reached at from outside (behind a proxy or on a
 *   CDN); without it, the origin of each request is used, which is right for direct access.
 */
export function jsonSender(publicUrl?: string): SendJson {
  const fixedOrigin = publicUrl === undefined ? undefined : normalizeOrigin(publicUrl);
  return (c, data, status = 200) => {
    const origin = fixedOrigin ?? new URL(c.req.url).origin;
    return c.body(JSON.stringify(rewriteImages(data, origin)), status, { 'Content-Type': JSON_CONTENT_TYPE });
  };
}
