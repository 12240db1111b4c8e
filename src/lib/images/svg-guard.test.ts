// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawWithinLimits, gunzipped, isSvg, PICTURE_DRAW_LIMITS } from './svg-guard.ts';

const LIGHT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#06c"/></svg>';
const FRAME = { width: 80, height: 40, format: 'webp', quality: 80 } as const;

describe('the SVG screen', () => {
  it('screens text that names <svg> after a preamble libvips skips', () => {
    expect(isSvg(Buffer.from(`svg follows here, plain ascii: ${LIGHT_SVG}`))).toBe(true);
    expect(isSvg(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
  });

  it('unpacks a gzip-compressed picture no larger than an SVG may be', () => {
    const limits = { ...PICTURE_DRAW_LIMITS, maxSvgBytes: 1000 };
    expect(gunzipped(gzipSync(LIGHT_SVG), limits)?.toString()).toBe(LIGHT_SVG);
    expect(gunzipped(gzipSync(' '.repeat(1001)), limits)).toBe('too-complex');
    expect(gunzipped(Buffer.from([0x1f, 0x8b, 0, 1, 2]), limits)).toBeNull();
    const plain = Buffer.from(LIGHT_SVG);
    expect(gunzipped(plain, limits)).toBe(plain);
  });

  it('draws a light gzip-compressed SVG, but never gzip inside gzip', async () => {
    expect(await drawWithinLimits(gzipSync(LIGHT_SVG), FRAME)).toBeInstanceOf(Buffer);
    expect(await drawWithinLimits(gzipSync(gzipSync(LIGHT_SVG)), FRAME)).toBeNull();
  });
});
