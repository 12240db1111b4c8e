/**
 * The snapshot's content in the order the build's content collections hand it out, so that the
 * search index the rebuild makes before the build is the one the build would make itself.
 *
 * The build takes the rebuild's index only when it was made of the same documents in the same
 * order (`indexInputDigest` hashes the list as it is). The build reads them from the content
 * collections (`src/lib/content/search-index.ts`), and Astro serialises its data store with every
 * collection, and every collection's entries, sorted by id with `localeCompare`
 * (`sortCollections` in astro's `dist/content/data-store-writer.js`), whatever order the loaders
 * stored them in. The snapshot keeps the API's order (newest first), so without this the digests
 * never agreed and the build made the whole index again: six seconds of an edit's build at 50
 * times our content, spent twice.
 */
import type { SiteContent } from '../../../../src/lib/content/search-docs.ts';

/** Astro's comparison of collection and entry ids (the same call, so the same locale rules). */
const byId = (a: string, b: string) => a.localeCompare(b);

function entriesById<T extends { id: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => byId(a.id, b.id));
}

/** `content` as `getCollection` gives it to the build: card lists and each kind's entries by id. */
export function inCollectionOrder(content: SiteContent): SiteContent {
  return {
    cardLists: Object.fromEntries(
      Object.entries(content.cardLists).sort(([a], [b]) => byId(a, b)),
    ) as SiteContent['cardLists'],
    hrStories: entriesById(content.hrStories),
    successStories: entriesById(content.successStories),
    patents: entriesById(content.patents),
  };
}
