import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RASTER_SCALE, RASTERISED, SOURCES_FILE, rasterPath, svgFingerprint, svgSize } from './rasters.ts';

const sources = JSON.parse(readFileSync(SOURCES_FILE, 'utf8')) as Record<string, string>;

describe('drawings shown as pictures', () => {
  it.each(RASTERISED)('%s: the picture was drawn from the SVG as it is now', (name) => {
    // A changed SVG with an old picture would show the old drawing; `npm run illustrations:raster`.
    expect(sources[name]).toBe(svgFingerprint(name));
  });

  it.each(RASTERISED)('%s: the picture has twice the SVG’s size', async (name) => {
    const { width, height } = svgSize(name);
    const meta = await sharp(rasterPath(name)).metadata();
    expect([meta.width, meta.height]).toEqual([width * RASTER_SCALE, height * RASTER_SCALE]);
  });

  it('records no picture that is not drawn', () => {
    expect(Object.keys(sources).sort()).toEqual([...RASTERISED].sort());
  });
});
