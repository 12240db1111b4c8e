/**
 * The share picture's layout: the brand, the section, the title and, when the item has one, its
 * picture in a framed card; otherwise decorative brand shapes. Written as the element tree satori
 * takes (what JSX would compile to), with the title sized to fit.
 */
// The logo mark for the picture's corner: the site's favicon, one file.
import faviconSvg from '../../assets/brand/favicon.svg?raw';
import type { ShareCard } from './share-cards.ts';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** The item picture's size in its frame (16:9). */
export const FRAMED_PICTURE = { width: 470, height: 264 };

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

/** The logo's eye alone, in outline tints, for pictures without an item picture. */
const WATERMARK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><path d="M3.5 16C8.3 7.9 23.7 7.9 28.5 16C23.7 24.1 8.3 24.1 3.5 16Z" fill="#ffffff" fill-opacity=".06" stroke="#ffffff" stroke-opacity=".16" stroke-width=".5"/><circle cx="16" cy="16" r="6" fill="#12b5a6" fill-opacity=".3"/><path d="M13 16.1l2.1 2.1 4-4.2" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Colour under the picture where nothing is drawn. */
export const SHARE_IMAGE_BACKGROUND = C.navy800;

/** What the picture writes besides the card. */
export interface LayoutText {
  /** The brand name written on the picture. */
  brand: string;
  /** The site's host name written at the bottom (e.g. `www.insighthire.example`). */
  host: string;
}

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[]; [key: string]: unknown };
}
type Child = Node | string | null;

const h = (
  type: string,
  style: Style,
  children?: Child | Child[],
  props: Record<string, unknown> = {},
): Node => ({
  type,
  props: { ...props, style, ...(children === undefined ? {} : { children }) },
});

/** Visual length of a title in Hangul-width units (Latin letters, digits and spaces count less). */
export function visualLength(text: string): number {
  let length = 0;
  for (const char of text)
    length += /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u4e00-\u9fff]/.test(char) ? 1 : 0.56;
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
export function shareImageTree(card: ShareCard, picture: string | null, options: LayoutText): Node {
  const padX = 72;
  // Without a picture the title may run wider, but stops short of the watermark.
  const column = picture !== null ? 540 : 860;
  const title = card.title.trim().replace(/\s+/g, ' ') || options.brand;

  // Every block is placed absolutely, in paint order after the shapes (satori paints absolute
  // boxes over in-flow ones).
  const top = h(
    'div',
    { position: 'absolute', left: padX, top: 58, display: 'flex' },
    brandRow(options.brand),
  );
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
    [eyebrow(card.eyebrow), headline(title, column)],
  );
  const bottom = h(
    'div',
    { position: 'absolute', left: padX, bottom: 52, display: 'flex' },
    footer(options.host),
  );

  const children: Node[] = [...decoration(picture !== null), top, middle, bottom];
  if (picture) children.push(framedPicture(picture));

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

/** Soft brand shapes, as on the default picture; the logo's eye as a watermark without a picture. */
function decoration(withPicture: boolean): Node[] {
  const shapes: Node[] = [
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
    shapes.push(
      h('img', { position: 'absolute', right: 40, top: 250, width: 400, height: 400 }, null, {
        src: svgData(WATERMARK),
        width: 400,
        height: 400,
      }),
    );
  }
  return shapes;
}

/** The logo mark and the brand name. */
function brandRow(brand: string): Node {
  return h('div', { display: 'flex', alignItems: 'center' }, [
    h('img', { width: 44, height: 44, borderRadius: 10 }, null, {
      src: svgData(faviconSvg),
      width: 44,
      height: 44,
    }),
    h(
      'div',
      { marginLeft: 14, fontSize: 30, fontWeight: 800, color: C.onDark, letterSpacing: '-0.02em' },
      brand,
    ),
  ]);
}

/** The section's name in a pill above the title. */
function eyebrow(text: string): Node {
  return h(
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
    text,
  );
}

/** The title, sized to fit `column` pixels (`titleFit`). */
function headline(title: string, column: number): Node {
  return h(
    'div',
    {
      display: 'block',
      marginTop: 22,
      width: column,
      fontSize: titleFit(title, column).size,
      fontWeight: 800,
      lineHeight: 1.28,
      letterSpacing: '-0.025em',
      color: '#ffffff',
      wordBreak: 'keep-all',
      lineClamp: 3,
    },
    title,
  );
}

/** A short teal rule and the site's host name. */
function footer(host: string): Node {
  return h(
    'div',
    { display: 'flex', alignItems: 'center', fontSize: 22, fontWeight: 500, color: C.onDarkMuted },
    [h('div', { width: 28, height: 4, borderRadius: 4, backgroundColor: C.teal500, marginRight: 14 }), host],
  );
}

/** The item's picture in a tilted white frame on the right. */
function framedPicture(picture: string): Node {
  return h(
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
    h('img', { width: FRAMED_PICTURE.width, height: FRAMED_PICTURE.height, borderRadius: 18 }, null, {
      src: picture,
      width: FRAMED_PICTURE.width,
      height: FRAMED_PICTURE.height,
    }),
  );
}

function svgData(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
