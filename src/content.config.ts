/**
 * Build-time collections, loaded from the content API with the contract's schemas.
 * Each entry carries a digest so unchanged entries are not processed again and pages can
 * build their incremental-build cache keys from it.
 */
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import {
  BannerSchema,
  BlogDetailSchema,
  ContentItemSchema,
  ListResponseSchema,
  PatentDetailSchema,
  SuccessSlideSchema,
  TopicSchema,
} from './lib/api/schemas.ts';
import { fetchForBuild } from './lib/content/build-api.ts';
import {
  fetchArticles,
  fetchCardLists,
  fetchListFirstPages,
  fetchPatents,
  type Warn,
} from './lib/content/build-data.ts';
import { sanitizeHtmlServer } from './lib/html/sanitize.server.ts';

type Entry = { id: string; data: Record<string, unknown> };

/** A loader that replaces the collection with what `fetchEntries` returns, skipping unchanged entries. */
function apiLoader(name: string, fetchEntries: (warn: Warn) => Promise<Entry[]>): Loader {
  return {
    name,
    async load({ store, parseData, generateDigest, logger }) {
      const entries = await fetchEntries((message) => logger.warn(message));
      const ids = new Set(entries.map((entry) => entry.id));
      for (const id of store.keys()) if (!ids.has(id)) store.delete(id);
      let changed = 0;
      for (const entry of entries) {
        const data = await parseData({ id: entry.id, data: entry.data });
        if (store.set({ id: entry.id, data, digest: generateDigest(entry.data) })) changed++;
      }
      logger.info(`${entries.length}건 (변경 ${changed}건)`);
    },
  };
}

/** First page of every list screen, with its banners and topics. Consumers: the list pages, the home. */
const lists = defineCollection({
  loader: apiLoader('lists', () => fetchListFirstPages(fetchForBuild)),
  schema: z.object({
    first: ListResponseSchema,
    banners: z.array(BannerSchema).optional(),
    slides: z.array(SuccessSlideSchema).optional(),
    topics: z.array(TopicSchema).optional(),
  }),
});

/** Every item of the lists without detail pages (news, videos, seminars, FAQ). Consumer: the site search's index. */
const listItems = defineCollection({
  loader: apiLoader('listItems', async () =>
    Object.entries(await fetchCardLists(fetchForBuild)).map(([id, items]) => ({ id, data: { items } })),
  ),
  schema: z.object({ items: z.array(ContentItemSchema) }),
});

const articleSchema = z.object({
  item: ContentItemSchema,
  detail: BlogDetailSchema,
  /** The detail's HTML after the shared allow-list. */
  safeHtml: z.string(),
});

async function articles(list: 'hrStoryTags' | 'successSearch', warn: Warn): Promise<Entry[]> {
  const articles = await fetchArticles(fetchForBuild, list, warn);
  return articles.map(({ id, item, detail }) => ({
    id,
    data: { item, detail, safeHtml: sanitizeHtmlServer(detail.content) },
  }));
}

/** Every HR story with its detail. Consumer: /info/blog/[id]. */
const hrStories = defineCollection({
  loader: apiLoader('hrStories', (warn) => articles('hrStoryTags', warn)),
  schema: articleSchema,
});

/** Every success story with its detail. Consumers: /cad_archive/[id], the home. */
const successStories = defineCollection({
  loader: apiLoader('successStories', (warn) => articles('successSearch', warn)),
  schema: articleSchema,
});

/** Every patent with its detail. Consumer: /info/patent/[tag]. */
const patents = defineCollection({
  loader: apiLoader('patents', async (warn) => {
    const patents = await fetchPatents(fetchForBuild, warn);
    return patents.map(({ id, item, detail }) => ({
      id,
      data: { item, detail, safeHtml: detail.content ? sanitizeHtmlServer(detail.content) : '' },
    }));
  }),
  schema: z.object({ item: ContentItemSchema, detail: PatentDetailSchema.shape.list, safeHtml: z.string() }),
});

export const collections = { lists, listItems, hrStories, successStories, patents };
