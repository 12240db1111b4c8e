/**
 * The site search's index for this build, made once from the content collections (the same
 * content the pages are built from) and shared by the entry and the hashed files' endpoints.
 */
import { getCollection } from 'astro:content';
import { buildSearchIndex } from '../../lib/search/build-index.ts';
import { siteSearchDocs } from '../../lib/search/site-docs.ts';
import type { ListId } from '../../lib/routes.ts';
import type { ContentItem } from '../../lib/api/schemas.ts';

/** The lists without detail pages: their items are searched from their list answers. */
const CARD_LISTS: readonly ListId[] = ['news', 'video', 'seminar', 'faq'];

let built: ReturnType<typeof make> | undefined;

async function make() {
  const [lists, hrStories, successStories, patents] = await Promise.all([
    getCollection('lists'),
    getCollection('hrStories'),
    getCollection('successStories'),
    getCollection('patents'),
  ]);
  const listItems: Partial<Record<ListId, ContentItem[]>> = {};
  for (const entry of lists) {
    const id = entry.id as ListId;
    if (CARD_LISTS.includes(id)) listItems[id] = entry.data.first.objects;
  }
  const docs = siteSearchDocs({
    listItems,
    hrStories: hrStories.map(({ id, data }) => ({ id, ...data })),
    successStories: successStories.map(({ id, data }) => ({ id, ...data })),
    patents: patents.map(({ id, data }) => ({ id, ...data })),
  });
  return buildSearchIndex(docs);
}

export function siteSearchIndex() {
  built ??= make();
  return built;
}
