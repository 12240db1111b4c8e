/**
 * Build time: any picture sharp reads (JPEG, PNG, WebP, GIF, AVIF, SVG) drawn into a frame of the
 * size it is shown at, for the share pictures and the list cards. Never throws: a picture sharp
 * cannot read, or one too large to decode, gives null. No time limit here: a picture from the
 * content API is drawn through svg-guard.ts, which screens SVGs and bounds the time.
 */
import sharp from 'sharp';

/** The most pixels a picture may have to be drawn: a CMS's largest photos, not a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface PictureFrame {
  width: number;
  height: number;
  format: 'jpeg' | 'webp';
  quality: number;
}

/** `bytes` cut to the frame (cover, around what draws the eye), on white, encoded as the frame says. */
export async function drawPicture(bytes: Buffer, frame: PictureFrame): Promise<Buffer | null> {
  try {
    // Vector pictures are drawn at the size they are shown, not drawn large and scaled down.
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const density = meta.format === 'svg' && meta.width ? vectorDensity(meta.width, frame.width) : undefined;
    const drawn = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, ...(density ? { density } : {}) })
      .rotate()
      .resize(frame.width, frame.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' });
    return await (
      frame.format === 'jpeg'
        ? drawn.jpeg({ quality: frame.quality })
        : drawn.webp({ quality: frame.quality })
    ).toBuffer();
  } catch {
    return null;
  }
}

/** The density (72 = the SVG's own size) at which an SVG `svgWidth` wide is drawn about `width` pixels wide. */
export function vectorDensity(svgWidth: number, width: number): number {
  return Math.min(288, Math.max(36, (72 * width) / svgWidth));
}
