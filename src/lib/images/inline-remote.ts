/**
 * Build time: a content image from the API as a `data:` address when it is small (see
 * data-uri.ts), for the one image that is largest above the fold (the first card of a list,
 * a detail page's picture). Anything else (large, not an image, unreachable, slow) keeps its
 * address, so this can only save a request, never lose an image.
 */
import { imageDataUri } from './data-uri.ts';

const TIMEOUT_MS = 5_000;
const cache = new Map<string, Promise<string | null>>();

async function fetchDataUri(url: string): Promise<string | null> {
  try {
    if (!/^https?:\/\//.test(url)) return null;
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return null;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > 64 * 1024) {
      await response.body?.cancel();
      return null;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return imageDataUri(bytes, response.headers.get('content-type') ?? '');
  } catch {
    return null;
  }
}

/** The image as a `data:` address, or null to keep using `url`. One fetch per address per build. */
export function inlineRemoteImage(url: string | null | undefined): Promise<string | null> {
  if (!url) return Promise.resolve(null);
  let pending = cache.get(url);
  if (!pending) {
    pending = fetchDataUri(url);
    cache.set(url, pending);
  }
  return pending;
}
