/**
 * Build time: draws a page's 1200×630 share picture (KakaoTalk, Naver, Facebook, X link
 * previews) as a JPEG under 100 KB.
 *
 * The layout is written as a small element tree and laid out by satori (text in Pretendard from
 * the `pretendard` package, turned into outlines), then rasterised and encoded by sharp. The
 * picture shows the brand, the section, the title and, when the item has one, its picture in a
 * framed card; otherwise decorative brand shapes.
 *
 * It never throws: an unreachable, huge or broken item picture falls back to the brand
 * background, and a title satori cannot lay out falls back to the site's default picture, so a
 * bad item can never stop the build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import type { ShareCard } from './share-cards.ts';
import { fetchImageBytes, imageOrigins } from '../images/inline-remote.ts';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** Largest picture written; the JPEG quality is lowered until the picture fits. */
export const SHARE_IMAGE_MAX_BYTES = 100 * 1024;

/** Time and size limits for fetching an item's picture from the content API. */
const IMAGE_TIMEOUT_MS = 8_000;
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

// Brand colours (src/styles/_tokens.scss).
const C = {
  navy900: '#101a33',
  navy800: '#1b2a4a',
  navy700: '#2a3b62',
  indigo500: '#3d5afe',
  teal500: '#12b5a6',
  onDark: '#f3f5fb',
  onDarkMuted: '#b9c2d6',
};

/** The logo mark (public/favicon.svg) for the picture's corner. */
const LOGO_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3d5afe"/><path d="M3.5 16C8.3 7.9 23.7 7.9 28.5 16C23.7 24.1 8.3 24.1 3.5 16Z" fill="#fff"/><circle cx="16" cy="16" r="6" fill="#12b5a6"/><path d="M13 16.1l2.1 2.1 4-4.2" fill="none" stroke="#fff" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** The logo's eye alone, in outline tints, for pictures without an item picture. */
const WATERMARK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><path d="M3.5 16C8.3 7.9 23.7 7.9 28.5 16C23.7 24.1 8.3 24.1 3.5 16Z" fill="#ffffff" fill-opacity=".06" stroke="#ffffff" stroke-opacity=".16" stroke-width=".5"/><circle cx="16" cy="16" r="6" fill="#12b5a6" fill-opacity=".3"/><path d="M13 16.1l2.1 2.1 4-4.2" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/></svg>';

export interface RenderOptions {
  /** Origin of the content API; item pictures elsewhere are not fetched. */
  apiOrigin: string;
  /** The brand name written on the picture. */
  brand: string;
  /** The site's host name written at the bottom (e.g. `www.insighthire.example`). */
  host: string;
  /** Resolves package and project files; the project root by default. */
  root?: string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Fonts: Pretendard's OTF files (satori reads OTF/TTF/WOFF, not WOFF2).

type Weight = 500 | 700 | 800;
type SatoriFont = { name: string; data: Buffer; weight: Weight; style: 'normal' };
let fonts: SatoriFont[] | undefined;

function projectRequire(root: string) {
  return createRequire(join(root, 'package.json'));
}

function loadFonts(root: string): SatoriFont[] {
  if (fonts) return fonts;
  const require = projectRequire(root);
  const file = (name: string) => readFileSync(require.resolve(`pretendard/dist/public/static/${name}.otf`));
  fonts = [
    { name: 'Pretendard', data: file('Pretendard-Medium'), weight: 500, style: 'normal' },
    { name: 'Pretendard', data: file('Pretendard-Bold'), weight: 700, style: 'normal' },
    { name: 'Pretendard', data: file('Pretendard-ExtraBold'), weight: 800, style: 'normal' },
  ];
  return fonts;
}

/**
 * Text inside SVG pictures (the illustrations name Pretendard) is drawn by librsvg through
 * fontconfig. Registering the package's fonts means those pictures look the same on a build
 * machine without Korean system fonts. Must run before sharp first draws text.
 */
let fontconfigReady = false;
function registerFontsForSvg(root: string): void {
  if (fontconfigReady || process.env.FONTCONFIG_FILE) return;
  fontconfigReady = true;
  try {
    const dir = join(projectRequire(root).resolve('pretendard/dist/public/static/Pretendard-Bold.otf'), '..');
    const conf = join(tmpdir(), `insighthire-og-fonts-${process.pid}.conf`);
    const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    writeFileSync(
      conf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
        `  <dir>${escape(dir)}</dir>\n  <cachedir>${escape(join(tmpdir(), 'insighthire-og-fontcache'))}</cachedir>\n</fontconfig>\n`,
    );
    process.env.FONTCONFIG_FILE = conf;
  } catch {
    // Without it SVG text uses the system's fonts.
  }
}

// ---------------------------------------------------------------------------------------------
// The item's picture.

/** The item's picture as a JPEG `data:` address of `width`×`height` (cover), or null. */
export async function fetchItemPicture(
  url: string | null | undefined,
  apiOrigin: string,
  width: number,
  height: number,
): Promise<string | null> {
  if (!url) return null;
  const image = await fetchImageBytes(url, imageOrigins(apiOrigin), { maxBytes: IMAGE_MAX_BYTES, timeoutMs: IMAGE_TIMEOUT_MS });
  return image ? pictureDataUri(Buffer.from(image.bytes), width, height) : null;
}

/** Any picture sharp can read (JPEG, PNG, WebP, GIF, AVIF, SVG) as a `width`×`height` JPEG `data:` address. */
export async function pictureDataUri(bytes: Buffer, width: number, height: number): Promise<string | null> {
  try {
    // Vector pictures are drawn at the size they are shown, not drawn large and scaled down.
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    const density = meta.format === 'svg' && meta.width ? Math.min(288, Math.max(36, (72 * width) / meta.width)) : undefined;
    const jpeg = await sharp(bytes, { limitInputPixels: 40_000_000, ...(density ? { density } : {}) })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Layout.

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[]; [key: string]: unknown };
}
type Child = Node | string | null;

const h = (type: string, style: Style, children?: Child | Child[], props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, ...(children === undefined ? {} : { children }) },
});

/** Visual length of a title in Hangul-width units (Latin letters, digits and spaces count less). */
export function visualLength(text: string): number {
  let length = 0;
  for (const char of text) length += /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u4e00-\u9fff]/.test(char) ? 1 : 0.56;
  return length;
}

/** Title size and line count for a title of `text` in a column of `width` pixels. */
function titleFit(text: string, width: number): { size: number; lines: number } {
  const length = visualLength(text);
  // A Hangul syllable of Pretendard Bold is about 0.93 em wide at -0.02 em tracking.
  const perLine = (size: number) => width / (size * 0.93);
  for (const size of [68, 62, 56, 50]) {
    if (size > 62 && width < 700) continue;
    const lines = Math.ceil((length * 1.12) / perLine(size));
    if (lines <= (size >= 62 ? 2 : 3)) return { size, lines: Math.max(lines, 1) };
  }
  return { size: 50, lines: 3 };
}

/** The picture's element tree. */
function layout(card: ShareCard, picture: string | null, options: RenderOptions): Node {
  const withPicture = picture !== null;
  const padX = 72;
  // Without a picture the title may run wider, but stops short of the watermark.
  const column = withPicture ? 540 : 860;
  const title = card.title.trim().replace(/\s+/g, ' ') || options.brand;
  const fit = titleFit(title, column);

  const decoration: Node[] = [
    // Soft brand shapes, as on the default picture.
    h('div', {
      position: 'absolute',
      width: 620,
      height: 620,
      borderRadius: 620,
      right: -220,
      top: -260,
      backgroundColor: C.indigo500,
      opacity: 0.16,
    }),
    h('div', {
      position: 'absolute',
      width: 420,
      height: 420,
      borderRadius: 420,
      left: -170,
      bottom: -250,
      backgroundColor: C.teal500,
      opacity: 0.14,
    }),
  ];
  if (!withPicture) {
    // The logo's eye as a large, quiet watermark where the item's picture would be.
    decoration.push(
      h('img', { position: 'absolute', right: 40, top: 250, width: 400, height: 400 }, null, {
        src: svgData(WATERMARK),
        width: 400,
        height: 400,
      }),
    );
  }

  const brandRow = h('div', { display: 'flex', alignItems: 'center' }, [
    h('img', { width: 44, height: 44, borderRadius: 10 }, null, { src: svgData(LOGO_MARK), width: 44, height: 44 }),
    h('div', { marginLeft: 14, fontSize: 30, fontWeight: 800, color: C.onDark, letterSpacing: '-0.02em' }, options.brand),
  ]);

  const eyebrow = h(
    'div',
    {
      display: 'flex',
      alignSelf: 'flex-start',
      padding: '8px 18px',
      borderRadius: 999,
      backgroundColor: 'rgba(18, 181, 166, 0.16)',
      color: '#5fe0d3',
      fontSize: 24,
      fontWeight: 700,
      letterSpacing: '-0.01em',
    },
    card.eyebrow,
  );

  const headline = h(
    'div',
    {
      display: 'block',
      marginTop: 22,
      width: column,
      fontSize: fit.size,
      fontWeight: 800,
      lineHeight: 1.28,
      letterSpacing: '-0.025em',
      color: '#ffffff',
      wordBreak: 'keep-all',
      lineClamp: 3,
    },
    title,
  );

  const footer = h('div', { display: 'flex', alignItems: 'center', fontSize: 22, fontWeight: 500, color: C.onDarkMuted }, [
    h('div', { width: 28, height: 4, borderRadius: 4, backgroundColor: C.teal500, marginRight: 14 }),
    options.host,
  ]);

  // Every block is placed absolutely, in paint order after the shapes (satori paints absolute
  // boxes over in-flow ones).
  const top = h('div', { position: 'absolute', left: padX, top: 58, display: 'flex' }, brandRow);
  const middle = h(
    'div',
    {
      position: 'absolute',
      left: padX,
      top: 132,
      height: 410,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'center',
    },
    [eyebrow, headline],
  );
  const bottom = h('div', { position: 'absolute', left: padX, bottom: 52, display: 'flex' }, footer);

  const children: Node[] = [...decoration, top, middle, bottom];
  if (picture) {
    children.push(
      h(
        'div',
        {
          position: 'absolute',
          right: 56,
          top: 150,
          display: 'flex',
          padding: 10,
          borderRadius: 26,
          backgroundColor: 'rgba(255, 255, 255, 0.96)',
          transform: 'rotate(-3deg)',
        },
        h('img', { width: PICTURE.width, height: PICTURE.height, borderRadius: 18 }, null, {
          src: picture,
          width: PICTURE.width,
          height: PICTURE.height,
        }),
      ),
    );
  }

  return h(
    'div',
    {
      display: 'flex',
      position: 'relative',
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      backgroundColor: C.navy800,
      backgroundImage: `linear-gradient(135deg, ${C.navy900} 0%, ${C.navy800} 55%, ${C.navy700} 100%)`,
      fontFamily: 'Pretendard',
      overflow: 'hidden',
    },
    children,
  );
}

/** The framed picture's size (16:9). */
const PICTURE = { width: 470, height: 264 };

function svgData(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

// ---------------------------------------------------------------------------------------------
// Rendering.

async function draw(card: ShareCard, picture: string | null, options: RenderOptions, root: string): Promise<Buffer> {
  const svg = await satori(layout(card, picture, options) as unknown as Parameters<typeof satori>[0], {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts: loadFonts(root),
  });
  const raster = sharp(Buffer.from(svg)).flatten({ background: C.navy800 });
  for (const quality of [86, 80, 72, 64, 55]) {
    const jpeg = await raster.clone().jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (jpeg.byteLength <= SHARE_IMAGE_MAX_BYTES || quality === 55) return jpeg;
  }
  throw new Error('unreachable');
}

/** The site's default share picture as a JPEG: the last resort. */
async function defaultPicture(root: string): Promise<Buffer> {
  return sharp(readFileSync(join(root, 'public', 'og-default.png')))
    .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT)
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** Draws `card`'s share picture (JPEG). Never throws. */
export async function renderShareImage(card: ShareCard, options: RenderOptions): Promise<Buffer> {
  const root = options.root ?? process.cwd();
  registerFontsForSvg(root);
  const picture = card.localImage
    ? await pictureDataUri(Buffer.from(card.localImage), PICTURE.width, PICTURE.height)
    : await fetchItemPicture(card.image, options.apiOrigin, PICTURE.width, PICTURE.height);
  try {
    return await draw(card, picture, options, root);
  } catch {
    try {
      return await draw({ ...card, title: card.title.replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, '') }, null, options, root);
    } catch {
      return defaultPicture(root);
    }
  }
}
