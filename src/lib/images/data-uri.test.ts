import { describe, expect, it } from 'vitest';
import { imageDataUri, INLINE_IMAGE_LIMIT, svgDataUri } from './data-uri.ts';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#3d5afe"/></svg>';

describe('imageDataUri', () => {
  it('turns a small SVG into readable percent-encoded text, not base64', () => {
    const uri = imageDataUri(new TextEncoder().encode(svg), 'image/svg+xml; charset=utf-8');
    expect(uri).toMatch(/^data:image\/svg\+xml,/);
    expect(uri).not.toContain('base64');
    expect(uri).toBe(svgDataUri(svg));
  });

  it('base64-encodes small raster images with their type', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(imageDataUri(png, 'image/PNG')).toBe(
      `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    );
  });

  it('keeps large images, empty bodies and non-images as requests', () => {
    expect(imageDataUri(new Uint8Array(INLINE_IMAGE_LIMIT + 1), 'image/png')).toBeNull();
    expect(imageDataUri(new Uint8Array(0), 'image/png')).toBeNull();
    expect(imageDataUri(new TextEncoder().encode('<html></html>'), 'text/html')).toBeNull();
  });
});

describe('svgDataUri', () => {
  it('keeps a drawing whose attributes hold single quotes well-formed', () => {
    const quoted = `<svg xmlns="http://www.w3.org/2000/svg" font-family="Pretendard, 'Noto Sans KR', sans-serif"><text>가</text></svg>`;
    const body = decodeURIComponent(svgDataUri(quoted).slice('data:image/svg+xml,'.length));
    expect(body).toBe(
      `<svg xmlns='http://www.w3.org/2000/svg' font-family='Pretendard, &apos;Noto Sans KR&apos;, sans-serif'><text>가</text></svg>`,
    );
  });

  it('writes no quote characters that HTML attributes would turn into entities', () => {
    const uri = svgDataUri(svg);
    expect(uri).not.toMatch(/['"&<>]/);
    expect(uri).toContain('%27');
  });

  it('writes a valid URL: no raw spaces (the HTML checker rejects them in src and href)', () => {
    const uri = svgDataUri(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="9">인사이트 하이어</text></svg>`,
    );
    expect(uri).not.toMatch(/\s/);
    expect(uri).toContain('viewBox=%270%200%2010%2010%27');
    expect(() => new URL(uri)).not.toThrow();
  });

  it('decodes back to the same drawing', () => {
    const uri = svgDataUri(svg);
    const body = decodeURIComponent(uri.slice('data:image/svg+xml,'.length));
    expect(body.replaceAll("'", '"')).toBe(svg);
  });
});
