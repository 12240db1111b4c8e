/**
 * Drawings the site shows as pictures rather than as SVG. An SVG picture is a document of its own:
 * the browser parses it and lays out its text on the page's main thread every time it is drawn.
 * The home's hero (43 Korean labels) took about 120 ms of a slow phone's first paint; the twelve
 * customer logos, one name each, were most of the home's blocking time after it. As pictures they
 * are decoded off the main thread. They are drawn once, here, from the SVG with the site's own
 * font (Pretendard from the `pretendard` package, so no build machine's fonts decide how they
 * look), and kept in the repository beside the record of which SVG each came from.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ASSETS_DIR = fileURLToPath(new URL('../../src/assets/', import.meta.url));
/** Which SVG each picture was drawn from: its fingerprint by the drawing's name. */
export const SOURCES_FILE = join(ASSETS_DIR, 'raster-sources.json');

const customerLogos = Array.from(
  { length: 12 },
  (_, index) => `logos/customer-${String(index + 1).padStart(2, '0')}`,
);

/**
 * The drawings shown as pictures, by their path under src/assets without `.svg`: those painted on
 * a key page's first screen or right after it. Each picture is `raster/<name>.webp` beside its SVG.
 */
export const RASTERISED = ['illustrations/hero-dashboard', ...customerLogos] as const;

/** How many device pixels a picture has per CSS pixel of its SVG: enough for a 2× screen. */
export const RASTER_SCALE = 2;

/** The SVG a drawing is made from. */
export function svgPath(name: string): string {
  return join(ASSETS_DIR, `${name}.svg`);
}

/** The picture drawn from it: `raster/` beside the SVG. */
export function rasterPath(name: string): string {
  const svg = svgPath(name);
  return join(dirname(svg), 'raster', `${name.split('/').pop()}.webp`);
}

/** The SVG's fingerprint, recorded for each picture (a changed drawing needs a new picture). */
export function svgFingerprint(name: string): string {
  return createHash('sha256')
    .update(readFileSync(svgPath(name)))
    .digest('hex');
}

/** The SVG's own size, from its `width` and `height` attributes. */
export function svgSize(name: string): { width: number; height: number } {
  const svg = readFileSync(svgPath(name), 'utf8');
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
  if (!width || !height) throw new Error(`${name}.svg has no width and height`);
  return { width, height };
}
