import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RASTER_DIR, RASTER_SCALE, RASTERISED, SOURCES_FILE, svgFingerprint, svgSize } from './rasters.ts';

const sources = JSON.parse(readFileSync(SOURCES_FILE, 'utf8')) as Record<string, string>;

describe('illustrations shown as pictures', () => {
  it.each(RASTERISED)('%s: the picture was drawn from the SVG as it is now', (name) => {
    // A changed SVG with an old picture would show the old drawing; `npm run illustrations:raster`.
    expect(sources[name]).toBe(svgFingerprint(name));
  });

  it.each(RASTERISED)('%s: the picture has twice the SVG’s size', async (name) => {
    const { width, height } = svgSize(name);
    const meta = await sharp(join(RASTER_DIR, `${name}.webp`)).metadata();
    expect([meta.width, meta.height]).toEqual([width * RASTER_SCALE, height * RASTER_SCALE]);
  });

  it('records no picture that is not drawn', () => {
    expect(Object.keys(sources).sort()).toEqual([...RASTERISED].sort());
  });
});
