// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_PICTURES_DIR_ENV, CARD_PICTURES_PATH } from './card-picture.ts';
import { svgDataUri } from './data-uri.ts';
import { leadCardPicture, textlessPreview } from './lead-card-picture.ts';
import { FALLBACK_IMAGE_DATA_URI } from './lead-image.ts';
import { svgOfDataUri } from './svg-without-text.ts';

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('textlessPreview', () => {
  it('is the inlined SVG without its text, and null for a picture the browser lays out no text in', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 4"><rect width="8" height="4"/><text y="3">제목</text></svg>`;
    const preview = textlessPreview(svgDataUri(svg))!;
    expect(svgOfDataUri(preview)).toBe(
      `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 4'><rect width='8' height='4'/></svg>`,
    );
    expect(textlessPreview(svgDataUri('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'))).toBeNull();
    expect(textlessPreview('data:image/png;base64,AAAA')).toBeNull();
    expect(textlessPreview('https://api.example/big.jpg')).toBeNull();
  });
});

describe('leadCardPicture', () => {
  it('keeps the inlined picture whole where the build draws no WebP file', async () => {
    vi.stubEnv(CARD_PICTURES_DIR_ENV, '');
    expect(await leadCardPicture(null)).toEqual({ image: FALLBACK_IMAGE_DATA_URI, preview: null });
  });

  it('splits a picture with text: the shapes inlined, the whole picture as the site’s WebP over them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lead-card-'));
    dirs.push(dir);
    vi.stubEnv(CARD_PICTURES_DIR_ENV, dir);
    const { image, preview } = await leadCardPicture(null);
    expect(image).toMatch(new RegExp(`^${CARD_PICTURES_PATH}[\\w-]{16}\\.webp$`));
    expect(readdirSync(join(dir, CARD_PICTURES_PATH))).toContain(image.slice(CARD_PICTURES_PATH.length));
    expect(preview).toBe(textlessPreview(FALLBACK_IMAGE_DATA_URI));
    expect(svgOfDataUri(preview!)).not.toContain('<text');
    // Smaller than the whole: the page carries no more than it did.
    expect(preview!.length).toBeLessThan(FALLBACK_IMAGE_DATA_URI.length);
  });
});
