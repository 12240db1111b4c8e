// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderShareImage, SHARE_IMAGE_MAX_BYTES } from './render-share-image.ts';
import { visualLength } from './share-image-layout.ts';
import { fetchItemPicture, isSvg, PICTURE_DRAW_LIMITS, pictureDataUri } from './share-image-picture.ts';
import { shareCardKey } from './share-cards.ts';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** An SVG of `count` chained blurs over a `width`×`height` rectangle. */
const blurredSvg = (count: number, width = 520, height = 400) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><filter id="f">${'<feGaussianBlur stdDeviation="40"/>'.repeat(count)}</filter></defs><rect width="${width}" height="${height}" fill="#c00" filter="url(#f)"/></svg>`;
/** A few KB that would keep librsvg busy for many minutes: thousands of chained blurs. */
const HEAVY_SVG = blurredSvg(3000);
/** Few enough effects to pass the screen, still slower to draw than a tiny time limit. */
const SLOW_SVG = blurredSvg(24);
const LIGHT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#06c"/></svg>';
let server: Server;
let origin: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1x1);
    else if (req.url === '/huge.png')
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) }).end();
    else if (req.url === '/heavy.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(HEAVY_SVG);
    else if (req.url === '/light.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(LIGHT_SVG);
    else if (req.url === '/broken.png')
      res.writeHead(200, { 'content-type': 'image/png' }).end('not a picture');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchItemPicture', () => {
  it('fetches only http(s) pictures from the content API origin, and survives bad ones', async () => {
    expect(await fetchItemPicture(`${origin}/ok.png`, origin, 40, 20)).toMatch(/^data:image\/jpeg;base64,/);
    requests.length = 0;
    expect(await fetchItemPicture(`${origin}/ok.png`, 'https://api.example', 40, 20)).toBeNull();
    expect(await fetchItemPicture('file:///etc/passwd', origin, 40, 20)).toBeNull();
    expect(await fetchItemPicture('javascript:alert(1)', origin, 40, 20)).toBeNull();
    expect(requests).toEqual([]);
    expect(await fetchItemPicture(`${origin}/huge.png`, origin, 40, 20)).toBeNull();
    expect(await fetchItemPicture(`${origin}/broken.png`, origin, 40, 20)).toBeNull();
    expect(await fetchItemPicture(`${origin}/missing.png`, origin, 40, 20)).toBeNull();
  });
});

describe('an item picture too costly to draw', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is refused before librsvg sees it, alone: the pictures beside it are drawn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [heavy, light] = await Promise.all([
      fetchItemPicture(`${origin}/heavy.svg`, origin, 520, 400),
      fetchItemPicture(`${origin}/light.svg`, origin, 520, 400),
    ]);
    expect(heavy).toBeNull();
    expect(light).toMatch(/^data:image\/jpeg;base64,/);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /^공유 이미지: 그림을 빼고 그립니다 \(SVG가 너무 크거나.*heavy\.svg$/,
    );
  });

  it('is given up when drawing it outlasts the time limit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const limits = { ...PICTURE_DRAW_LIMITS, seconds: 0.05 };
    expect(await pictureDataUri(Buffer.from(SLOW_SVG), 520, 400, limits, 'slow.svg')).toBeNull();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/0\.05초 안에 그리지 못했습니다.*slow\.svg$/);
    // Within the default limit the same picture is drawn.
    expect(await pictureDataUri(Buffer.from(SLOW_SVG), 52, 40)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('leaves the share picture drawn as for an item without a picture, and the build goes on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const options = { apiOrigin: origin, brand: '인사이트하이어', host: 'www.insighthire.example' };
    const card = { title: '무거운 그림', eyebrow: 'HR 이야기', image: null };
    const fallback = await renderShareImage({ ...card, localImage: HEAVY_SVG }, options);
    expect(fallback.equals(await renderShareImage(card, options))).toBe(true);
    const remote = await renderShareImage({ ...card, image: `${origin}/heavy.svg` }, options);
    expect(remote.equals(fallback)).toBe(true);
  });

  it('screens anything that starts like markup as an SVG, however long its preamble', () => {
    expect(isSvg(Buffer.from(LIGHT_SVG))).toBe(true);
    expect(isSvg(Buffer.from(`\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg>\n${LIGHT_SVG}`))).toBe(
      true,
    );
    expect(isSvg(Buffer.from(`${' '.repeat(100)}<!-- ${'x'.repeat(8000)} -->${LIGHT_SVG}`))).toBe(true);
    expect(isSvg(PNG_1x1)).toBe(false);
  });
});

describe('renderShareImage', () => {
  const options = () => ({ apiOrigin: origin, brand: '인사이트하이어', host: 'www.insighthire.example' });

  it(
    'draws a 1200×630 JPEG under the limit for long, short, odd and image-less titles',
    { timeout: 60_000 },
    async () => {
      const cards = [
        {
          title:
            '면접관의 평가 역량을 데이터로 관리하는 법: 구조화 면접 도입 3년 차 공공기관이 배운 일곱 가지 교훈과 다음 과제',
          eyebrow: 'HR 이야기',
          image: `${origin}/ok.png`,
        },
        { title: 'AI', eyebrow: '특허 기술', image: null },
        { title: '   ', eyebrow: '', image: `${origin}/broken.png` },
        {
          title: '\u0000\u200b😀 제어 문자와 이모지 <script>',
          eyebrow: '고객 성공 사례',
          image: 'https://elsewhere.example/x.png',
        },
      ];
      for (const card of cards) {
        const jpeg = await renderShareImage(card, options());
        const meta = await sharp(jpeg).metadata();
        expect([meta.format, meta.width, meta.height], card.title).toEqual(['jpeg', 1200, 630]);
        expect(jpeg.byteLength).toBeLessThanOrEqual(SHARE_IMAGE_MAX_BYTES);
      }
    },
  );
});

describe('share cards', () => {
  it('keys a picture by what it shows', () => {
    const card = { title: '제목', eyebrow: 'HR 이야기', image: null };
    expect(shareCardKey(card)).toBe(shareCardKey({ ...card }));
    expect(shareCardKey({ ...card, title: '다른 제목' })).not.toBe(shareCardKey(card));
    expect(shareCardKey({ ...card, image: 'https://x/y.png' })).not.toBe(shareCardKey(card));
    expect(visualLength('가나 ab')).toBeCloseTo(2 + 0.56 * 3);
  });
});
