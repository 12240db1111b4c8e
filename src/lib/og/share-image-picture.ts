/**
 * Build time: the item's picture for its share picture, fetched from the content API (never from
 * elsewhere) or read from the project, as a JPEG `data:` address cut to the frame. Never throws:
 * an unreachable, huge, broken or too slow picture gives null (the card is drawn without it).
 *
 * An SVG's cost is not its size in bytes or pixels: a few KB of chained blur filters keeps
 * librsvg busy for minutes, and one such picture made every build run into its deadline. So an
 * SVG is screened for the features that cost (filter primitives, patterns) before it is drawn,
 * then drawn under a time limit: sharp's `timeout` stops libvips between tiles, and the build
 * stops waiting when the limit is over whatever libvips is doing (a tile in progress cannot be
 * interrupted; it finishes on its own thread and is thrown away).
 */
import sharp from 'sharp';
import { drawPicture } from '../images/draw-picture.ts';
import { fetchImageBytes, imageOrigins, PICTURE_FETCH_LIMITS } from '../images/inline-remote.ts';

/** What a picture may cost to draw. */
export interface PictureDrawLimits {
  /** How long drawing one picture may take. */
  seconds: number;
  /** The largest SVG drawn, in bytes: a card's illustration, not a document. */
  maxSvgBytes: number;
  /** The most filter primitives (`<feGaussianBlur>`…) and patterns an SVG may hold. */
  maxSvgEffects: number;
}

/** Generous for any real illustration (the products' SVGs draw in well under a second). */
export const PICTURE_DRAW_LIMITS: PictureDrawLimits = {
  seconds: 10,
  maxSvgBytes: 1024 * 1024,
  maxSvgEffects: 64,
};

/** The most pixels a picture may have: the same bound as the list cards' (draw-picture.ts). */
const MAX_INPUT_PIXELS = 40_000_000;

/** Why a picture was not drawn, for the build's log; `null` when it was or when it simply could not be read. */
export type PictureProblem = 'too-slow' | 'too-complex';

/** The item's picture as a JPEG `data:` address of `width`×`height` (cover), or null. */
export async function fetchItemPicture(
  url: string | null | undefined,
  apiOrigin: string,
  width: number,
  height: number,
  limits: PictureDrawLimits = PICTURE_DRAW_LIMITS,
): Promise<string | null> {
  if (!url) return null;
  const image = await fetchImageBytes(url, imageOrigins(apiOrigin), PICTURE_FETCH_LIMITS);
  return image ? pictureDataUri(Buffer.from(image.bytes), width, height, limits, url) : null;
}

/**
 * Any picture sharp can read (JPEG, PNG, WebP, GIF, AVIF, SVG) as a `width`×`height` JPEG `data:`
 * address, or null. A picture refused for its cost is named in a warning (`source`: where it came from).
 */
export async function pictureDataUri(
  bytes: Buffer,
  width: number,
  height: number,
  limits: PictureDrawLimits = PICTURE_DRAW_LIMITS,
  source = '프로젝트 그림',
): Promise<string | null> {
  const drawn = await drawWithinLimits(bytes, width, height, limits);
  if (typeof drawn === 'string') {
    warnPicture(source, drawn, limits);
    return null;
  }
  return drawn && `data:image/jpeg;base64,${drawn.toString('base64')}`;
}

/** The JPEG, null when sharp cannot read the picture, or the problem that stopped it. */
async function drawWithinLimits(
  bytes: Buffer,
  width: number,
  height: number,
  limits: PictureDrawLimits,
): Promise<Buffer | PictureProblem | null> {
  if (!isSvg(bytes)) return withinTime(drawPicture(bytes, jpegFrame(width, height)), limits.seconds);
  if (svgProblem(bytes, limits)) return 'too-complex';
  const raster = await withinTime(rasteriseSvg(bytes, width, limits.seconds), limits.seconds);
  if (raster === null || typeof raster === 'string') return raster;
  // A bitmap of about the frame's size: cutting it to the frame is quick.
  return drawPicture(raster, jpegFrame(width, height));
}

const jpegFrame = (width: number, height: number) =>
  ({ width, height, format: 'jpeg', quality: 90 }) as const;

/**
 * Whether the bytes may be an SVG document (sharp would hand them to librsvg): any text that
 * starts with `<`, comments and doctype included. Every raster format starts with binary magic.
 */
export function isSvg(bytes: Buffer): boolean {
  return /^\s*</.test(
    bytes
      .subarray(0, 1024)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );
}

/** `'too-complex'` when an SVG is larger, or holds more costly effects, than a card's picture needs. */
export function svgProblem(bytes: Buffer, limits: PictureDrawLimits): PictureProblem | null {
  if (bytes.byteLength > limits.maxSvgBytes) return 'too-complex';
  const effects = bytes.toString('utf8').match(/<(?:[\w-]+:)?(?:fe[A-Z]\w*|pattern)[\s/>]/g)?.length ?? 0;
  return effects > limits.maxSvgEffects ? 'too-complex' : null;
}

/**
 * The SVG drawn as a PNG at about `width` pixels wide (vectors drawn at the size they are shown,
 * as draw-picture.ts does), with sharp's own time limit so libvips gives up too; null when
 * librsvg cannot read it, `'too-slow'` when the limit stopped it.
 */
async function rasteriseSvg(
  bytes: Buffer,
  width: number,
  seconds: number,
): Promise<Buffer | PictureProblem | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const density = meta.width ? Math.min(288, Math.max(36, (72 * width) / meta.width)) : 72;
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, density })
      .timeout({ seconds: Math.max(1, Math.ceil(seconds)) })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (error) {
    return /timeout/i.test(String(error)) ? 'too-slow' : null;
  }
}

/** `work`'s result, or `'too-slow'` once `seconds` have passed (the work is then left to finish alone). */
async function withinTime<T>(work: Promise<T>, seconds: number): Promise<T | 'too-slow'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'too-slow'>((resolve) => {
    timer = setTimeout(() => resolve('too-slow'), seconds * 1000);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One line in the build's log: the card is drawn without its picture, the build goes on. */
function warnPicture(source: string, problem: PictureProblem, limits: PictureDrawLimits): void {
  const why =
    problem === 'too-slow'
      ? `${limits.seconds}초 안에 그리지 못했습니다`
      : `SVG가 너무 크거나 효과(필터, 패턴)가 ${limits.maxSvgEffects}개를 넘습니다`;
  console.warn(`공유 이미지: 그림을 빼고 그립니다 (${why}): ${source.slice(0, 200)}`);
}
