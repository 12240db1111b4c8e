/** The seven list screens as the tests see them. */
export interface Screen {
  name: string;
  path: string;
  /** The API list call of the first page. */
  firstPage: string;
  /** Glob (after the API origin) of the calls the island makes. */
  route: string;
  region: string;
  searchable: boolean;
  /** Items per page. */
  perPage: number;
}

export const screens: Screen[] = [
  {
    name: '뉴스룸',
    path: '/newsRoom',
    firstPage: '/news/search?page=1&term=',
    route: '/news/search?*',
    region: '뉴스 목록',
    searchable: true,
    perPage: 6,
  },
  {
    name: 'HR 영상',
    path: '/video',
    firstPage: '/hrvideo/search?page=1&term=',
    route: '/hrvideo/search?*',
    region: 'HR 영상 목록',
    searchable: true,
    perPage: 9,
  },
  {
    name: '세미나',
    path: '/seminar',
    firstPage: '/seminar?page=1',
    route: '/seminar?*',
    region: '세미나 목록',
    searchable: false,
    perPage: 9,
  },
  {
    name: 'FAQ',
    path: '/faq',
    firstPage: '/faq/tags?page=1&topic_id=',
    route: '/faq/*?*',
    region: '자주 묻는 질문 목록',
    searchable: true,
    perPage: 10,
  },
  {
    name: 'HR 이야기',
    path: '/hrcontents',
    firstPage: '/hrcontents/tags?page=1',
    route: '/hrcontents/tags?*',
    region: 'HR 이야기 목록',
    searchable: false,
    perPage: 9,
  },
  {
    name: '성공 사례',
    path: '/success_story',
    firstPage: '/success/search?page=1&term=',
    route: '/success/search?*',
    region: '성공 사례 목록',
    searchable: true,
    perPage: 9,
  },
  {
    name: '특허',
    path: '/tech',
    firstPage: '/tech/search?page=1&term=',
    route: '/tech/search?*',
    region: '특허 목록',
    searchable: true,
    perPage: 9,
  },
];
