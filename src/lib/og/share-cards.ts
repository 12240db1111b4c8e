/**
 * Which pages have their own share picture (`og:image`), and what each picture shows.
 *
 * Every pre-rendered detail page (HR story, success story, patent) and every page listed in
 * `pageShareCards` of `src/data/share-cards.ts` (the product pages, operation, the white paper,
 * with the words their picture shows) gets a 1200×630 JPEG
 * at `/og/<page path>.jpg`, drawn at build time by `src/pages/og/[...page].jpg.ts` (see
 * `render-share-image.ts`). Other pages share `public/og-default.png`.
 *
 * Plain data and pure functions, no `astro:` imports: the nightly rebuild reads them too.
 */
import { createHash } from 'node:crypto';
import { t } from '../../i18n/index.ts';
import { DETAIL_PATH_PATTERN } from '../detail-paths.ts';
import { detailRoutes, type DetailKind } from '../routes.ts';

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

/** The label above the title of each kind of detail's picture. */
const detailEyebrows: Readonly<Record<DetailKind, string>> = {
  blog: t('share.eyebrow.blog'),
  success: t('share.eyebrow.success'),
  patent: t('share.eyebrow.patent'),
};

/** The part of a detail the picture shows (and the only part its cache key and route digest read). */
export function detailShareCard(
  kind: DetailKind,
  detail: { title: string; img?: string | null | undefined },
): ShareCard {
  return { title: detail.title, eyebrow: detailEyebrows[kind], image: detail.img || null };
}

/** `page` parameter of a detail's picture: `info/blog/hr-0001`. */
export function detailSharePage(kind: DetailKind, key: string): string {
  return `${detailRoutes[kind].pathPrefix.slice(1)}${key}`;
}

/** Address of the share picture of a page (`/info/blog/hr-0001/` → `/og/info/blog/hr-0001.jpg`). */
export function shareImagePath(page: string): string {
  return `/og/${page.replace(/^\/+|\/+$/g, '')}.jpg`;
}

/**
 * The share picture of a page path, or undefined when the page shares the default picture.
 * Detail paths always have one (every pre-rendered detail gets a picture); other pages only
 * when they are among the keys of `pages` (`pageShareCards` of `src/data/share-cards.ts`).
 */
export function ownShareImagePath(
  pathname: string,
  pages: Readonly<Record<string, unknown>>,
): string | undefined {
  if (DETAIL_PATH_PATTERN.test(pathname)) return shareImagePath(pathname);
  const page = pathname.replace(/^\/+|\/+$/g, '');
  return Object.hasOwn(pages, page) ? shareImagePath(page) : undefined;
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
