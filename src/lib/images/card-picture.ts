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
 *
 * One exception: a picture refused for what it costs to draw (an SVG of costly effects, or one
 * that outlasts the time limit: svg-guard.ts, the share pictures' guard too) shows the site's
 * fallback picture, with a warning in the build's log. Its address would hand the browser the
 * very drawing the build refused, on a phone's main thread.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registerFontsForSvg } from '../og/share-image-fonts.ts';
import fallbackSvg from '../../../public/images/fallback-thumb.svg?raw';
import type { PictureFrame } from './draw-picture.ts';
import { FALLBACK_IMAGE } from './fallback-image.ts';
import { fetchImageBytes, imageOrigins, PICTURE_FETCH_LIMITS } from './inline-remote.ts';
import {
  drawWithinLimits,
  PICTURE_DRAW_LIMITS,
  warnPicture,
  type PictureDrawLimits,
  type PictureProblem,
} from './svg-guard.ts';

/** Where the build writes the pictures: its output folder, set by src/integrations/card-pictures/. */
export const CARD_PICTURES_DIR_ENV = 'CARD_PICTURES_DIR';
/** The pictures' folder, inside the hashed files' folder. */
export const CARD_PICTURES_PATH = '/_astro/cards/';

/** A card's picture frame (16:9, the card's `<img>` size): twice a phone card's CSS width. */
const CARD_FRAME = { width: 800, height: 450, format: 'webp', quality: 80 } as const;
/**
 * A banner slide's (16:9 too): the slide's picture spans the banner, about 1,030 CSS px at a
 * 1440 px desktop and 350 at a phone's three device pixels a CSS pixel.
 */
export const BANNER_FRAME = { ...CARD_FRAME, width: 1280, height: 720 } as const;

export interface CardPictureOptions {
  /** The build's output folder; without one, every address is kept. */
  dir?: string | undefined;
  /** The origins the build may fetch from (the API's and `CONTENT_IMAGE_HOSTS`). */
  origins?: ReadonlySet<string>;
  /** Resolves the fonts SVG text is drawn with. */
  root?: string;
  /** What a picture may cost to draw (tests make it small). */
  limits?: PictureDrawLimits;
  /** The size drawn: a card's (`CARD_FRAME`) unless told. */
  frame?: PictureFrame;
}

const drawn = new Map<string, Promise<string | null>>();

/** The size a picture is drawn at: a card's unless told. */
const frameOf = (options: CardPictureOptions) => options.frame ?? CARD_FRAME;

/** One drawing per picture, size and output folder per build. */
function once(
  dir: string,
  key: string,
  options: CardPictureOptions,
  make: () => Promise<string | null>,
): Promise<string | null> {
  const id = `${dir}\n${frameOf(options).width}\n${key}`;
  let pending = drawn.get(id);
  if (!pending) drawn.set(id, (pending = make()));
  return pending;
}

/**
 * The picture's address on the site once drawn and written, else `url` itself, or the fallback's
 * when the picture costs too much to draw. One fetch per address per build.
 */
export async function cardPictureSrc(url: string, options: CardPictureOptions = {}): Promise<string> {
  const dir = options.dir ?? process.env[CARD_PICTURES_DIR_ENV];
  if (!dir) return url;
  const written = await once(dir, url, options, async () => {
    const image = await fetchImageBytes(url, options.origins ?? imageOrigins(), PICTURE_FETCH_LIMITS);
    if (!image) return null;
    const drawn = await drawCard(Buffer.from(image.bytes), options);
    if (typeof drawn === 'string') return refused(url, drawn, { ...options, dir });
    return drawn && write(drawn, dir);
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
  return once(dir, FALLBACK_IMAGE, options, async () => {
    const drawn = await drawCard(Buffer.from(fallbackSvg), options);
    return drawn instanceof Buffer ? write(drawn, dir) : null;
  });
}

/**
 * A card's or banner's picture from the API drawn as the site's WebP (`cardPictureSrc`), or, for
 * an item without one, the fallback drawn the same way; null keeps the fallback's SVG.
 */
export function contentPictureSrc(
  url: string | null | undefined,
  options: CardPictureOptions = {},
): Promise<string | null> {
  return url ? cardPictureSrc(url, options) : fallbackCardPictureSrc(options);
}

/** A picture refused for its cost: a warning in the build's log, and the fallback in its place. */
async function refused(
  url: string,
  problem: PictureProblem,
  options: CardPictureOptions & { dir: string },
): Promise<string> {
  warnPicture('card', problem, options.limits ?? PICTURE_DRAW_LIMITS, url);
  // Should the fallback itself fail to draw, its SVG: the site's own file, light and always there.
  return (await fallbackCardPictureSrc(options)) ?? FALLBACK_IMAGE;
}

/** The card's WebP, null when sharp cannot read the picture, or what stopped it (svg-guard.ts). */
function drawCard(bytes: Buffer, options: CardPictureOptions): Promise<Buffer | PictureProblem | null> {
  // Text in an SVG picture is drawn with the site's own font, whatever the build machine has.
  registerFontsForSvg(options.root ?? process.cwd());
  return drawWithinLimits(bytes, frameOf(options), options.limits ?? PICTURE_DRAW_LIMITS);
}

/** The WebP written under its content's name in the output folder: its address, or null. */
async function write(webp: Buffer, dir: string): Promise<string | null> {
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
