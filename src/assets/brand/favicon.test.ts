import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url);
const SIZE = 48;

/** The raw RGBA pixels of a picture drawn at SIZE × SIZE. */
async function pixels(bytes: Buffer, density?: number): Promise<Buffer> {
  return sharp(bytes, density ? { density } : {})
    .resize(SIZE, SIZE)
    .ensureAlpha()
    .raw()
    .toBuffer();
}

describe('the favicon', () => {
  it('as a PNG is the mark of favicon.svg drawn at 48 px (redraw it when the mark changes)', async () => {
    const png = readFileSync(new URL('favicon-48.png', here));
    expect((await sharp(png).metadata()).width).toBe(SIZE);
    const drawn = await pixels(readFileSync(new URL('favicon.svg', here)), (72 * SIZE) / 32);
    const stored = await pixels(png);
    let difference = 0;
    for (let i = 0; i < drawn.length; i++) difference += Math.abs(drawn[i]! - stored[i]!);
    // The PNG is stored with a palette: a few levels of difference per channel, not another mark.
    expect(difference / drawn.length).toBeLessThan(4);
  });
});
