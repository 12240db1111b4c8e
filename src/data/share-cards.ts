/**
 * The static pages with a share picture of their own (`/og/<page>.jpg`), and the words each
 * picture shows: the six product pages, operation and the white paper. Keyed by page path
 * without slashes. Plain data taken from the pages' own modules; the picture itself (its card,
 * drawing and cache key, src/lib/og/) is made where it is used, in src/pages/og/[...page].jpg.ts.
 * Detail pages always have a picture (src/lib/og/share-cards.ts).
 */
import { operation } from './operation.ts';
import { products, productSlugs } from './products.ts';
import { whitepaper } from './whitepaper.ts';

/** What a static page's share picture says. */
export interface PageShareText {
  /** The headline: the page's title. */
  title: string;
  /** The label above it: the page's section or the product's kind. */
  eyebrow: string;
}

export const pageShareCards: Readonly<Record<string, PageShareText>> = {
  ...Object.fromEntries(
    productSlugs.map((slug) => [slug, { title: products[slug].title, eyebrow: products[slug].eyebrow }]),
  ),
  operation: { title: operation.title, eyebrow: operation.eyebrow },
  whitepaper: { title: whitepaper.title, eyebrow: whitepaper.shareEyebrow },
};
