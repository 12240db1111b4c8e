/**
 * Illustrations the site shows as pictures rather than as drawings. An SVG with Korean text costs
 * the browser a text layout every time it is drawn: the home's hero (43 labels) took about
 * 120 ms of a slow phone's first paint and most of its blocking time. As a picture it is decoded
 * off the main thread. The pictures are drawn once, here, from the SVG with the site's own font
 * (Pretendard from the `pretendard` package, so no build machine's fonts decide how they look),
 * and kept in the repository beside the record of which SVG each came from.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ILLUSTRATIONS_DIR = fileURLToPath(new URL('../../src/assets/illustrations/', import.meta.url));
export const RASTER_DIR = join(ILLUSTRATIONS_DIR, 'raster');
export const SOURCES_FILE = join(RASTER_DIR, 'sources.json');

/** The illustrations drawn as pictures: those painted on a key page's first screen. */
export const RASTERISED = ['hero-dashboard'] as const;

/** How many device pixels a picture has per CSS pixel of its SVG: enough for a 2× screen. */
export const RASTER_SCALE = 2;

/** The SVG's fingerprint, recorded for each picture (a changed drawing needs a new picture). */
export function svgFingerprint(name: string): string {
  return createHash('sha256')
    .update(readFileSync(join(ILLUSTRATIONS_DIR, `${name}.svg`)))
    .digest('hex');
}

/** The SVG's own size, from its `width` and `height` attributes. */
export function svgSize(name: string): { width: number; height: number } {
  const svg = readFileSync(join(ILLUSTRATIONS_DIR, `${name}.svg`), 'utf8');
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
  if (!width || !height) throw new Error(`${name}.svg has no width and height`);
  return { width, height };
}
