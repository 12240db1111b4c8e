/**
 * Which pages have their own share picture (`og:image`), and what each picture shows.
 *
 * Every pre-rendered detail page (HR story, success story, patent) and every product page gets a
 * 1200×630 JPEG at `/og/<page path>.jpg`, drawn at build time by `src/pages/og/[...page].jpg.ts`
 * (see `render-share-image.ts`). Other pages share `public/og-default.png`.
 *
 * Plain data and pure functions, no `astro:` imports: the nightly rebuild's route table
 * (`scripts/rebuild/routes.ts`) reads the same content to digest each picture's route.
 */
import { createHash } from 'node:crypto';
import { operation } from '../../data/operation.ts';
import { products, productSlugs } from '../../data/products.ts';
import { whitepaper } from '../../data/whitepaper.ts';

/** What one share picture shows. */
export interface ShareCard {
  /** The page's title, the picture's headline. */
  title: string;
  /** A short label above the title: the page's section or the product's kind. */
  eyebrow: string;
  /**
   * The item's picture from the content API (absolute address), or null for the brand
   * background. Only an http(s) address on the API's origin is ever fetched.
   */
  image: string | null;
  /** A picture drawn from the site's own files (a product illustration, SVG source), or null. */
  localImage?: string | null | undefined;
}

/** The three kinds of detail page, with the eyebrow of their pictures. */
export const detailShareSections = {
  blog: { prefix: 'info/blog', eyebrow: 'HR 이야기' },
  success: { prefix: 'cad_archive', eyebrow: '고객 성공 사례' },
  patent: { prefix: 'info/patent', eyebrow: '특허 기술' },
} as const;

export type DetailShareKind = keyof typeof detailShareSections;

/** The part of a detail the picture shows (and the only part its cache key and route digest read). */
export function detailShareCard(kind: DetailShareKind, detail: { title: string; img?: string | null | undefined }): ShareCard {
  return { title: detail.title, eyebrow: detailShareSections[kind].eyebrow, image: detail.img || null };
}

/** `page` parameter of a detail's picture: `info/blog/hr-0001`. */
export function detailSharePage(kind: DetailShareKind, key: string): string {
  return `${detailShareSections[kind].prefix}/${key}`;
}

/** The static pages with their own picture: the six product pages, operation and the white paper. */
export const pageShareCards: Readonly<Record<string, ShareCard>> = {
  ...Object.fromEntries(
    productSlugs.map((slug) => [slug, { title: products[slug].title, eyebrow: products[slug].eyebrow, image: null }]),
  ),
  operation: { title: operation.title, eyebrow: operation.eyebrow, image: null },
  whitepaper: { title: whitepaper.title, eyebrow: whitepaper.shareEyebrow, image: null },
};

/** Address of the share picture of a page (`/info/blog/hr-0001/` → `/og/info/blog/hr-0001.jpg`). */
export function shareImagePath(page: string): string {
  return `/og/${page.replace(/^\/+|\/+$/g, '')}.jpg`;
}

const DETAIL_PATH = /^\/(info\/blog|cad_archive|info\/patent)\/([^/]+)\/?$/;

/**
 * The share picture of a page path, or undefined when the page shares the default picture.
 * Detail paths always have one (every pre-rendered detail gets a picture); static pages only
 * when listed in `pageShareCards`.
 */
export function ownShareImagePath(pathname: string): string | undefined {
  if (DETAIL_PATH.test(pathname)) return shareImagePath(pathname);
  const page = pathname.replace(/^\/+|\/+$/g, '');
  return Object.hasOwn(pageShareCards, page) ? shareImagePath(page) : undefined;
}

/**
 * Incremental-build cache key of a picture: a digest of everything it shows (title, eyebrow,
 * picture address or source). The module graph hash covers the drawing code and the fonts.
 */
export function shareCardKey(card: ShareCard): string {
  return createHash('sha256')
    .update(JSON.stringify([card.title, card.eyebrow, card.image, card.localImage ?? null]))
    .digest('hex')
    .slice(0, 24);
}
