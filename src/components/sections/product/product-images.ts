/** The three screen illustrations of each product page: `assets/products/<slug>-1..3.svg`. */
import type { ImageMetadata } from 'astro';
import type { ProductSlug } from '../../../data/products.ts';

const files = import.meta.glob<ImageMetadata>('../../../assets/products/*.svg', { eager: true, import: 'default' });

/** The illustrations of a product's sections, in order. */
export function productImages(slug: ProductSlug): ImageMetadata[] {
  return [1, 2, 3].map((n) => {
    const image = files[`../../../assets/products/${slug}-${n}.svg`];
    if (!image) throw new Error(`제품 이미지가 없습니다: ${slug}-${n}.svg`);
    return image;
  });
}
