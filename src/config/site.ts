/**
 * Site configuration in one place: brand, addresses and the content API base.
 * The API base comes from `PUBLIC_CONTENT_API_URL` (declared in astro.config.mjs with astro:env).
 */
import { PUBLIC_CONTENT_API_URL } from 'astro:env/client';
import { DEFAULT_SITE_URL } from '../lib/site-defaults.ts';

export const siteConfig = {
  brand: '인사이트하이어',
  brandEn: 'InsightHire',
  tagline: 'AI로 더 공정하고 정확한 채용',
  description:
    '인사이트하이어는 AI 역량검사, 구조화 면접, 면접관 교육, 자기소개서 분석으로 채용의 공정성과 정확도를 높이는 AI 채용 솔루션입니다.',
  /** Public address of this site (canonical URLs, share links). */
  siteUrl: import.meta.env.SITE ?? DEFAULT_SITE_URL,
  /** The external inquiry page on the product's sibling site. */
  inquiryUrl: 'https://contact.insighthire.example/inquiry',
  /** The external interviewer guider site. */
  guiderUrl: 'https://guider.insighthire.example/',
  /** The external success story page linked from the operation image map. */
  successStoryUrl: 'https://contact.insighthire.example/success',
  /** Base address of the content API (production host, or the reference server locally). */
  apiBaseUrl: PUBLIC_CONTENT_API_URL,
  company: {
    name: '주식회사 인사이트하이어',
    ceo: '대표이사 한지원',
    registration: '사업자등록번호 000-00-00000',
    address: '서울특별시 강남구 테헤란로 427, 12층',
    phone: '02-0000-0000',
    email: 'contact@insighthire.example',
  },
} as const;
