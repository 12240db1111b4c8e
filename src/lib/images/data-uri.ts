/**
 * Small images as `data:` addresses, so the largest image at the top of a page paints with the
 * HTML instead of costing a request (a round trip on a slow phone network). Only images under
 * INLINE_IMAGE_LIMIT are inlined, the same threshold Vite uses for imported assets: beyond it
 * the HTML grows more than the request would cost.
 */
import svgToTinyDataUri from 'mini-svg-data-uri';

/** Largest image, in bytes, that is inlined. */
export const INLINE_IMAGE_LIMIT = 4096;

const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif']);

/** An SVG document as the shortest `data:` address (percent-encoded text, not base64). */
export function svgDataUri(svg: string): string {
  // mini-svg-data-uri turns the `"` around attribute values into `'`; a `'` already inside such
  // a value (font-family="Pretendard, 'Noto Sans KR'") must then become an entity.
  const text = svg
    .trim()
    .replace(/="([^"]*)"/g, (_, value: string) => `="${value.replaceAll("'", '&apos;')}"`);
  // In HTML the address sits in attributes (an <img src>, an island's props) where `'` is
  // written as a five- or six-character entity, differently by each writer; `%27` is shorter and
  // the same everywhere, so the copy in the island's props compresses to almost nothing.
  // The default export leaves spaces raw (browsers tolerate them), but a URL may not contain
  // one: the HTML checker rejects such an `src`/`href`, and a space ends a `srcset` candidate.
  // `toSrcset` is the same encoding with spaces as `%20`.
  return svgToTinyDataUri.toSrcset(text).replaceAll("'", '%27');
}

/**
 * Image bytes as a `data:` address, or null when they should stay a separate request: too
 * large, or not an image type the site shows. The content type is the server's (parameters
 * such as `charset` are ignored).
 */
export function imageDataUri(
  bytes: Uint8Array,
  contentType: string,
  limit = INLINE_IMAGE_LIMIT,
): string | null {
  if (bytes.byteLength === 0 || bytes.byteLength > limit) return null;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'image/svg+xml') return svgDataUri(new TextDecoder().decode(bytes));
  if (RASTER_TYPES.has(type)) return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
  return null;
}
