/**
 * Build time: the item's picture for its share picture, fetched from the content API (never from
 * elsewhere) or read from the project, as a JPEG `data:` address cut to the frame. Never throws:
 * an unreachable, huge or broken picture gives null.
 */
import sharp from 'sharp';
import { fetchImageBytes, imageOrigins } from '../images/inline-remote.ts';

/** Time and size limits for fetching an item's picture from the content API. */
const IMAGE_TIMEOUT_MS = 8_000;
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** The item's picture as a JPEG `data:` address of `width`×`height` (cover), or null. */
export async function fetchItemPicture(
  url: string | null | undefined,
  apiOrigin: string,
  width: number,
  height: number,
): Promise<string | null> {
  if (!url) return null;
  const image = await fetchImageBytes(url, imageOrigins(apiOrigin), {
    maxBytes: IMAGE_MAX_BYTES,
    timeoutMs: IMAGE_TIMEOUT_MS,
  });
  return image ? pictureDataUri(Buffer.from(image.bytes), width, height) : null;
}

/** Any picture sharp can read (JPEG, PNG, WebP, GIF, AVIF, SVG) as a `width`×`height` JPEG `data:` address. */
export async function pictureDataUri(bytes: Buffer, width: number, height: number): Promise<string | null> {
  try {
    // Vector pictures are drawn at the size they are shown, not drawn large and scaled down.
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    const density =
      meta.format === 'svg' && meta.width
        ? Math.min(288, Math.max(36, (72 * width) / meta.width))
        : undefined;
    const jpeg = await sharp(bytes, { limitInputPixels: 40_000_000, ...(density ? { density } : {}) })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}
