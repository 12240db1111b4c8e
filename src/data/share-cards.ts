/**
 * The static pages with a share picture of their own, and what each shows: the six product
 * pages, operation and the white paper (detail pages always have one; see
 * `src/lib/og/share-cards.ts`). Keyed by page path without slashes.
 */
import type { ShareCard } from '../lib/og/share-cards.ts';
import { operation } from './operation.ts';
import { products, productSlugs } from './products.ts';
import { whitepaper } from './whitepaper.ts';

export const pageShareCards: Readonly<Record<string, ShareCard>> = {
  ...Object.fromEntries(
    productSlugs.map((slug) => [
      slug,
      { title: products[slug].title, eyebrow: products[slug].eyebrow, image: null },
    ]),
  ),
  operation: { title: operation.title, eyebrow: operation.eyebrow, image: null },
  whitepaper: { title: whitepaper.title, eyebrow: whitepaper.shareEyebrow, image: null },
};
