// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderShareImage, SHARE_IMAGE_MAX_BYTES } from './render-share-image.ts';
import { visualLength } from './share-image-layout.ts';
import { fetchItemPicture } from './share-image-picture.ts';
import { shareCardKey } from './share-cards.ts';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
let server: Server;
let origin: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1x1);
    else if (req.url === '/huge.png')
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) }).end();
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
