/**
 * Build time: a picture from the content API drawn under limits on what it may cost, for the share
 * pictures (src/lib/og/share-image-picture.ts) and the list cards (card-picture.ts). One
 * implementation for both: every picture the build draws from the API passes through here.
 *
 * An SVG's cost is not its size in bytes or pixels: a few KB of chained blur filters keeps
 * librsvg busy for minutes, and one such picture made every build run into its deadline. So an
 * SVG is screened for the features that cost (filter primitives, patterns) before it is drawn,
 * then drawn under a time limit: sharp's `timeout` stops libvips between tiles, and the build
 * stops waiting when the limit is over whatever libvips is doing (a tile in progress cannot be
 * interrupted; it finishes on its own thread and is thrown away).
 *
 * libvips reads a gzip-compressed SVG (`.svgz`) as an SVG too: 500 bytes of it can hold those
 * thousands of blurs. Such a picture is unpacked here, within the SVG size limit, and screened
 * and drawn as the text it holds.
 */
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { oneLine } from '../content/one-line.ts';
import { drawPicture, MAX_INPUT_PIXELS, vectorDensity, type PictureFrame } from './draw-picture.ts';

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

/** Why a picture was not drawn, for the build's log; `null` when it was or when it simply could not be read. */
export type PictureProblem = 'too-slow' | 'too-complex';

/**
 * The picture drawn into `frame`; null when sharp cannot read it; the problem that stopped it
 * when it was refused for its cost or ran out of time. Never throws.
 */
export async function drawWithinLimits(
  bytes: Buffer,
  frame: PictureFrame,
  limits: PictureDrawLimits = PICTURE_DRAW_LIMITS,
): Promise<Buffer | PictureProblem | null> {
  const unpacked = gunzipped(bytes, limits);
  if (unpacked !== bytes)
    return unpacked instanceof Buffer ? drawUnpacked(unpacked, frame, limits) : unpacked;
  if (!isSvg(bytes)) return withinTime(drawPicture(bytes, frame), limits.seconds);
  if (svgProblem(bytes, limits)) return 'too-complex';
  const raster = await withinTime(rasteriseSvg(bytes, frame.width, limits.seconds), limits.seconds);
  if (raster === null || typeof raster === 'string') return raster;
  // A bitmap of about the frame's size: cutting it to the frame is quick.
  return drawPicture(raster, frame);
}

/** An unpacked picture is drawn as any other, but never unpacked again: gzip can nest without end. */
function drawUnpacked(
  bytes: Buffer,
  frame: PictureFrame,
  limits: PictureDrawLimits,
): Promise<Buffer | PictureProblem | null> {
  return isGzip(bytes) ? Promise.resolve(null) : drawWithinLimits(bytes, frame, limits);
}

const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * `bytes` itself when not gzip-compressed; else what they hold, `'too-complex'` when that is
 * larger than an SVG may be (unpacking stops there: no gzip bomb), null when it cannot be unpacked.
 */
export function gunzipped(bytes: Buffer, limits: PictureDrawLimits): Buffer | PictureProblem | null {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: limits.maxSvgBytes });
  } catch (error) {
    return (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-complex' : null;
  }
}

/**
 * Whether the bytes may be an SVG document (sharp would hand them to librsvg): any text that
 * starts with `<`, comments and doctype included, or that names `<svg` near its start (libvips
 * reads such text as SVG whatever precedes it). Every raster format starts with binary magic.
 */
export function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*</.test(head) || /<svg/i.test(head);
}

/** `'too-complex'` when an SVG is larger, or holds more costly effects, than a card's picture needs. */
export function svgProblem(bytes: Buffer, limits: PictureDrawLimits): PictureProblem | null {
  if (bytes.byteLength > limits.maxSvgBytes) return 'too-complex';
  const effects = bytes.toString('utf8').match(/<(?:[\w-]+:)?(?:fe[A-Z]\w*|pattern)[\s/>]/g)?.length ?? 0;
  return effects > limits.maxSvgEffects ? 'too-complex' : null;
}

/** Who draws the picture: the share picture leaves it out, the list card shows the fallback. */
export type PictureUse = 'share' | 'card';

/**
 * One line in the build's log for a picture refused for its cost: who does what instead, why, and
 * where the picture came from (the API's text, so kept to one line: one-line.ts). The Korean is
 * written inside the console call: build output, not the site's copy (src/i18n/no-korean-literals.test.ts).
 */
export function warnPicture(
  use: PictureUse,
  problem: PictureProblem,
  limits: PictureDrawLimits,
  source: string | undefined,
): void {
  console.warn(
    oneLine(
      `${use === 'share' ? '공유 이미지: 그림을 빼고 그립니다' : '목록 카드: 대체 그림으로 그립니다'} (${
        problem === 'too-slow'
          ? `${limits.seconds}초 안에 그리지 못했습니다`
          : `SVG가 너무 크거나 효과(필터, 패턴)가 ${limits.maxSvgEffects}개를 넘습니다`
      }): ${(source ?? '프로젝트 그림').slice(0, 200)}`,
    ),
  );
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
    const density = meta.width ? vectorDensity(meta.width, width) : 72;
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
