/** The three screen illustrations of each product page: `assets/products/<slug>-1..3.svg`. */
import type { ImageMetadata } from 'astro';
import type { ProductSlug } from '../../../data/products.ts';
import { svgDataUri } from '../../../lib/images/data-uri.ts';

const files = import.meta.glob<ImageMetadata>('../../../assets/products/*.svg', { eager: true, import: 'default' });
const sources = import.meta.glob<string>('../../../assets/products/*-1.svg', { eager: true, query: '?raw', import: 'default' });

/** The illustrations of a product's sections, in order. */
export function productImages(slug: ProductSlug): ImageMetadata[] {
  return [1, 2, 3].map((n) => {
    const image = files[`../../../assets/products/${slug}-${n}.svg`];
    if (!image) throw new Error(`제품 이미지가 없습니다: ${slug}-${n}.svg`);
    return image;
  });
}

/**
 * The first illustration, the largest element at the top of a product page, as a `data:`
 * address: it paints with the HTML instead of waiting for a request.
 */
export function productLeadImage(slug: ProductSlug): string {
  const source = sources[`../../../assets/products/${slug}-1.svg`];
  if (!source) throw new Error(`제품 이미지가 없습니다: ${slug}-1.svg`);
  return svgDataUri(source);
}
