/**
 * Incremental-build cache key of a pre-rendered detail page: the entry's digest, since the page
 * shows nothing but that entry (layout and components are covered by Astro's module hash).
 * Without a digest no key is returned, so the page is always rendered rather than restored stale.
 */
export function cacheKeyOf(entry: { digest?: string | number | undefined }): { cacheKey?: string } {
  return entry.digest === undefined ? {} : { cacheKey: String(entry.digest) };
}
