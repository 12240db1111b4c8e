/**
 * Turns the content files' image paths (`/images/x.svg`) into absolute addresses on the
 * server's public origin. The site runs on another origin than the API, so a relative path
 * would point at the site instead of the server that holds the image.
 */

/** Fields that hold one image address. */
const IMAGE_FIELDS = new Set(['featured_image', 'thumb', 'logo', 'img']);
/** Fields that hold HTML whose `<img src>` may point at `/images/`. */
const HTML_FIELDS = new Set(['content', 'post_body']);

const IMAGE_PREFIX = '/images/';
// `src="/images/` or `src='/images/`, with optional spaces around `=`.
const HTML_IMAGE_SRC = /(\ssrc\s*=\s*)(["'])\/images\//gi;

/**
 * Returns a copy of a JSON value in which image fields starting with `/images/` and
 * `src="/images/..."` attributes in HTML fields are prefixed with `origin`. The input is not
 * modified (it is the server's shared, loaded content).
 *
 * @param origin absolute origin without a trailing slash, e.g. `http://127.0.0.1:8787`
 */
export function rewriteImages(value: unknown, origin: string): unknown {
  return rewrite(value, undefined, origin);
}

function rewrite(value: unknown, key: string | undefined, origin: string): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && IMAGE_FIELDS.has(key) && value.startsWith(IMAGE_PREFIX)) return origin + value;
    if (key !== undefined && HTML_FIELDS.has(key)) {
      return value.replace(
        HTML_IMAGE_SRC,
        (_match, attr: string, quote: string) => `${attr}${quote}${origin}${IMAGE_PREFIX}`,
      );
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => rewrite(item, undefined, origin));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, rewrite(inner, name, origin)]),
    );
  }
  return value;
}

/** `https://cdn.example/api/` → `https://cdn.example/api`: a base that paths are appended to. */
export function normalizeOrigin(url: string): string {
  return url.replace(/\/+$/, '');
}
