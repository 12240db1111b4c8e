import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../lib/api/schemas.ts';
import HomeSuccess from './HomeSuccess.astro';
import { latestStories } from './home-success.ts';

function story(n: number): ContentItem {
  return {
    analytics_page_id: `success-${n}`,
    absolute_url: `/cad_archive/success-${n}`,
    title: `고객사 ${n}의 채용 혁신 이야기`,
    meta_description: `고객사 ${n}은 구조화 면접 도입 후 평가 편차를 줄였습니다.`,
    author_name: `고객사 ${n} 인사팀`,
    logo: `https://images.example/logo-${n}.svg`,
    created_time: `2026-0${n}-01T10:00:00+09:00`,
  };
}

/** The cards in rendered order: `story` or `placeholder` (dev mode may add data-astro-* attributes). */
function cards(html: string): string[] {
  return [...html.matchAll(/data-success-card="(story|placeholder)"/g)].map((match) => match[1]!);
}

describe('HomeSuccess', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    container = await AstroContainer.create();
  });

  const render = (count: number) =>
    container.renderToString(HomeSuccess, {
      props: { stories: Array.from({ length: count }, (_, index) => story(index + 1)) },
    });

  it.each([
    [0, 3],
    [1, 2],
    [2, 1],
    [3, 0],
    [4, 0],
  ])('%i개의 사례: 카드 3개 중 준비 중 %i개', async (count, placeholders) => {
    const html = await render(count);
    const kinds = cards(html);
    expect(kinds).toHaveLength(3);
    expect(kinds.filter((kind) => kind === 'placeholder')).toHaveLength(placeholders);
    // Real stories come first, placeholders fill the rest.
    expect(kinds).toEqual([
      ...Array(3 - placeholders).fill('story'),
      ...Array(placeholders).fill('placeholder'),
    ]);
    expect(html.match(/>\s*준비 중\s*</g) ?? []).toHaveLength(placeholders);
  });

  it('실제 사례 카드는 자기 페이지로 연결되고 로고, 요약, 작성자를 보여 준다', async () => {
    const html = await render(2);
    for (const n of [1, 2]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="/cad_archive/success-${n}"`));
      expect(html).toMatch(new RegExp(`<img[^>]*src="https://images.example/logo-${n}.svg"`));
      expect(html).toContain(`고객사 ${n}은 구조화 면접 도입 후 평가 편차를 줄였습니다.`);
      expect(html).toContain(`고객사 ${n} 인사팀`);
    }
    expect(html).not.toContain('success-3');
  });

  it('네 번째 사례는 보여 주지 않는다', async () => {
    const html = await render(4);
    expect(html).not.toContain('/cad_archive/success-4');
  });
});

describe('latestStories', () => {
  it('최신순으로 최대 세 개를 고른다', () => {
    const picked = latestStories([story(2), story(5), story(1), story(4), story(3)]);
    expect(picked.map((item) => item.analytics_page_id)).toEqual(['success-5', 'success-4', 'success-3']);
  });
});
