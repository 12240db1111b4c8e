/**
 * `npm run illustrations:raster`: draws every illustration of RASTERISED as a lossless WebP at
 * twice its size, with Pretendard as the only font, and records which SVG each came from.
 * Run it after changing one of those SVGs (rasters.test.ts fails until then).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ILLUSTRATIONS_DIR,
  RASTER_DIR,
  RASTER_SCALE,
  RASTERISED,
  SOURCES_FILE,
  svgFingerprint,
  svgSize,
} from './rasters.ts';

const fonts = fileURLToPath(new URL('../../node_modules/pretendard/dist/public/static/', import.meta.url));
const fontconfig = mkdtempSync(join(tmpdir(), 'raster-fonts-'));
writeFileSync(
  join(fontconfig, 'fonts.conf'),
  `<?xml version="1.0"?><fontconfig><dir>${fonts}</dir><cachedir>${fontconfig}</cachedir></fontconfig>`,
);
// Read by fontconfig when the SVG renderer first needs a font, so before sharp is loaded.
process.env.FONTCONFIG_FILE = join(fontconfig, 'fonts.conf');
const { default: sharp } = await import('sharp');

mkdirSync(RASTER_DIR, { recursive: true });
const sources: Record<string, string> = {};
for (const name of RASTERISED) {
  const { width } = svgSize(name);
  const info = await sharp(join(ILLUSTRATIONS_DIR, `${name}.svg`), { density: 72 * RASTER_SCALE })
    .resize({ width: width * RASTER_SCALE })
    .webp({ lossless: true, effort: 6 })
    .toFile(join(RASTER_DIR, `${name}.webp`));
  sources[name] = svgFingerprint(name);
  console.log(`${name}.webp: ${info.width}×${info.height}, ${Math.round(info.size / 1024)} KB`);
}
writeFileSync(SOURCES_FILE, `${JSON.stringify(sources, null, 2)}\n`);
