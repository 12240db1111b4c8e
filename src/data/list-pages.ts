/**
 * What the seven list screens say, by list id: the page title, the hero band above the list,
 * the meta description, the banner slider's names where the screen has one, and the copy of
 * the live page its items open in (`/info/blog?portal=…` and the like). The page files in
 * src/pages and features/lists/*Page.astro pick their entry; the controls inside the lists
 * (search, paging, states) are UI strings in ko.json.
 */
import { t } from '../i18n/index.ts';

export interface ListPageCopy {
  /** Page title; also the hero heading, or the island's own heading when there is no hero. */
  title: string;
  /** The line above the hero heading; no hero band without it. */
  eyebrow?: string;
  /** The hero band's lead. */
  lead?: string;
  /** Meta description; also the line under the island's own heading when there is no hero. */
  description: string;
  /** The slider above the list: its accessible name, the line above each slide title, the default button text. */
  banner?: { label: string; eyebrow: string; buttonText: string };
  /** The live page of an item (title and description of its HTML before the item arrives). */
  detail?: { title: string; description: string };
}

export const listPages = {
  news: {
    title: '뉴스룸',
    eyebrow: 'HR 인사이트',
    lead: '인사이트하이어의 새로운 소식과 언론 보도를 전해 드립니다.',
    description: '인사이트하이어의 새로운 소식과 언론 보도를 한곳에서 확인하세요.',
  },
  video: {
    title: 'HR 영상',
    eyebrow: 'HR 인사이트',
    lead: '채용 담당자를 위한 HR 인사이트와 제품 활용법을 영상으로 만나 보세요.',
    description: '채용 트렌드, 구조화 면접, AI 역량검사 활용법까지 HR 담당자를 위한 영상을 모았습니다.',
    banner: { label: '추천 영상', eyebrow: '추천 영상', buttonText: t('common.watchNow') },
  },
  seminar: {
    title: '세미나',
    eyebrow: 'HR 인사이트',
    lead: '채용 트렌드와 AI 면접 운영 노하우를 나누는 세미나와 웨비나 일정을 확인하세요.',
    description: '인사이트하이어가 여는 HR 세미나와 웨비나 일정, 지난 행사 자료를 확인하세요.',
    banner: { label: '주요 세미나', eyebrow: '세미나', buttonText: t('common.seeDetails') },
  },
  faq: {
    title: '자주 묻는 질문',
    eyebrow: '고객 지원',
    lead: '도입 절차, AI 역량검사, 보안까지 궁금한 점을 빠르게 찾아보세요.',
    description: '인사이트하이어 도입과 운영, AI 역량검사, 보안에 관해 자주 묻는 질문과 답변입니다.',
  },
  hrStory: {
    // No hero band: the island's own heading carries the chosen topic.
    title: 'HR 이야기',
    description: 'HR 담당자가 꼭 알아야 할 이슈와 글로벌 트렌드를 엄선해 전해 드립니다.',
    detail: {
      title: 'HR 이야기',
      description: 'HR 담당자가 알아야 할 주요 이슈와 글로벌 트렌드를 엄선해 전해 드립니다.',
    },
  },
  success: {
    title: '성공 사례',
    eyebrow: '고객 사례',
    lead: '인사이트하이어와 함께 채용을 바꾼 기업과 기관의 이야기입니다.',
    description: '인사이트하이어를 도입해 채용의 공정성과 효율을 높인 기업과 공공기관의 사례를 소개합니다.',
    banner: { label: '대표 성공 사례', eyebrow: '고객 성공 사례', buttonText: t('common.seeDetails') },
    detail: {
      title: '성공 사례',
      description: '인사이트하이어와 함께 채용을 바꾼 기업과 기관의 이야기입니다.',
    },
  },
  patent: {
    title: '특허 기술 공유',
    eyebrow: '기술',
    lead: '인사이트하이어의 AI 평가 기술을 뒷받침하는 등록 특허를 공개합니다.',
    description: '영상·음성 기반 역량 분석, 구조화 면접 등 인사이트하이어의 등록 특허를 소개합니다.',
    detail: {
      title: '특허 상세',
      description: '인사이트하이어의 AI 평가 기술을 뒷받침하는 특허를 소개합니다.',
    },
  },
} satisfies Record<string, ListPageCopy>;
