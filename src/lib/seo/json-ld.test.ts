import { describe, expect, it } from 'vitest';
import {
  authorTypeOf,
  blogPostingJsonLd,
  breadcrumbListJsonLd,
  MAX_HEADLINE,
  organizationJsonLd,
  serializeJsonLd,
  webSiteJsonLd,
} from './json-ld.ts';

const site = 'https://www.example.kr/';
const publisher = { name: '인사이트하이어', url: site, logo: `${site}logo-512.png` };

describe('serializeJsonLd', () => {
  it('writes every < as \\u003c so API text cannot close the script element', () => {
    const text = serializeJsonLd({ '@type': 'Thing', name: '</script><script>alert(1)</script><!--' });
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    expect(JSON.parse(text)).toEqual({ '@type': 'Thing', name: '</script><script>alert(1)</script><!--' });
  });

  it('escapes the line and paragraph separators and keeps arrays', () => {
    const text = serializeJsonLd([{ '@type': 'A', name: 'a\u2028b\u2029c' }, { '@type': 'B' }]);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual([{ '@type': 'A', name: 'a\u2028b\u2029c' }, { '@type': 'B' }]);
  });
});

describe('organizationJsonLd and webSiteJsonLd', () => {
  it('link the WebSite to its publisher through the Organization @id', () => {
    const org = organizationJsonLd({
      url: site,
      name: '인사이트하이어',
      logo: `${site}logo-512.png`,
      address: '서울',
    });
    const web = webSiteJsonLd({ url: site, name: '인사이트하이어' });
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${site}#organization`,
      logo: `${site}logo-512.png`,
      address: { '@type': 'PostalAddress', streetAddress: '서울', addressCountry: 'KR' },
    });
    expect(web).toMatchObject({ '@type': 'WebSite', inLanguage: 'ko-KR', publisher: { '@id': org['@id'] } });
  });

  it('leave out what is not given', () => {
    const org = organizationJsonLd({ url: site, name: 'X', logo: `${site}l.png` });
    expect(Object.keys(org).sort()).toEqual(['@context', '@id', '@type', 'logo', 'name', 'url']);
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the steps from 1 and leaves the item out of a step without an address', () => {
    const list = breadcrumbListJsonLd([
      { name: '홈', url: site },
      { name: 'HR 이야기', url: `${site}hrcontents` },
      { name: '글 제목' },
    ]);
    expect(list).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '홈', item: site },
        { '@type': 'ListItem', position: 2, name: 'HR 이야기', item: `${site}hrcontents` },
        { '@type': 'ListItem', position: 3, name: '글 제목' },
      ],
    });
  });
});

describe('blogPostingJsonLd', () => {
  const base = {
    url: `${site}info/blog/hr-0001/`,
    headline: '구조화 면접, 왜 필요할까',
    description: '요약',
    images: ['https://api.example.kr/images/a.svg'],
    datePublished: '2026-10-02T09:00:00+09:00',
    author: '윤가은 HR컨설턴트',
    publisher,
    keywords: ['면접', ' ', '채용 '],
  };

  it("carries the properties of Google's article example", () => {
    expect(blogPostingJsonLd(base)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      mainEntityOfPage: { '@type': 'WebPage', '@id': base.url },
      url: base.url,
      headline: base.headline,
      description: '요약',
      image: base.images,
      datePublished: base.datePublished,
      dateModified: base.datePublished,
      author: [{ '@type': 'Person', name: '윤가은 HR컨설턴트' }],
      publisher: {
        '@type': 'Organization',
        name: '인사이트하이어',
        url: site,
        logo: { '@type': 'ImageObject', url: publisher.logo },
      },
      keywords: '면접, 채용',
      inLanguage: 'ko-KR',
    });
  });

  it('cuts long headlines, takes a modified date and another type, and drops an empty author and image list', () => {
    const node = blogPostingJsonLd({
      ...base,
      headline: '가'.repeat(200),
      dateModified: '2026-11-01',
      type: 'Article',
      author: '  ',
      images: [],
      keywords: [],
    });
    expect(node['@type']).toBe('Article');
    expect(node.headline).toHaveLength(MAX_HEADLINE);
    expect(String(node.headline).endsWith('…')).toBe(true);
    expect(node.dateModified).toBe('2026-11-01');
    expect(node).not.toHaveProperty('author');
    expect(node).not.toHaveProperty('image');
    expect(node).not.toHaveProperty('keywords');
  });

  it('names teams as organisations', () => {
    expect(blogPostingJsonLd({ ...base, author: '세움건설 인사팀' }).author).toEqual([
      { '@type': 'Organization', name: '세움건설 인사팀' },
    ]);
  });
});

describe('authorTypeOf', () => {
  it.each([
    ['인사이트하이어 HR연구소', 'Organization'],
    ['한결공사 인사혁신부', 'Organization'],
    ['다온바이오 People팀', 'Organization'],
    ['정하린 HR연구소장', 'Person'],
    ['오세진 책임연구원', 'Person'],
    ['강다현 공인노무사', 'Person'],
  ] as const)('%s → %s', (name, type) => {
    expect(authorTypeOf(name)).toBe(type);
  });
});
