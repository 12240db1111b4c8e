/**
 * Copy of the list pages with a banner slider above the list (/seminar, /video): the hero band,
 * the meta description and the slider's names. Rendered by features/lists/BannerListPage.astro,
 * which picks the entry by the list kind.
 */
import { t } from '../i18n';

export interface BannerListCopy {
  /** Page title and hero heading. */
  title: string;
  lead: string;
  description: string;
  /** The slider: its accessible name, the line above each slide title, the default button text. */
  banner: { label: string; eyebrow: string; buttonText: string };
}

export const listPages = {
  seminar: {
    title: '세미나',
    lead: '채용 트렌드와 AI 면접 운영 노하우를 나누는 세미나와 웨비나 일정을 확인하세요.',
    description: '인사이트하이어가 여는 HR 세미나와 웨비나 일정, 지난 행사 자료를 확인하세요.',
    banner: { label: '주요 세미나', eyebrow: '세미나', buttonText: t('common.seeDetails') },
  },
  video: {
    title: 'HR 영상',
    lead: '채용 담당자를 위한 HR 인사이트와 제품 활용법을 영상으로 만나 보세요.',
    description: '채용 트렌드, 구조화 면접, AI 역량검사 활용법까지 HR 담당자를 위한 영상을 모았습니다.',
    banner: { label: '추천 영상', eyebrow: '추천 영상', buttonText: t('common.watchNow') },
  },
} satisfies Record<string, BannerListCopy>;
