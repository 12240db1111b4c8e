/**
 * The site search's quality set, written from the reference content (`scripts/content-api/data`):
 * each query with the documents a visitor typing it is looking for (all of them must be in the
 * first ten results), or none for words the site never uses (no result at all).
 */
export type QueryKind =
  'particle' | 'spacing' | 'compound' | 'initials' | 'prefix' | 'latin' | 'body' | 'nowhere';

export interface QualityQuery {
  query: string;
  kind: QueryKind;
  /** Document ids (`<list>:<id>`, `product:<slug>`); empty: the query must find nothing. */
  expect: string[];
}

const BLIND = [
  'hrStory:hr-0004',
  'faq:faq-0025',
  'news:news-0010',
  'seminar:seminar-0002',
  'video:video-0003',
  'patent:kr-10-2921864',
];
const GUIDER = [
  'product:guider',
  'faq:faq-0004',
  'news:news-0006',
  'video:video-0006',
  'seminar:seminar-0011',
];
const SELF_INTRO = [
  'product:self-introduction',
  'hrStory:hr-0022',
  'video:video-0009',
  'success:success-0004',
];
const ONBOARDING = ['hrStory:hr-0011', 'video:video-0020'];
const TRENDS = [
  'hrStory:hr-0001',
  'hrStory:hr-0014',
  'hrStory:hr-0026',
  'seminar:seminar-0004',
  'seminar:seminar-0010',
  'video:video-0008',
];
const STRUCTURED = [
  'product:bei',
  'hrStory:hr-0002',
  'faq:faq-0012',
  'seminar:seminar-0003',
  'video:video-0002',
  'patent:kr-10-2712264',
];
const PRE_QUESTIONS = [
  'product:free-interview',
  'faq:faq-0005',
  'news:news-0005',
  'seminar:seminar-0013',
  'video:video-0013',
  'success:success-0006',
];

export const QUALITY_QUERIES: readonly QualityQuery[] = [
  // Particles and endings on the query word.
  { query: '서비스를', kind: 'particle', expect: ['faq:faq-0001'] },
  { query: '온보딩을', kind: 'particle', expect: ONBOARDING },
  { query: '면접관에게', kind: 'particle', expect: ['faq:faq-0025'] },
  { query: '자기소개서를', kind: 'particle', expect: SELF_INTRO },
  { query: '트렌드는', kind: 'particle', expect: TRENDS },
  { query: '분석합니다', kind: 'particle', expect: ['product:self-introduction', 'video:video-0009'] },
  {
    query: '블라인드 채용에서',
    kind: 'particle',
    expect: ['hrStory:hr-0004', 'faq:faq-0025', 'video:video-0003'],
  },
  // Spacing either way.
  { query: '구조화면접', kind: 'spacing', expect: STRUCTURED },
  { query: '인터뷰가이더', kind: 'spacing', expect: GUIDER },
  {
    query: '소프트스킬',
    kind: 'spacing',
    expect: [
      'hrStory:hr-0016',
      'news:news-0001',
      'news:news-0002',
      'patent:kr-10-2684590',
      'product:soft-skill',
    ],
  },
  { query: '사전질문', kind: 'spacing', expect: PRE_QUESTIONS },
  { query: '자기 소개서', kind: 'spacing', expect: SELF_INTRO },
  {
    query: '요약리포트',
    kind: 'spacing',
    expect: [
      'product:result',
      'faq:faq-0016',
      'patent:kr-10-2869542',
      'success:success-0009',
      'news:news-0015',
    ],
  },
  { query: '채용 절차법', kind: 'spacing', expect: ['hrStory:hr-0006'] },
  {
    query: '공정 채용',
    kind: 'spacing',
    expect: ['news:news-0004', 'seminar:seminar-0012', 'video:video-0021'],
  },
  // Part of a compound.
  {
    query: '역량검사',
    kind: 'compound',
    expect: [
      'product:soft-skill',
      'news:news-0001',
      'news:news-0011',
      'faq:faq-0006',
      'faq:faq-0007',
      'seminar:seminar-0001',
    ],
  },
  { query: '절차법', kind: 'compound', expect: ['hrStory:hr-0006'] },
  {
    query: '면접위원',
    kind: 'compound',
    expect: ['hrStory:hr-0018', 'success:success-0001', 'video:video-0010'],
  },
  { query: '조기 퇴사', kind: 'compound', expect: ['hrStory:hr-0011', 'video:video-0005'] },
  // Initial consonants (초성) of a title.
  { query: 'ㅇㅂㄷ', kind: 'initials', expect: ONBOARDING },
  { query: 'ㅂㄹㅇㄷ', kind: 'initials', expect: BLIND },
  { query: 'ㅇㅌㅂ ㄱㅇㄷ', kind: 'initials', expect: GUIDER },
  { query: 'ㅈㄱㅅㄱㅅ', kind: 'initials', expect: SELF_INTRO },
  // A visitor still typing (the last word is a prefix, an IME may be composing).
  { query: '온보', kind: 'prefix', expect: ONBOARDING },
  { query: '온ㅂ', kind: 'prefix', expect: ONBOARDING },
  { query: '온볻', kind: 'prefix', expect: ONBOARDING },
  { query: '블라', kind: 'prefix', expect: BLIND },
  { query: '인터뷰 가', kind: 'prefix', expect: GUIDER },
  { query: '자기소', kind: 'prefix', expect: SELF_INTRO },
  {
    query: '면접관 교',
    kind: 'prefix',
    expect: ['hrStory:hr-0008', 'news:news-0014', 'seminar:seminar-0005'],
  },
  { query: '채용 트렌ㄷ', kind: 'prefix', expect: TRENDS },
  { query: '공정성 백', kind: 'prefix', expect: ['product:whitepaper'] },
  { query: 'ism', kind: 'prefix', expect: ['news:news-0008'] },
  // Latin words and numbers, any case.
  { query: 'ISMS', kind: 'latin', expect: ['news:news-0008'] },
  { query: 'isms 인증', kind: 'latin', expect: ['news:news-0008'] },
  { query: 'okr', kind: 'latin', expect: ['hrStory:hr-0020'] },
  { query: '1on1', kind: 'latin', expect: ['hrStory:hr-0025'] },
  { query: 'MZ세대', kind: 'latin', expect: ['hrStory:hr-0007', 'video:video-0007'] },
  { query: 'SBI', kind: 'latin', expect: ['hrStory:hr-0023'] },
  {
    query: 'BEI',
    kind: 'latin',
    expect: ['product:bei', 'faq:faq-0012', 'hrStory:hr-0003', 'video:video-0002'],
  },
  // Words only in the body.
  { query: '관대화', kind: 'body', expect: ['hrStory:hr-0033', 'hrStory:hr-0024', 'patent:kr-10-2745118'] },
  { query: '간호사', kind: 'body', expect: ['success:success-0007'] },
  { query: '표준편차', kind: 'body', expect: ['hrStory:hr-0033'] },
  {
    query: '시선 처리',
    kind: 'body',
    expect: ['product:soft-skill', 'hrStory:hr-0016', 'patent:kr-10-2631047'],
  },
  {
    query: 'zoom',
    kind: 'body',
    expect: ['seminar:seminar-0013', 'seminar:seminar-0011', 'seminar:seminar-0009'],
  },
  {
    query: '퇴사율',
    kind: 'body',
    expect: ['hrStory:hr-0011', 'success:success-0008', 'success:success-0005'],
  },
  // Words the site never uses: nothing at all.
  { query: '블록체인', kind: 'nowhere', expect: [] },
  { query: '메타버스', kind: 'nowhere', expect: [] },
  { query: '부동산 투자', kind: 'nowhere', expect: [] },
  { query: '다이어트', kind: 'nowhere', expect: [] },
  { query: '양자컴퓨터', kind: 'nowhere', expect: [] },
  { query: 'kubernetes', kind: 'nowhere', expect: [] },
  { query: '면접 블록체인', kind: 'nowhere', expect: [] },
];
