// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BANNER_FRAME,
  CARD_PICTURES_PATH,
  cardPictureSrc,
  contentPictureSrc,
  fallbackCardPictureSrc,
} from './card-picture.ts';

/** A card picture as the reference content draws them: Korean text in an SVG. */
const svg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450" font-family="Pretendard"><rect width="800" height="450" fill="#3d5afe"/><text x="40" y="240" font-size="48" fill="#fff">${label}</text></svg>`;
const logo = join(process.cwd(), 'public', 'logo-512.png');
/** An SVG of `count` chained blurs over the card's rectangle. */
const blurredSvg = (count: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><defs><filter id="f">${'<feGaussianBlur stdDeviation="40"/>'.repeat(count)}</filter></defs><rect width="800" height="450" fill="#c00" filter="url(#f)"/></svg>`;
/** A few KB that would keep librsvg busy for many minutes: thousands of chained blurs. */
const HEAVY_SVG = blurredSvg(3000);
/** Few enough effects to pass the screen, still slower to draw than a tiny time limit. */
const SLOW_SVG = blurredSvg(24);

let api: Server;
let other: Server;
let apiOrigin = '';
let otherOrigin = '';
const hits: string[] = [];
let dir = '';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  other = createServer((req, res) => {
    hits.push(`other ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg('다른 곳'));
  });
  otherOrigin = await listen(other);
  api = createServer((req, res): void => {
    hits.push(req.url ?? '');
    const send = (status: number, type: string, body: string | Buffer) =>
      void res.writeHead(status, { 'content-type': type }).end(body);
    if (req.url === '/images/a.svg' || req.url === '/images/a-again.svg')
      return send(200, 'image/svg+xml', svg('구조화 면접'));
    if (req.url === '/images/b.svg') return send(200, 'image/svg+xml', svg('채용 트렌드'));
    if (req.url === '/images/light.svg') return send(200, 'image/svg+xml', svg('가벼운 그림'));
    if (req.url === '/images/heavy.svg') return send(200, 'image/svg+xml', HEAVY_SVG);
    if (req.url === '/images/slow.svg') return send(200, 'image/svg+xml', SLOW_SVG);
    // The same blurs gzip-compressed (.svgz, which libvips reads as SVG): about 500 bytes.
    if (req.url === '/images/heavy.svgz') return send(200, 'image/svg+xml', gzipSync(HEAVY_SVG));
    if (req.url === '/images/busy.svg') return send(429, 'application/json', '{"error":"잠시 후"}');
    if (req.url === '/images/page.svg')
      return send(200, 'text/html', '<!doctype html><p>이미지가 아닙니다</p>');
    // An SVG that names a file of the build machine and another host: neither may be drawn.
    if (req.url === '/images/prying.svg')
      return send(
        200,
        'image/svg+xml',
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="800" height="450"><rect width="800" height="450" fill="#fff"/><image x="0" y="0" width="800" height="450" href="file://${logo}" xlink:href="file://${logo}"/><image x="0" y="0" width="800" height="450" href="${otherOrigin}/x.svg"/></svg>`,
      );
    send(404, 'application/json', '{"error":"없음"}');
  });
  apiOrigin = await listen(api);
  dir = mkdtempSync(join(tmpdir(), 'card-pictures-'));
});

afterAll(() => {
  api.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

const options = () => ({ dir, origins: new Set([apiOrigin]) });
const fileOf = (src: string) => join(dir, src);

describe('cardPictureSrc', () => {
  it('draws an SVG card picture as an 800×450 WebP of the site, named by its content', async () => {
    const src = await cardPictureSrc(`${apiOrigin}/images/a.svg`, options());
    expect(src).toMatch(new RegExp(`^${CARD_PICTURES_PATH}[\\w-]{16}\\.webp$`));
    const meta = await sharp(fileOf(src)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 450]);
    // The same picture at another address is the same file; another picture is another.
    expect(await cardPictureSrc(`${apiOrigin}/images/a-again.svg`, options())).toBe(src);
    expect(await cardPictureSrc(`${apiOrigin}/images/b.svg`, options())).not.toBe(src);
  });

  it("draws a banner's picture at the banner's size, beside the same picture's card", async () => {
    const card = await cardPictureSrc(`${apiOrigin}/images/a.svg`, options());
    const banner = await contentPictureSrc(`${apiOrigin}/images/a.svg`, {
      ...options(),
      frame: BANNER_FRAME,
    });
    expect(banner).not.toBe(card);
    const meta = await sharp(fileOf(banner!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 720]);
    // An item without a picture: the fallback, drawn at that size too.
    const fallback = await contentPictureSrc(undefined, { ...options(), frame: BANNER_FRAME });
    expect((await sharp(fileOf(fallback!)).metadata()).width).toBe(1280);
  });

  it('fetches each address once per build', async () => {
    const url = `${apiOrigin}/images/b.svg`;
    await cardPictureSrc(url, options());
    const before = hits.filter((hit) => hit === '/images/b.svg').length;
    await Promise.all([cardPictureSrc(url, options()), cardPictureSrc(url, options())]);
    expect(hits.filter((hit) => hit === '/images/b.svg').length).toBe(before);
  });

  it.each([
    ['rate-limited (429)', '/images/busy.svg'],
    ['missing (404)', '/images/gone.svg'],
    ['not a picture', '/images/page.svg'],
  ])('keeps the address of a picture that is %s, and writes nothing', async (_what, path) => {
    const files = readdirSync(join(dir, CARD_PICTURES_PATH)).length;
    const url = `${apiOrigin}${path}`;
    expect(await cardPictureSrc(url, options())).toBe(url);
    expect(readdirSync(join(dir, CARD_PICTURES_PATH))).toHaveLength(files);
  });

  it('keeps the address of a picture on a host the build does not fetch from, without fetching it', async () => {
    const url = `${otherOrigin}/images/a.svg`;
    expect(await cardPictureSrc(url, options())).toBe(url);
    expect(hits.some((hit) => hit.startsWith('other'))).toBe(false);
  });

  it('keeps every address when no build asks for pictures (dev server, tests)', async () => {
    const url = `${apiOrigin}/images/never.svg`;
    expect(await cardPictureSrc(url, { origins: new Set([apiOrigin]) })).toBe(url);
    expect(hits).not.toContain('/images/never.svg');
  });

  it("draws an SVG's own shapes only: no file of the build machine, no other host", async () => {
    const src = await cardPictureSrc(`${apiOrigin}/images/prying.svg`, options());
    expect(src.startsWith(CARD_PICTURES_PATH)).toBe(true);
    const { channels } = await sharp(fileOf(src)).stats();
    // All white: the logo (blue and teal) was not drawn in.
    expect(channels.slice(0, 3).map((channel) => channel.min)).toEqual([255, 255, 255]);
    expect(hits.some((hit) => hit.startsWith('other'))).toBe(false);
  });
});

describe('a card picture too costly to draw', () => {
  afterEach(() => vi.restoreAllMocks());

  it("is refused before librsvg sees it and shows the site's fallback, alone: the pictures beside it are drawn", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [heavy, light] = await Promise.all([
      cardPictureSrc(`${apiOrigin}/images/heavy.svg`, options()),
      cardPictureSrc(`${apiOrigin}/images/light.svg`, options()),
    ]);
    expect(heavy).toBe(await fallbackCardPictureSrc({ dir }));
    expect(light).toMatch(new RegExp(`^${CARD_PICTURES_PATH}[\\w-]{16}\\.webp$`));
    expect(light).not.toBe(heavy);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /^목록 카드: 대체 그림으로 그립니다 \(SVG가 너무 크거나.*heavy\.svg$/,
    );
  });

  it('is screened as the SVG it holds when gzip-compressed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const src = await cardPictureSrc(`${apiOrigin}/images/heavy.svgz`, options());
    expect(src).toBe(await fallbackCardPictureSrc({ dir }));
    // Refused by the screen, not left to the time limit.
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/\(SVG가 너무 크거나.*heavy\.svgz$/);
  });

  it('shows the fallback when drawing it outlasts the time limit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const limits = { seconds: 0.05, maxSvgBytes: 1024 * 1024, maxSvgEffects: 64 };
    const src = await cardPictureSrc(`${apiOrigin}/images/slow.svg`, { ...options(), limits });
    expect(src).toBe(await fallbackCardPictureSrc({ dir }));
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/0\.05초 안에 그리지 못했습니다.*slow\.svg$/);
  });
});

describe('fallbackCardPictureSrc', () => {
  it("draws the site's fallback picture once, as a WebP of the site", async () => {
    const src = await fallbackCardPictureSrc({ dir });
    expect(src).toMatch(new RegExp(`^${CARD_PICTURES_PATH}[\\w-]{16}\\.webp$`));
    expect(await fallbackCardPictureSrc({ dir })).toBe(src);
    const meta = await sharp(fileOf(src!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 450]);
    expect(await fallbackCardPictureSrc({})).toBeNull();
  });
});
