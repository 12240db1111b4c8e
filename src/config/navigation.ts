/** The site's navigation: groups shown in the header and the footer. */
export interface NavLink {
  label: string;
  href: string;
}
export interface NavGroup {
  label: string;
  links: NavLink[];
}

export const navigation: NavGroup[] = [
  {
    label: '서비스 소개',
    links: [
      { label: 'AI 역량검사', href: '/soft-skill' },
      { label: '구조화 면접(BEI)', href: '/bei' },
      { label: '인터뷰 가이더', href: '/guider' },
      { label: '사전 질문', href: '/free-interview' },
      { label: '결과표·리포트', href: '/result' },
      { label: '자기소개서 분석', href: '/self-introduction' },
      { label: '운영 프로세스', href: '/operation' },
    ],
  },
  {
    label: '고객 사례',
    links: [{ label: '성공 사례', href: '/success_story' }],
  },
  {
    label: 'HR 인사이트',
    links: [
      { label: 'HR 이야기', href: '/hrcontents' },
      { label: 'HR 영상', href: '/video' },
      { label: '세미나', href: '/seminar' },
      { label: '뉴스룸', href: '/newsRoom' },
    ],
  },
  {
    label: '기술',
    links: [
      { label: '특허 기술 공유', href: '/tech' },
      { label: 'AI 공정성 백서', href: '/whitepaper' },
    ],
  },
  {
    label: '고객 지원',
    links: [{ label: '자주 묻는 질문', href: '/faq' }],
  },
];
