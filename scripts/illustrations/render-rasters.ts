/**
 * `npm run illustrations:raster`: draws every drawing of RASTERISED as a lossless WebP at
 * twice its size, with Pretendard from the package, and records which SVG each came from.
 * Run it after changing one of those SVGs (rasters.test.ts fails until then).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerFontsForSvg } from '../../src/lib/og/share-image-fonts.ts';
import {
  RASTER_SCALE,
  RASTERISED,
  SOURCES_FILE,
  rasterPath,
  svgFingerprint,
  svgPath,
  svgSize,
} from './rasters.ts';

// The share pictures' fontconfig set-up: the SVGs name Pretendard first, drawn from the package.
registerFontsForSvg(fileURLToPath(new URL('../../', import.meta.url)));
const { default: sharp } = await import('sharp');

const sources: Record<string, string> = {};
for (const name of RASTERISED) {
  const { width } = svgSize(name);
  mkdirSync(dirname(rasterPath(name)), { recursive: true });
  const info = await sharp(svgPath(name), { density: 72 * RASTER_SCALE })
    .resize({ width: width * RASTER_SCALE })
    .webp({ lossless: true, effort: 6 })
    .toFile(rasterPath(name));
  sources[name] = svgFingerprint(name);
  console.log(`${name}.webp: ${info.width}×${info.height}, ${Math.round(info.size / 1024)} KB`);
}
writeFileSync(SOURCES_FILE, `${JSON.stringify(sources, null, 2)}\n`);
