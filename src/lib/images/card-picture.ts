/**
 * Build time: a list card's picture from the content API, drawn again as a WebP file of the
 * site's own (`/_astro/cards/<hash>.webp`: named by its content, cached for a year like every
 * hashed file, and kept by the deploy pool for the releases that name it). An SVG picture is a
 * document the browser parses and lays out on the page's main thread, Korean text and font
 * fallback included, as the card comes near the screen: most of a slow phone's blocking time on
 * a list after its first paint. A CMS's photo may weigh megabytes. Drawn once at the size a card
 * shows it, it decodes off the main thread and weighs a few KB.
 *
 * Anything the build cannot draw (unreachable, rate-limited, slow, not a picture, too large, on a
 * host the build does not fetch from) keeps its address: this can only save work, never lose a
 * picture. Only a build writes files: elsewhere (the dev server, tests) every address is kept.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registerFontsForSvg } from '../og/share-image-fonts.ts';
import fallbackSvg from '../../../public/images/fallback-thumb.svg?raw';
import { drawPicture } from './draw-picture.ts';
import { FALLBACK_IMAGE } from './fallback-image.ts';
import { fetchImageBytes, imageOrigins, PICTURE_FETCH_LIMITS } from './inline-remote.ts';

/** Where the build writes the pictures: its output folder, set by src/integrations/card-pictures/. */
export const CARD_PICTURES_DIR_ENV = 'CARD_PICTURES_DIR';
/** The pictures' folder, inside the hashed files' folder. */
export const CARD_PICTURES_PATH = '/_astro/cards/';

/** A card's picture frame (16:9, the card's `<img>` size): twice a phone card's CSS width. */
const CARD_FRAME = { width: 800, height: 450, format: 'webp', quality: 80 } as const;

export interface CardPictureOptions {
  /** The build's output folder; without one, every address is kept. */
  dir?: string | undefined;
  /** The origins the build may fetch from (the API's and `CONTENT_IMAGE_HOSTS`). */
  origins?: ReadonlySet<string>;
  /** Resolves the fonts SVG text is drawn with. */
  root?: string;
}

const drawn = new Map<string, Promise<string | null>>();

/** One drawing per picture and output folder per build. */
function once(dir: string, key: string, make: () => Promise<string | null>): Promise<string | null> {
  const id = `${dir}\n${key}`;
  let pending = drawn.get(id);
  if (!pending) drawn.set(id, (pending = make()));
  return pending;
}

/** The picture's address on the site once drawn and written, else `url` itself. One fetch per address per build. */
export async function cardPictureSrc(url: string, options: CardPictureOptions = {}): Promise<string> {
  const dir = options.dir ?? process.env[CARD_PICTURES_DIR_ENV];
  if (!dir) return url;
  const written = await once(dir, url, async () => {
    const image = await fetchImageBytes(url, options.origins ?? imageOrigins(), PICTURE_FETCH_LIMITS);
    return image && drawAndWrite(Buffer.from(image.bytes), dir, options);
  });
  return written ?? url;
}

/**
 * The site's fallback picture (public/images/fallback-thumb.svg) drawn the same way, for the cards
 * of an item without a picture; null to keep the SVG.
 */
export function fallbackCardPictureSrc(options: CardPictureOptions = {}): Promise<string | null> {
  const dir = options.dir ?? process.env[CARD_PICTURES_DIR_ENV];
  if (!dir) return Promise.resolve(null);
  return once(dir, FALLBACK_IMAGE, () => drawAndWrite(Buffer.from(fallbackSvg), dir, options));
}

async function drawAndWrite(bytes: Buffer, dir: string, options: CardPictureOptions): Promise<string | null> {
  // Text in an SVG picture is drawn with the site's own font, whatever the build machine has.
  registerFontsForSvg(options.root ?? process.cwd());
  const webp = await drawPicture(bytes, CARD_FRAME);
  if (!webp) return null;
  const name = `${createHash('sha256').update(webp).digest('base64url').slice(0, 16)}.webp`;
  try {
    const folder = join(dir, CARD_PICTURES_PATH);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), webp);
  } catch {
    return null;
  }
  return CARD_PICTURES_PATH + name;
}
