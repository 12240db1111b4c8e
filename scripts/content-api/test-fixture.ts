/**
 * Test-only: writes a small, fully known content folder, so the server tests do not depend on
 * the real Korean content in `data/`. Items are written in a shuffled order so the tests see
 * the server sort them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  FaqFile,
  HrStoryFile,
  NewsFile,
  PatentFile,
  SeminarFile,
  SuccessFile,
  VideoFile,
} from './content-schema.ts';

/** What the fixture holds, for assertions. */
export const fixture = {
  counts: { news: 14, videos: 20, seminars: 61, faq: 25, hrStories: 23, patents: 12, success: 10 },
  hrTopics: [
    { id: 11, name: '채용 트렌드', slug: 'trend' },
    { id: 12, name: '면접 가이드', slug: 'interview' },
    { id: 13, name: 'HR 테크', slug: 'hr-tech' },
  ],
  faqTopics: [
    { id: 1, name: '서비스 소개' },
    { id: 2, name: '역량검사' },
    { id: 3, name: 'AI 면접' },
    { id: 4, name: '결과 리포트' },
    { id: 5, name: '요금 및 계약' },
  ],
  /** Only in the body (content) of this success story. */
  bodyOnlyWord: '구조화면접',
  bodyOnlyId: 'success-4',
  /** Written to the file in NFD; the loader must normalise it. */
  nfdFaqId: 'faq-3',
  nfdWord: '온라인역량검사',
  /** The news item with `AI` in its title, and the one dated with a `Z` offset. */
  aiNewsId: 'news-5',
  zuluNewsId: 'news-13',
  /** An HR story with an `<img src="/images/...">` in its content and no featured image. */
  hrWithInlineImage: 'hr-4',
  images: ['hr-1.svg', 'hr-2.svg', 'banner.svg', 'patent.svg'],
} as const;

const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 1, 0, 0, 0); // 2025-01-01T09:00:00+09:00

/** An ISO time with the +09:00 offset, `day` days after the base date. */
export function kst(day: number, hour = 9): string {
  const local = new Date(BASE + day * DAY + (hour - 9) * 3_600_000 + 9 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}+09:00`;
}

/** Deterministic shuffle (a fixed-step permutation), enough to break file = time order. */
function shuffle<T>(items: T[]): T[] {
  const step = 7;
  const out: T[] = [];
  const used = new Set<number>();
  let index = 0;
  while (out.length < items.length) {
    while (used.has(index)) index = (index + 1) % items.length;
    used.add(index);
    out.push(items[index] as T);
    index = (index + step) % items.length;
  }
  return out;
}

const SUBJECTS = ['채용', '면접', '인재', '역량', '조직문화', '온보딩', '평가', '리더십'];
const pick = (i: number) => SUBJECTS[i % SUBJECTS.length] as string;

function news(): NewsFile {
  const items: NewsFile = Array.from({ length: fixture.counts.news }, (_, i) => ({
    analytics_page_id: `news-${i + 1}`,
    absolute_url: `https://press.example.com/article/${i + 1}`,
    title: i + 1 === 5 ? 'AI 역량검사 도입 기업 1,000곳 돌파' : `${pick(i)} 혁신 사례 보도 ${i + 1}`,
    meta_description: `${pick(i + 1)} 분야의 변화를 다룬 기사입니다.`,
    featured_image: i % 3 === 0 ? null : '/images/hr-1.svg',
    created_time: kst(i * 10),
    tags: `${pick(i)},보도자료`,
  }));
  // Latest by instant, though its string sorts before `...T09:00:00+09:00` of the same date.
  const zulu = items[12];
  if (zulu) zulu.created_time = `${kst(200).slice(0, 10)}T00:30:00Z`;
  const previous = items[13];
  if (previous) previous.created_time = kst(200, 9);
  return shuffle(items);
}

function videos(): VideoFile {
  return {
    banners: [
      {
        title: 'AI 면접 데모 영상',
        featured_image: '/images/banner.svg',
        absolute_url: 'https://video.example.com/demo',
      },
      {
        title: '고객 인터뷰',
        featured_image: null,
        absolute_url: '/video/interview',
        button_text: '영상 보기',
      },
    ],
    items: shuffle(
      Array.from({ length: fixture.counts.videos }, (_, i) => ({
        analytics_page_id: `video-${i + 1}`,
        absolute_url: `https://video.example.com/watch/${i + 1}`,
        title: `${pick(i)} 이야기 영상 ${i + 1}`,
        author_name: '인사이트하이어',
        thumb: '/images/hr-2.svg',
        created_time: kst(i * 3),
      })),
    ),
  };
}

function seminars(): SeminarFile {
  return {
    banners: [
      { title: '하반기 채용 세미나', featured_image: '/images/banner.svg', absolute_url: '/seminar/2025-h2' },
    ],
    items: shuffle(
      Array.from({ length: fixture.counts.seminars }, (_, i) => ({
        analytics_page_id: `seminar-${i + 1}`,
        absolute_url: `/seminar/${i + 1}`,
        title: `${pick(i)} 세미나 ${i + 1}회`,
        addr: i % 2 === 0 ? '서울 강남구 테헤란로' : '온라인',
        type: i % 4 === 0 ? null : i % 4 === 1 ? 0 : '모집중',
        classify: '세미나',
        created_time: kst(i),
      })),
    ),
  };
}

function faq(): FaqFile {
  return {
    topics: [...fixture.faqTopics],
    items: shuffle(
      Array.from({ length: fixture.counts.faq }, (_, i) => {
        const id = `faq-${i + 1}`;
        const title =
          id === fixture.nfdFaqId
            ? `${fixture.nfdWord}은 어떻게 진행되나요?`.normalize('NFD')
            : `${pick(i)}에 대해 궁금합니다 ${i + 1}`;
        return {
          analytics_page_id: id,
          absolute_url: `/faq#${id}`,
          title,
          tag_ids: [(i % 5) + 1],
          post_body: `<p>${pick(i + 3)} 관련 답변입니다.</p>${i === 0 ? '<p><img src="/images/hr-2.svg" alt=""></p>' : ''}`,
          created_time: kst(i * 2),
        };
      }),
    ),
  };
}

function hrStories(): HrStoryFile {
  return {
    topics: [...fixture.hrTopics],
    items: shuffle(
      Array.from({ length: fixture.counts.hrStories }, (_, i) => {
        const id = `hr-${i + 1}`;
        const inline = id === fixture.hrWithInlineImage;
        return {
          analytics_page_id: id,
          absolute_url: `/info/blog/${id}`,
          title: `${pick(i)} 전략 ${i + 1}`,
          meta_description: `${pick(i)}에 관한 HR 이야기`,
          author_name: '김인사',
          // Topic 11 gets 8 stories, 12 and 13 get 8 and 7; the first story is in two topics.
          tag_ids: i === 0 ? [11, 12] : [11 + (i % 3)],
          ...(inline || i % 4 === 3 ? {} : { featured_image: '/images/hr-1.svg' }),
          content: inline
            ? '<p>본문 그림</p><img src="/images/hr-2.svg" alt="도표"><p>설명</p>'
            : `<p>${pick(i)}을 위한 실무 가이드입니다.</p>`,
          created_time: kst(i * 5),
        };
      }),
    ),
  };
}

function patents(): PatentFile {
  return shuffle(
    Array.from({ length: fixture.counts.patents }, (_, i) => ({
      analytics_page_id: `patent-${i + 1}`,
      absolute_url: `/info/patent/P-${String(i + 1).padStart(3, '0')}`,
      title: `영상 기반 ${pick(i)} 평가 방법 및 장치 ${i + 1}`,
      tag: `P-${String(i + 1).padStart(3, '0')}`,
      views: 100 + i * 7,
      featured_image: '/images/patent.svg',
      ...(i % 2 === 0 ? { content: `<p>특허 ${i + 1}의 요약입니다.</p>` } : {}),
      created_time: kst(i * 30),
    })),
  );
}

function success(): SuccessFile {
  return {
    banners: [
      {
        title: '대기업 A사 도입 사례',
        author_name: 'A사 인사팀',
        created_time: kst(300),
        absolute_url: '/cad_archive/success-1',
        featured_image: '/images/banner.svg',
      },
    ],
    items: shuffle(
      Array.from({ length: fixture.counts.success }, (_, i) => {
        const id = `success-${i + 1}`;
        return {
          analytics_page_id: id,
          absolute_url: `/cad_archive/${id}`,
          title: `${pick(i)} 개선 성공 사례 ${i + 1}`,
          meta_description: `${pick(i + 2)} 지표가 좋아졌습니다.`,
          author_name: `고객사 ${i + 1}`,
          logo: '/images/hr-2.svg',
          tags: [{ name: '도입 사례' }, { name: pick(i) }],
          content:
            id === fixture.bodyOnlyId
              ? `<p>${fixture.bodyOnlyWord} 방식을 전면 도입했습니다.</p>`
              : '<p>도입 전후를 비교했습니다.</p>',
          created_time: kst(i * 9),
        };
      }),
    ),
  };
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#2f6fed"/></svg>\n';

/** Writes the fixture content (seven files and `images/`) into `dir`. */
export function writeFixture(dir: string): void {
  mkdirSync(join(dir, 'images'), { recursive: true });
  const files: Record<string, unknown> = {
    'news.json': news(),
    'videos.json': videos(),
    'seminars.json': seminars(),
    'faq.json': faq(),
    'hr-stories.json': hrStories(),
    'patents.json': patents(),
    'success.json': success(),
  };
  for (const [name, value] of Object.entries(files)) {
    writeFileSync(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
  }
  for (const image of fixture.images) writeFileSync(join(dir, 'images', image), SVG);
}
