/**
 * The company behind the site, in Korean: its brand, line and description, and the legal
 * details the footer and the structured data show. Read through `siteConfig` (config/site.ts).
 */
export const company = {
  brand: '인사이트하이어',
  tagline: 'AI로 더 공정하고 정확한 채용',
  description:
    '인사이트하이어는 AI 역량검사, 구조화 면접, 면접관 교육, 자기소개서 분석으로 채용의 공정성과 정확도를 높이는 AI 채용 솔루션입니다.',
  legal: {
    name: '주식회사 인사이트하이어',
    ceo: '대표이사 한지원',
    registration: '사업자등록번호 000-00-00000',
    address: '서울특별시 강남구 테헤란로 427, 12층',
    phone: '02-0000-0000',
    email: 'contact@insighthire.example',
  },
} as const;
