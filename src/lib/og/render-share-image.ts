/**
 * Build time: draws a page's 1200×630 share picture (KakaoTalk, Naver, Facebook, X link
 * previews) as a JPEG under 100 KB.
 *
 * The layout (share-image-layout.ts) is laid out by satori with Pretendard turned into outlines
 * (share-image-fonts.ts), then rasterised and encoded by sharp; the item's picture comes from
 * share-image-picture.ts.
 *
 * It never throws: an unreachable, huge, broken or too slow item picture falls back to the brand
 * background (a picture stopped by its time or complexity limit with a warning in the build's
 * log), and a title satori cannot lay out falls back to the site's default picture, so a bad item
 * can never stop the build.
 *
 * A build draws through share-pictures.ts (a store of drawn pictures and a pool of worker
 * threads); this module and what it imports are the drawer whose code is hashed into each
 * picture's key, so keep it free of the site's copy and the API client.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import type { ShareCard } from './share-cards.ts';
import { loadFonts, registerFontsForSvg } from './share-image-fonts.ts';
import {
  FRAMED_PICTURE,
  SHARE_IMAGE_BACKGROUND,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  shareImageTree,
  type LayoutText,
} from './share-image-layout.ts';
import {
  fetchItemPicture,
  PICTURE_DRAW_LIMITS,
  pictureDataUri,
  type PictureDrawLimits,
} from './share-image-picture.ts';

/** Largest picture written; the JPEG quality is lowered until the picture fits. */
export const SHARE_IMAGE_MAX_BYTES = 100 * 1024;

export interface RenderOptions extends LayoutText {
  /** Origin of the content API; item pictures elsewhere are not fetched. */
  apiOrigin: string;
  /** Resolves package and project files; the project root by default. */
  root?: string | undefined;
  /** What the item's picture may cost to draw (tests make it small). */
  pictureLimits?: PictureDrawLimits | undefined;
}

async function draw(
  card: ShareCard,
  picture: string | null,
  options: RenderOptions,
  root: string,
): Promise<Buffer> {
  const svg = await satori(
    shareImageTree(card, picture, options) as unknown as Parameters<typeof satori>[0],
    {
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      fonts: loadFonts(root),
    },
  );
  const raster = sharp(Buffer.from(svg)).flatten({ background: SHARE_IMAGE_BACKGROUND });
  for (const quality of [86, 80, 72, 64, 55]) {
    const jpeg = await raster.clone().jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (jpeg.byteLength <= SHARE_IMAGE_MAX_BYTES || quality === 55) return jpeg;
  }
  throw new Error('unreachable');
}

/** The default picture's file under `public/` (its bytes are part of every picture's key). */
export const DEFAULT_PICTURE_FILE = 'og-default.png';

/** The site's default share picture (`public/og-default.png`) as a JPEG: the last resort. */
export async function defaultSharePicture(root: string): Promise<Buffer> {
  return sharp(readFileSync(join(root, 'public', DEFAULT_PICTURE_FILE)))
    .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT)
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** A drawn share picture. */
export interface ShareImage {
  jpeg: Buffer;
  /**
   * False when the card names a picture that could not be had (unreachable, refused, too slow):
   * the drawing is worth trying again later, so the store of drawn pictures does not keep it.
   */
  whole: boolean;
}

/** Draws `card`'s share picture. Never throws. */
export async function drawShareImage(card: ShareCard, options: RenderOptions): Promise<ShareImage> {
  const root = options.root ?? process.cwd();
  registerFontsForSvg(root);
  const limits = options.pictureLimits ?? PICTURE_DRAW_LIMITS;
  const { width, height } = FRAMED_PICTURE;
  const picture = card.localImage
    ? await pictureDataUri(Buffer.from(card.localImage), width, height, limits, card.title)
    : await fetchItemPicture(card.image, options.apiOrigin, width, height, limits);
  const whole = picture !== null || !(card.localImage || card.image);
  try {
    return { jpeg: await draw(card, picture, options, root), whole };
  } catch {
    try {
      const title = card.title.replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, '');
      return { jpeg: await draw({ ...card, title }, null, options, root), whole };
    } catch {
      return { jpeg: await defaultSharePicture(root), whole };
    }
  }
}

/** Draws `card`'s share picture (JPEG). Never throws. */
export async function renderShareImage(card: ShareCard, options: RenderOptions): Promise<Buffer> {
  return (await drawShareImage(card, options)).jpeg;
}
