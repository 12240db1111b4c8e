/**
 * Build time: the first list card's picture. It paints with the HTML (lead-image.ts inlines it
 * when small), since on a phone it is the largest thing on the first screen. An inlined SVG with
 * text, though, is laid out on the page's main thread, Korean text and font fallback included,
 * right after the first paint: a long task on a slow phone (svg-without-text.ts). Such a picture
 * is split in two: its shapes without the text, inlined, which paint with the HTML as before, and
 * the whole picture drawn as the site's WebP file (card-picture.ts, as every other card's), laid
 * over them once it arrives and decoded off the main thread.
 */
import { CARD_PICTURES_PATH, cardPictureSrc, fallbackCardPictureSrc } from './card-picture.ts';
import { svgDataUri } from './data-uri.ts';
import { leadImageSrc } from './lead-image.ts';
import { svgOfDataUri, svgWithoutText } from './svg-without-text.ts';

export interface LeadCardPicture {
  /** The picture's address: a `data:` address, the site's WebP file, or the API's address. */
  image: string;
  /** Shown under `image` until it arrives: the inlined picture without its text. */
  preview: string | null;
}

/** The inlined picture's shapes as a `data:` address, when it is an SVG with text. */
export function textlessPreview(inlined: string): string | null {
  const svg = svgOfDataUri(inlined);
  const shapes = svg === null ? null : svgWithoutText(svg);
  return shapes === null ? null : svgDataUri(shapes);
}

/**
 * The first card's picture of an item whose picture is at `url` (none: the site's fallback).
 * Where the build draws no WebP file (the dev server, the tests' renders, a picture it refused),
 * the inlined picture whole, as before.
 */
export async function leadCardPicture(url: string | null | undefined): Promise<LeadCardPicture> {
  const inlined = await leadImageSrc(url);
  const preview = textlessPreview(inlined);
  if (preview === null) return { image: inlined, preview: null };
  const drawn = url ? await cardPictureSrc(url) : await fallbackCardPictureSrc();
  if (!drawn?.startsWith(CARD_PICTURES_PATH)) return { image: inlined, preview: null };
  return { image: drawn, preview };
}
