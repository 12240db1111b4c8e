/**
 * The seven list screens as configuration of the one list engine: which endpoint each calls
 * for a query, its page size, whether it searches or filters, and its copy.
 */
import { endpoints, type ListEndpointName } from '../../lib/api/endpoints.ts';
import { interpolate, t } from '../../i18n/index.ts';
import type { CardItem } from './list-items.ts';
import { listRoutes, type ListId } from '../../lib/routes.ts';
import type { ListCalls } from './first-tap/list-address.ts';

export interface ListKindConfig {
  kind: ListId;
  /** The page that shows this list (the address the store mirrors). */
  path: string;
  pageSize: number;
  /** Shows a search box. */
  searchable: boolean;
  placeholder: string;
  /** Placeholder cards while loading. */
  skeletons: number;
  /** Accessible name of the list region. */
  label: string;
  /** Its cards show a picture (so the first card's picture is worth inlining at build time). */
  cardImages: boolean;
  /**
   * The card fields its screen shows besides the id and title, when not all of them: the
   * island's props carry only these (first-page.ts).
   */
  cardFields?: readonly (keyof CardItem)[];
  /**
   * Its API calls; a query's parameters go to them by one rule (first-tap/list-address.ts), which
   * the store and a first tap's early request share.
   */
  calls: ListCalls<ListEndpointName>;
}

const size = (name: ListEndpointName) => endpoints[name].pageSize ?? 9;

/** Accessible name of a list's region: `뉴스 목록`. */
const regionLabel = (id: ListId) => interpolate(t('list.region'), { name: listRoutes[id].label });

export const listKinds: Record<ListId, ListKindConfig> = {
  news: {
    kind: 'news',
    path: listRoutes.news.path,
    pageSize: size('newsSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: size('newsSearch'),
    label: regionLabel('news'),
    cardImages: true,
    calls: { browse: 'newsSearch', search: 'newsSearch' },
  },
  video: {
    kind: 'video',
    path: listRoutes.video.path,
    pageSize: size('videoSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: size('videoSearch'),
    label: regionLabel('video'),
    cardImages: true,
    calls: { browse: 'videoSearch', search: 'videoSearch' },
  },
  seminar: {
    kind: 'seminar',
    path: listRoutes.seminar.path,
    pageSize: size('seminarList'),
    searchable: false,
    placeholder: '',
    skeletons: size('seminarList'),
    label: regionLabel('seminar'),
    cardImages: true,
    calls: { browse: 'seminarList' },
  },
  faq: {
    kind: 'faq',
    path: listRoutes.faq.path,
    pageSize: size('faqSearch'),
    searchable: true,
    placeholder: t('list.faq.search.placeholder'),
    skeletons: 5,
    label: regionLabel('faq'),
    cardImages: false,
    cardFields: ['tags', 'html'],
    calls: { browse: 'faqTags', search: 'faqSearch' },
  },
  hrStory: {
    kind: 'hrStory',
    path: listRoutes.hrStory.path,
    pageSize: size('hrStoryTags'),
    searchable: false,
    placeholder: '',
    skeletons: 9,
    label: regionLabel('hrStory'),
    cardImages: true,
    calls: { browse: 'hrStoryTags' },
  },
  success: {
    kind: 'success',
    path: listRoutes.success.path,
    pageSize: size('successSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: 9,
    label: regionLabel('success'),
    cardImages: true,
    calls: { browse: 'successSearch', search: 'successSearch' },
  },
  patent: {
    kind: 'patent',
    path: listRoutes.patent.path,
    pageSize: size('techSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: 9,
    label: regionLabel('patent'),
    cardImages: false,
    calls: { browse: 'techSearch', search: 'techSearch' },
  },
};
