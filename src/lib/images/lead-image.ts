/**
 * Build time: the address a pre-rendered page gives its first, largest picture (the first
 * list card's, a detail page's). Small images travel inside the HTML; an item without an image
 * gets the site's fallback, inlined too, so the first screen never waits for a picture.
 */
import fallbackSvg from '../../../public/images/fallback-thumb.svg?raw';
import { svgDataUri } from './data-uri.ts';
import { inlineRemoteImage } from './inline-remote.ts';

/** The fallback picture (public/images/fallback-thumb.svg) as a `data:` address. */
export const FALLBACK_IMAGE_DATA_URI = svgDataUri(fallbackSvg);

/** `url` inlined when small, `url` itself when not (or unreachable), the fallback when absent. */
export async function leadImageSrc(url: string | null | undefined): Promise<string> {
  if (!url) return FALLBACK_IMAGE_DATA_URI;
  return (await inlineRemoteImage(url)) ?? url;
}
