/**
 * What the build fetches from the content API, written once for two callers: the content
 * loaders (`src/content.config.ts`) and the nightly rebuild's snapshot (`scripts/rebuild/`).
 * The rebuild decides whether to build by hashing exactly this data, so the two must never
 * drift apart; each caller passes its own fetcher (error handling, concurrency, progress).
 */
import type { EndpointData, EndpointName, EndpointQuery } from '../api/endpoints.ts';
import type { BlogDetail, ContentItem, PatentDetail } from '../api/schemas.ts';

/** Calls one endpoint and resolves to its validated data, or rejects. */
export type Fetcher = <N extends EndpointName>(name: N, query?: EndpointQuery) => Promise<EndpointData<N>>;

/** The paged lists whose every item gets a pre-rendered page (or is counted). */
export type AllPagesList = 'hrStoryTags' | 'successSearch' | 'techSearch';

/** Ids of the `lists` collection: the first page of each list screen. */
export type ListId = 'news' | 'video' | 'seminar' | 'faq' | 'hrStory' | 'success' | 'patent';

/** One `lists` entry: a first page plus the banners, slides or topics its screen shows. */
export type ListEntryData = {
  first: EndpointData<'newsSearch'>;
  banners?: EndpointData<'videoBanner'>;
  slides?: EndpointData<'successBanner'>;
  topics?: EndpointData<'faqAllTags'>;
};

/** The first page of every list screen, with its banners and topics, keyed by list id. */
export async function fetchListFirstPages(fetch: Fetcher): Promise<{ id: ListId; data: ListEntryData }[]> {
  const [news, video, videoBanners, seminar, seminarBanners, faq, faqTopics, hrStory, success, successBanners, patent] =
    await Promise.all([
      fetch('newsSearch', { page: 1, term: '' }),
      fetch('videoSearch', { page: 1, term: '' }),
      fetch('videoBanner'),
      fetch('seminarList', { page: 1 }),
      fetch('seminarBanner'),
      fetch('faqTags', { page: 1, topic_id: '' }),
      fetch('faqAllTags'),
      fetch('hrStoryTags', { page: 1, topic_id: '', name: '' }),
      fetch('successSearch', { page: 1, term: '' }),
      fetch('successBanner'),
      fetch('techSearch', { page: 1, term: '', tag: '' }),
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
}

/**
 * Every item of a paged list endpoint, page by page. Stops at the reported total, or at a page
 * that brings nothing new (so a server that repeats its last page cannot loop forever).
 */
export async function fetchAllPages(fetch: Fetcher, name: AllPagesList): Promise<ContentItem[]> {
  const items: ContentItem[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= 10_000; page++) {
    const data = await fetch(name, { page, term: '', topic_id: '', name: '', tag: '' });
    const fresh = data.objects.filter((item) => !seen.has(item.analytics_page_id));
    for (const item of fresh) seen.add(item.analytics_page_id);
    items.push(...fresh);
    if (fresh.length === 0 || items.length >= data.paging.page_size) break;
  }
  return items;
}

/** A blog-style article (HR story or success story): its list card and its detail. */
export interface ArticleData {
  id: string;
  item: ContentItem;
  detail: BlogDetail;
}

/** Every HR story or success story with its detail. */
export async function fetchArticles(fetch: Fetcher, list: 'hrStoryTags' | 'successSearch'): Promise<ArticleData[]> {
  const items = await fetchAllPages(fetch, list);
  return Promise.all(
    items.map(async (item) => ({
      id: item.analytics_page_id,
      item,
      detail: await fetch('blogDetail', { id: item.analytics_page_id }),
    })),
  );
}

/** A patent: its key (the page's `tag`), its list card and its detail. */
export interface PatentData {
  id: string;
  item: ContentItem;
  detail: PatentDetail['list'];
}

/** The patent key of a list item: the last segment of its `/info/patent/{tag}` address. */
export function patentTag(absoluteUrl: string): string {
  return decodeURIComponent(absoluteUrl.split('?')[0]!.split('/').filter(Boolean).pop() ?? '');
}

/** Every patent with its detail. */
export async function fetchPatents(fetch: Fetcher): Promise<PatentData[]> {
  const items = await fetchAllPages(fetch, 'techSearch');
  return Promise.all(
    items.map(async (item) => {
      const id = patentTag(item.absolute_url);
      const detail = await fetch('patentDetail', { tag: id });
      return { id, item, detail: detail.list };
    }),
  );
}
