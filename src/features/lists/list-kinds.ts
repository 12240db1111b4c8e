/**
 * The seven list screens as configuration of the one list engine: which endpoint each calls
 * for a query, its page size, whether it searches or filters, and its copy.
 */
import { endpoints, type EndpointCall, type ListEndpointName } from '../../lib/api/endpoints.ts';
import { interpolate, t } from '../../i18n/index.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { CardItem } from './list-items.ts';
import { listRoutes, type ListId } from '../../lib/routes.ts';

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
   * island's props carry only these (snapshot.ts).
   */
  cardFields?: readonly (keyof CardItem)[];
  /** The call for a query. */
  request(query: ListQuery): EndpointCall<ListEndpointName>;
}

const search = (name: ListEndpointName) => (q: ListQuery) => ({
  name,
  query: { page: q.page, term: q.term ?? '' },
});
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
    request: search('newsSearch'),
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
    request: search('videoSearch'),
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
    request: (q) => ({ name: 'seminarList', query: { page: q.page } }),
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
    request: (q) =>
      q.term !== null
        ? { name: 'faqSearch', query: { page: q.page, term: q.term } }
        : { name: 'faqTags', query: { page: q.page, topic_id: q.topicId ?? '' } },
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
    request: (q) => ({
      name: 'hrStoryTags',
      query: { page: q.page, topic_id: q.topicId ?? '', name: q.topicId === null ? '' : q.name },
    }),
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
    request: search('successSearch'),
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
    request: (q) => ({ name: 'techSearch', query: { page: q.page, term: q.term ?? '', tag: '' } }),
  },
};
