/**
 * The seven list screens as configuration of the one list engine: which endpoint each calls
 * for a query, its page size, whether it searches or filters, and its copy.
 */
import { endpoints, type EndpointName, type EndpointQuery } from '../../lib/api/endpoints.ts';
import { t } from '../../i18n/index.ts';
import type { ListQuery } from './list-query.ts';

export type ListKind = 'news' | 'video' | 'seminar' | 'faq' | 'hrStory' | 'success' | 'patent';

export interface ListKindConfig {
  kind: ListKind;
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
  /** The call for a query. */
  request(query: ListQuery): { name: EndpointName; query: EndpointQuery };
}

const search = (name: EndpointName) => (q: ListQuery) => ({ name, query: { page: q.page, term: q.term ?? '' } });
const size = (name: EndpointName) => endpoints[name].pageSize ?? 9;

export const listKinds: Record<ListKind, ListKindConfig> = {
  news: {
    kind: 'news',
    path: '/newsRoom',
    pageSize: size('newsSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: size('newsSearch'),
    label: '뉴스 목록',
    cardImages: true,
    request: search('newsSearch'),
  },
  video: {
    kind: 'video',
    path: '/video',
    pageSize: size('videoSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: size('videoSearch'),
    label: 'HR 영상 목록',
    cardImages: true,
    request: search('videoSearch'),
  },
  seminar: {
    kind: 'seminar',
    path: '/seminar',
    pageSize: size('seminarList'),
    searchable: false,
    placeholder: '',
    skeletons: size('seminarList'),
    label: '세미나 목록',
    cardImages: true,
    request: (q) => ({ name: 'seminarList', query: { page: q.page } }),
  },
  faq: {
    kind: 'faq',
    path: '/faq',
    pageSize: size('faqSearch'),
    searchable: true,
    placeholder: t('list.faq.search.placeholder'),
    skeletons: 5,
    label: '자주 묻는 질문 목록',
    cardImages: false,
    request: (q) =>
      q.term !== null
        ? { name: 'faqSearch', query: { page: q.page, term: q.term } }
        : { name: 'faqTags', query: { page: q.page, topic_id: q.topicId ?? '' } },
  },
  hrStory: {
    kind: 'hrStory',
    path: '/hrcontents',
    pageSize: size('hrStoryTags'),
    searchable: false,
    placeholder: '',
    skeletons: 9,
    label: 'HR 이야기 목록',
    cardImages: true,
    request: (q) => ({
      name: 'hrStoryTags',
      query: { page: q.page, topic_id: q.topicId ?? '', name: q.topicId === null ? '' : q.name },
    }),
  },
  success: {
    kind: 'success',
    path: '/success_story',
    pageSize: size('successSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: 9,
    label: '성공 사례 목록',
    cardImages: true,
    request: search('successSearch'),
  },
  patent: {
    kind: 'patent',
    path: '/tech',
    pageSize: size('techSearch'),
    searchable: true,
    placeholder: t('list.search.placeholder'),
    skeletons: 9,
    label: '특허 목록',
    cardImages: false,
    request: (q) => ({ name: 'techSearch', query: { page: q.page, term: q.term ?? '', tag: '' } }),
  },
};
