/** The three screen illustrations of each product page: `assets/products/<slug>-1..3.svg`. */
import type { ImageMetadata } from 'astro';
import type { SvgComponent } from 'astro/types';
import type { ProductSlug } from '../../../data/products.ts';

/** An imported SVG file: its size for <Image>, and a component that draws it inline. */
type SvgFile = SvgComponent & ImageMetadata;

const files = import.meta.glob<SvgFile>('../../../assets/products/*.svg', { eager: true, import: 'default' });

/** The illustrations of a product's sections, in order. */
export function productImages(slug: ProductSlug): ImageMetadata[] {
  return [1, 2, 3].map((n) => {
    const image = files[`../../../assets/products/${slug}-${n}.svg`];
    if (!image) throw new Error(`제품 이미지가 없습니다: ${slug}-${n}.svg`);
    return image;
  });
}

/**
 * The first illustration, the largest thing at the top of a product page, as a component that
 * draws it inline: it paints with the first frame, with no request and no image to decode.
 */
export function productLeadImage(slug: ProductSlug): SvgComponent {
  return productImages(slug)[0] as SvgFile;
}
