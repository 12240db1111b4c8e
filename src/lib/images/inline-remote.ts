/**
 * Build time: a content image from the API as a `data:` address when it is small (see
 * data-uri.ts), for the one image that is largest above the fold (the first card of a list,
 * a detail page's picture). Anything else (large, not an image, unreachable, slow, on a host
 * we do not fetch from) keeps its address, so this can only save a request, never lose an
 * image. Where the build may fetch from, and how much it reads: fetch-image.ts.
 */
import { buildApiUrl } from '../content/build-api.ts';
import { imageDataUri } from './data-uri.ts';
import { allowedImageOrigins, fetchImageBytes } from './fetch-image.ts';

// Re-exported: the list cards and the tests have always taken them from here.
export { fetchImageBytes, MAX_BYTES, PICTURE_FETCH_LIMITS } from './fetch-image.ts';

const cache = new Map<string, Promise<string | null>>();

/** The origins the build may fetch images from (the build's API by default). */
export function imageOrigins(
  apiUrl = buildApiUrl(),
  configured = process.env.CONTENT_IMAGE_HOSTS ?? '',
): Set<string> {
  return allowedImageOrigins(apiUrl, configured);
}

/** A small image from an allowed origin as a `data:` address, or null. */
export async function fetchAllowedImage(url: string, origins: ReadonlySet<string>): Promise<string | null> {
  const image = await fetchImageBytes(url, origins);
  return image ? imageDataUri(image.bytes, image.contentType) : null;
}

/** The image as a `data:` address, or null to keep using `url`. One fetch per address per build. */
export function inlineRemoteImage(url: string | null | undefined): Promise<string | null> {
  if (!url) return Promise.resolve(null);
  let pending = cache.get(url);
  if (!pending) {
    pending = fetchAllowedImage(url, imageOrigins());
    cache.set(url, pending);
  }
  return pending;
}
