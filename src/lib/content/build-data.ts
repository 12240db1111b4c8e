/**
 * What the build fetches from the content API, written once for two callers: the content
 * loaders (`src/content.config.ts`) and the nightly rebuild's snapshot (`scripts/publish/rebuild/`).
 * The rebuild decides whether to build by hashing exactly this data, so the two must never
 * drift apart; each caller passes its own fetcher (error handling, concurrency, progress).
 */
import type { ApiErrorKind } from '../api/client.ts';
import type { EndpointData, EndpointName, EndpointQuery } from '../api/endpoints.ts';
import type { BlogDetail, ContentItem, PatentDetail } from '../api/schemas.ts';
import { listRoutes, type ListId } from '../routes.ts';
import { oneLine } from './one-line.ts';
import {
  patentTag,
  routeIdProblem as routeIdProblemCode,
  storyKey,
  type RouteIdProblem,
} from '../api/item-address.ts';

// Re-exported: the loaders and the rebuild have always taken them from here.
export { patentTag } from '../api/item-address.ts';

const ROUTE_ID_PROBLEMS: Record<RouteIdProblem, string> = {
  'too-long': '200자를 넘습니다',
  decomposed: '한글이 조합되지 않은(NFD) 형태입니다',
  dots: "'.'으로 시작합니다",
  characters: '주소에 쓸 수 없는 문자(/ \\ ? # % 공백 등)가 있습니다',
};

/** Why `id` cannot be a page's address segment, in Korean for the build's warning, or `null`. */
export function routeIdProblem(id: string): string | null {
  const problem = routeIdProblemCode(id);
  return problem === null ? null : ROUTE_ID_PROBLEMS[problem];
}

/** Calls one endpoint and resolves to its validated data, or rejects (with a {@link FetchError} when it can tell why). */
export type Fetcher = <N extends EndpointName>(name: N, query?: EndpointQuery) => Promise<EndpointData<N>>;

/** A failed call and its kind, so an item whose detail is missing or broken can be skipped. */
export class FetchError extends Error {
  readonly kind: ApiErrorKind;
  /**
   * The item is to be left out whatever the kind: the rebuild's snapshot already decided so (a
   * detail that still failed after retries, with no published version to keep).
   */
  readonly itemProblem: boolean;
  constructor(kind: ApiErrorKind, message: string, { itemProblem = false }: { itemProblem?: boolean } = {}) {
    super(message);
    this.name = 'FetchError';
    this.kind = kind;
    this.itemProblem = itemProblem;
  }
}

/** Receives one Korean line per item that was left out, naming the item and why. */
export type Warn = (message: string) => void;

/**
 * `warn` given single lines: a warning quotes an API's error message, which may carry a line
 * break, and CI prints warnings line by line (see `one-line.ts`).
 */
function singleLines(warn: Warn): Warn {
  return (message) => warn(oneLine(message));
}

/** The list each paged endpoint reads, named in warnings. */
export const LIST_NAMES: Record<AllPagesList, string> = {
  hrStoryTags: listRoutes.hrStory.label,
  successSearch: listRoutes.success.label,
  techSearch: listRoutes.patent.label,
};

/** The paged lists whose every item gets a pre-rendered page (or is counted). */
export type AllPagesList = 'hrStoryTags' | 'successSearch' | 'techSearch';

/**
 * The paged lists without detail pages: their pages show only the first page, and the site
 * search needs every item (`src/lib/content/search-docs.ts`).
 */
export type CardList = 'newsSearch' | 'videoSearch' | 'seminarList' | 'faqTags';

/** The list screen of each card list. */
export const CARD_LISTS: Readonly<Record<CardList, ListId>> = {
  newsSearch: 'news',
  videoSearch: 'video',
  seminarList: 'seminar',
  faqTags: 'faq',
};

/** One `lists` entry: a first page plus the banners, slides or topics its screen shows. */
export type ListEntryData = {
  first: EndpointData<'newsSearch'>;
  banners?: EndpointData<'videoBanner'>;
  slides?: EndpointData<'successBanner'>;
  topics?: EndpointData<'faqAllTags'>;
};

/** The first page of every list screen, with its banners and topics, keyed by list id. */
export async function fetchListFirstPages(fetch: Fetcher): Promise<{ id: ListId; data: ListEntryData }[]> {
  const [
    news,
    video,
    videoBanners,
    seminar,
    seminarBanners,
    faq,
    faqTopics,
    hrStory,
    success,
    successBanners,
    patent,
  ] = await Promise.all([
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
 * Every item of a paged list endpoint, page by page. Stops at the reported total, at a page that
 * brings nothing new (so a server that repeats its last page cannot loop forever), or after the
 * pages the first answer's total allows (so one that invents fresh ids on every page cannot either).
 */
export async function fetchAllPages(fetch: Fetcher, name: AllPagesList | CardList): Promise<ContentItem[]> {
  const items: ContentItem[] = [];
  const seen = new Set<string>();
  let lastPage = 10_000;
  for (let page = 1; page <= lastPage; page++) {
    const data = await fetch(name, { page, term: '', topic_id: '', name: '', tag: '' });
    if (page === 1 && data.objects.length > 0)
      lastPage = Math.min(lastPage, Math.ceil(data.paging.page_size / data.objects.length) + 1);
    const fresh = data.objects.filter((item) => !seen.has(item.analytics_page_id));
    for (const item of fresh) seen.add(item.analytics_page_id);
    items.push(...fresh);
    if (fresh.length === 0 || items.length >= data.paging.page_size) break;
  }
  return items;
}

/** Every item of every card list, keyed by list screen, in list order. */
export async function fetchCardLists(fetch: Fetcher): Promise<Partial<Record<ListId, ContentItem[]>>> {
  const names = Object.keys(CARD_LISTS) as CardList[];
  const lists = await Promise.all(names.map((name) => fetchAllPages(fetch, name)));
  return Object.fromEntries(names.map((name, i) => [CARD_LISTS[name], lists[i]!]));
}

/** Whether a detail call failed because of that item (missing, broken), not because of the API. */
function isItemProblem(error: unknown): boolean {
  return (
    error instanceof FetchError &&
    (error.itemProblem || error.kind === 'not-found' || error.kind === 'invalid')
  );
}

/** A blog-style article (HR story or success story): its list card and its detail. */
export interface ArticleData {
  id: string;
  item: ContentItem;
  detail: BlogDetail;
}

/**
 * Every HR story or success story with its detail. An item whose id cannot be an address, or
 * whose detail is missing or breaks the contract, is left out with a warning: one bad item
 * must not keep the rest of the site from being published.
 */
export async function fetchArticles(
  fetch: Fetcher,
  list: 'hrStoryTags' | 'successSearch',
  warnLine: Warn = () => {},
): Promise<ArticleData[]> {
  const warn = singleLines(warnLine);
  const items = await fetchAllPages(fetch, list);
  const articles = await Promise.all(
    items.map(async (item): Promise<ArticleData | null> => {
      // The page, the detail call and every card of the item share this key (item-address.ts).
      const id = storyKey(list === 'hrStoryTags' ? 'blog' : 'success', item);
      const problem = routeIdProblem(id);
      if (problem) {
        warn(`${LIST_NAMES[list]} ${JSON.stringify(id)}: 상세 페이지를 만들지 않습니다 (id에 ${problem})`);
        return null;
      }
      try {
        return { id, item, detail: await fetch('blogDetail', { id }) };
      } catch (error) {
        if (!isItemProblem(error)) throw error;
        warn(
          `${LIST_NAMES[list]} ${JSON.stringify(id)}: 상세를 가져오지 못해 건너뜁니다 (${(error as Error).message})`,
        );
        return null;
      }
    }),
  );
  return articles.filter((article) => article !== null);
}

/** A patent: its key (the page's `tag`), its list card and its detail. */
export interface PatentData {
  id: string;
  item: ContentItem;
  detail: PatentDetail['list'];
}

/** Every patent with its detail; items without a usable key or detail are left out with a warning. */
export async function fetchPatents(fetch: Fetcher, warnLine: Warn = () => {}): Promise<PatentData[]> {
  const warn = singleLines(warnLine);
  const items = await fetchAllPages(fetch, 'techSearch');
  const patents = await Promise.all(
    items.map(async (item): Promise<PatentData | null> => {
      const id = patentTag(item.absolute_url);
      const problem = id === null ? '주소가 없거나 올바르지 않습니다' : routeIdProblem(id);
      if (id === null || problem) {
        warn(
          `${listRoutes.patent.label} ${JSON.stringify(item.analytics_page_id)}: 상세 페이지를 만들지 않습니다 (${id === null ? '' : '키에 '}${problem})`,
        );
        return null;
      }
      try {
        const detail = await fetch('patentDetail', { tag: id });
        return { id, item, detail: detail.list };
      } catch (error) {
        if (!isItemProblem(error)) throw error;
        warn(
          `${listRoutes.patent.label} ${JSON.stringify(id)}: 상세를 가져오지 못해 건너뜁니다 (${(error as Error).message})`,
        );
        return null;
      }
    }),
  );
  return patents.filter((patent) => patent !== null);
}
