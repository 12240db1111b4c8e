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
import { fetchAllPages, fetchForBuild } from './lib/content/build-api.ts';
import { sanitizeHtmlServer } from './lib/html/sanitize.server.ts';

type Entry = { id: string; data: Record<string, unknown> };

/** A loader that replaces the collection with what `fetchEntries` returns, skipping unchanged entries. */
function apiLoader(name: string, fetchEntries: () => Promise<Entry[]>): Loader {
  return {
    name,
    async load({ store, parseData, generateDigest, logger }) {
      const entries = await fetchEntries();
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
  loader: apiLoader('lists', async () => {
    const [news, video, videoBanners, seminar, seminarBanners, faq, faqTopics, hrStory, success, successBanners, patent] =
      await Promise.all([
        fetchForBuild('newsSearch', { page: 1, term: '' }),
        fetchForBuild('videoSearch', { page: 1, term: '' }),
        fetchForBuild('videoBanner'),
        fetchForBuild('seminarList', { page: 1 }),
        fetchForBuild('seminarBanner'),
        fetchForBuild('faqTags', { page: 1, topic_id: '' }),
        fetchForBuild('faqAllTags'),
        fetchForBuild('hrStoryTags', { page: 1, topic_id: '', name: '' }),
        fetchForBuild('successSearch', { page: 1, term: '' }),
        fetchForBuild('successBanner'),
        fetchForBuild('techSearch', { page: 1, term: '', tag: '' }),
      ]);
    return [
      { id: 'news', data: { first: news } },
      { id: 'video', data: { first: video, banners: videoBanners } },
      { id: 'seminar', data: { first: seminar, banners: seminarBanners } },
      { id: 'faq', data: { first: faq, topics: faqTopics } },
      { id: 'hrStory', data: { first: hrStory, topics: hrStory.tags ?? [] } },
      { id: 'success', data: { first: success, slides: successBanners } },
      { id: 'patent', data: { first: patent } },
    ];
  }),
  schema: z.object({
    first: ListResponseSchema,
    banners: z.array(BannerSchema).optional(),
    slides: z.array(SuccessSlideSchema).optional(),
    topics: z.array(TopicSchema).optional(),
  }),
});

const articleSchema = z.object({
  item: ContentItemSchema,
  detail: BlogDetailSchema,
  /** The detail's HTML after the shared allow-list. */
  safeHtml: z.string(),
});

async function articles(list: 'hrStoryTags' | 'successSearch'): Promise<Entry[]> {
  const items = await fetchAllPages(list);
  return Promise.all(
    items.map(async (item) => {
      const detail = await fetchForBuild('blogDetail', { id: item.analytics_page_id });
      return { id: item.analytics_page_id, data: { item, detail, safeHtml: sanitizeHtmlServer(detail.content) } };
    }),
  );
}

/** Every HR story with its detail. Consumer: /info/blog/[id]. */
const hrStories = defineCollection({ loader: apiLoader('hrStories', () => articles('hrStoryTags')), schema: articleSchema });

/** Every success story with its detail. Consumers: /cad_archive/[id], the home. */
const successStories = defineCollection({
  loader: apiLoader('successStories', () => articles('successSearch')),
  schema: articleSchema,
});

/** The patent key of a list item: the last segment of its `/info/patent/{tag}` address. */
export function patentTag(absoluteUrl: string): string {
  return decodeURIComponent(absoluteUrl.split('?')[0]!.split('/').filter(Boolean).pop() ?? '');
}

/** Every patent with its detail. Consumer: /info/patent/[tag]. */
const patents = defineCollection({
  loader: apiLoader('patents', async () => {
    const items = await fetchAllPages('techSearch');
    return Promise.all(
      items.map(async (item) => {
        const tag = patentTag(item.absolute_url);
        const detail = await fetchForBuild('patentDetail', { tag });
        const safeHtml = detail.list.content ? sanitizeHtmlServer(detail.list.content) : '';
        return { id: tag, data: { item, detail: detail.list, safeHtml } };
      }),
    );
  }),
  schema: z.object({ item: ContentItemSchema, detail: PatentDetailSchema.shape.list, safeHtml: z.string() }),
});

export const collections = { lists, hrStories, successStories, patents };
