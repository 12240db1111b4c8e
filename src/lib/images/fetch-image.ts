/**
 * Build time: the bytes of a content image, fetched only from the origins the build trusts. Every
 * build-time fetch of a content image goes through here (inlined pictures, share pictures, list
 * cards).
 *
 * The addresses come from the content API and are untrusted: the build fetches only from the
 * API's own origin and the image hosts configured in `CONTENT_IMAGE_HOSTS` (comma-separated
 * origins), follows redirects only within them, and reads at most a given number of bytes.
 *
 * Apart from inline-remote.ts (which knows the build's API address) because the share pictures'
 * drawer imports it: what the drawer imports is hashed into every share picture's key
 * (src/lib/og/share-picture-key.ts), and the API client and the UI strings are no part of it.
 */
import { readCapped } from '../api/read-capped.ts';

const TIMEOUT_MS = 5_000;
/** More than the inlining limit, so an image just over it is still recognised as too large. */
export const MAX_BYTES = 64 * 1024;
const MAX_REDIRECTS = 3;
/** Time and size limits for a picture the build draws again (share pictures, list cards): a CMS's photos. */
export const PICTURE_FETCH_LIMITS = { maxBytes: 8 * 1024 * 1024, timeoutMs: 8_000 } as const;

/** The origins the build may fetch images from: the API's and the configured ones. */
export function allowedImageOrigins(
  apiUrl: string,
  configured = process.env.CONTENT_IMAGE_HOSTS ?? '',
): Set<string> {
  const origins = new Set<string>();
  for (const value of [apiUrl, ...configured.split(',')]) {
    try {
      if (value.trim()) origins.add(new URL(value.trim()).origin);
    } catch {
      // A mistyped host is simply not allowed.
    }
  }
  return origins;
}

/**
 * The bytes and type of an image from the API, when its origin is allowed: redirects are
 * followed only to allowed origins, and at most `maxBytes` are read. `null` for anything else.
 */
export async function fetchImageBytes(
  url: string,
  origins: ReadonlySet<string>,
  { maxBytes = MAX_BYTES, timeoutMs = TIMEOUT_MS }: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  try {
    let address = new URL(url);
    const signal = AbortSignal.timeout(timeoutMs);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (!/^https?:$/.test(address.protocol) || !origins.has(address.origin)) return null;
      const response = await fetch(address, { signal, redirect: 'manual' });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) return null;
        address = new URL(location, address);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const bytes = await readCapped(response, maxBytes);
      return bytes ? { bytes, contentType: response.headers.get('content-type') ?? '' } : null;
    }
    return null;
  } catch {
    return null;
  }
}
