/**
 * Build time: the item's picture for its share picture, fetched from the content API (never from
 * elsewhere) or read from the project, as a JPEG `data:` address cut to the frame. Never throws:
 * an unreachable, huge or broken picture gives null.
 */
import { drawPicture } from '../images/draw-picture.ts';
import { fetchImageBytes, imageOrigins, PICTURE_FETCH_LIMITS } from '../images/inline-remote.ts';

/** The item's picture as a JPEG `data:` address of `width`×`height` (cover), or null. */
export async function fetchItemPicture(
  url: string | null | undefined,
  apiOrigin: string,
  width: number,
  height: number,
): Promise<string | null> {
  if (!url) return null;
  const image = await fetchImageBytes(url, imageOrigins(apiOrigin), PICTURE_FETCH_LIMITS);
  return image ? pictureDataUri(Buffer.from(image.bytes), width, height) : null;
}

/** Any picture sharp can read (JPEG, PNG, WebP, GIF, AVIF, SVG) as a `width`×`height` JPEG `data:` address. */
export async function pictureDataUri(bytes: Buffer, width: number, height: number): Promise<string | null> {
  const jpeg = await drawPicture(bytes, { width, height, format: 'jpeg', quality: 90 });
  return jpeg && `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
