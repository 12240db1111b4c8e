/**
 * Build time: the item's picture for its share picture, fetched from the content API (never from
 * elsewhere) or read from the project, as a JPEG `data:` address cut to the frame. Never throws:
 * an unreachable, huge, broken or too slow picture gives null (the card is drawn without it).
 *
 * What a picture may cost to draw (an SVG's effects, the time) is decided in
 * src/lib/images/svg-guard.ts, the same for the list cards' pictures.
 */
import { allowedImageOrigins, fetchImageBytes, PICTURE_FETCH_LIMITS } from '../images/fetch-image.ts';
import {
  drawWithinLimits,
  PICTURE_DRAW_LIMITS,
  warnPicture,
  type PictureDrawLimits,
} from '../images/svg-guard.ts';

// Re-exported: the share pictures and their tests have always taken them from here.
export {
  isSvg,
  PICTURE_DRAW_LIMITS,
  svgProblem,
  type PictureDrawLimits,
  type PictureProblem,
} from '../images/svg-guard.ts';

/** The item's picture as a JPEG `data:` address of `width`×`height` (cover), or null. */
export async function fetchItemPicture(
  url: string | null | undefined,
  apiOrigin: string,
  width: number,
  height: number,
  limits: PictureDrawLimits = PICTURE_DRAW_LIMITS,
): Promise<string | null> {
  if (!url) return null;
  const image = await fetchImageBytes(url, allowedImageOrigins(apiOrigin), PICTURE_FETCH_LIMITS);
  return image ? pictureDataUri(Buffer.from(image.bytes), width, height, limits, url) : null;
}

/**
 * Any picture sharp can read (JPEG, PNG, WebP, GIF, AVIF, SVG) as a `width`×`height` JPEG `data:`
 * address, or null. A picture refused for its cost is named in a warning (`source`: where it came
 * from; a file of the project when not said).
 */
export async function pictureDataUri(
  bytes: Buffer,
  width: number,
  height: number,
  limits: PictureDrawLimits = PICTURE_DRAW_LIMITS,
  source?: string,
): Promise<string | null> {
  const drawn = await drawWithinLimits(bytes, { width, height, format: 'jpeg', quality: 90 }, limits);
  if (typeof drawn === 'string') {
    // One line in the build's log: the card is drawn without its picture, the build goes on.
    warnPicture('share', drawn, limits, source);
    return null;
  }
  return drawn && `data:image/jpeg;base64,${drawn.toString('base64')}`;
}
