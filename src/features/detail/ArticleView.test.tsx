import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArticleView } from './ArticleView.tsx';
import type { Article } from './article-data.ts';

const article: Article = {
  kind: 'blog',
  key: 'hr-0033',
  title: '면접관의 평가 역량을 데이터로 관리하는 법',
  author: '인사이트하이어 HR연구소',
  date: '2026-11-10T10:00:00+09:00',
  image: null,
  tags: ['구조화 면접', '평가 제도'],
  html: '<p>본문</p>',
};

describe('ArticleView (static rendering of the pre-rendered pages)', () => {
  const html = renderToStaticMarkup(
    <ArticleView
      article={article}
      backHref="/hrcontents"
      shareUrl="https://www.insighthire.example/info/blog/hr-0033"
    />,
  );

  it('renders every field', () => {
    expect(html).toContain('<h1 id="article-title"');
    expect(html).toContain(article.title);
    expect(html).toContain('#구조화 면접');
    expect(html).toContain('인사이트하이어 HR연구소');
    expect(html).toMatch(/<time dateTime="2026-11-10"[^>]*>2026\.11\.10<\/time>/i);
    expect(html).toContain('src="/images/fallback-thumb.svg"');
    expect(html).toContain('<p>본문</p>');
  });

  it('marks the back link for the page script and opens shares in a new tab', () => {
    expect(html).toMatch(/<a href="\/hrcontents"[^>]*data-back-link="blog"/);
    const shares = html.match(/<a href="https:\/\/(twitter|share\.naver|www\.facebook)[^>]*>/g) ?? [];
    expect(shares).toHaveLength(3);
    for (const tag of shares) {
      expect(tag).toContain('target="_blank"');
      expect(tag).toContain('rel="noopener noreferrer"');
      expect(tag).toContain(encodeURIComponent('https://www.insighthire.example/info/blog/hr-0033'));
    }
  });

  it('leaves out share buttons, author and tags where a detail has none', () => {
    const { author: _author, ...rest } = article;
    const patent = renderToStaticMarkup(
      <ArticleView article={{ ...rest, kind: 'patent', tags: [], html: '' }} backHref="/tech" />,
    );
    expect(patent).not.toContain('twitter.com');
    expect(patent).not.toContain('aria-label="태그"');
    expect(patent).toContain('특허 기술 공유');
  });
});
