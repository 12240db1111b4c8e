import { describe, expect, it } from 'vitest';
import { detailKey, itemHref, routeIdProblem, storyKey } from './item-address.ts';

const story = (analytics_page_id: string, absolute_url?: string) => ({ analytics_page_id, absolute_url });

describe('storyKey', () => {
  it('takes the slug of an on-site detail address of the same kind, decoded', () => {
    expect(storyKey('blog', story('hr-0001', '/info/blog/hiring-trends-2026'))).toBe('hiring-trends-2026');
    expect(storyKey('blog', story('hr-0001', '/info/blog/hiring-trends/'))).toBe('hiring-trends');
    expect(storyKey('success', story('s-1', '/cad_archive/%EC%82%AC%EB%A1%80'))).toBe('사례');
  });

  it("falls back to analytics_page_id for any other address: another kind's, a query form, external, none", () => {
    expect(storyKey('blog', story('hr-0001', '/cad_archive/other'))).toBe('hr-0001');
    expect(storyKey('blog', story('hr-0001', '/info/blog?portal=x'))).toBe('hr-0001');
    // A hostile id sent unescaped in its address stays that id (and is refused as one).
    expect(storyKey('blog', story('hr-bad?x', '/info/blog/hr-bad?x'))).toBe('hr-bad?x');
    expect(storyKey('blog', story('hr-0001', '/info/blog/slug#top'))).toBe('hr-0001');
    expect(storyKey('blog', story('hr-0001', 'https://blog.example/info/blog/x'))).toBe('hr-0001');
    expect(storyKey('blog', story('hr-0001', '//evil.example/info/blog/x'))).toBe('hr-0001');
    expect(storyKey('success', story('s-1'))).toBe('s-1');
  });
});

describe('detailKey', () => {
  it('keys patents by the tag of their address only', () => {
    expect(detailKey('patent', story('p-analytics', '/info/patent/P-01'))).toBe('P-01');
    expect(detailKey('patent', story('p-analytics'))).toBeNull();
  });
});

describe('itemHref', () => {
  it('links a card of a list with detail pages to the page built for its key', () => {
    expect(itemHref('hrStory', story('hr-0001', '/info/blog/hiring-trends-2026'))).toBe(
      '/info/blog/hiring-trends-2026',
    );
    expect(itemHref('hrStory', story('hr-0001', 'https://blog.example/post'))).toBe('/info/blog/hr-0001');
    expect(itemHref('success', story('s-1', '/cad_archive/acme-case'))).toBe('/cad_archive/acme-case');
    expect(itemHref('success', story('s-1', '/info/blog/s-1'))).toBe('/cad_archive/s-1');
    expect(itemHref('patent', story('x', '/info/patent/%ED%8A%B9%ED%97%88'))).toBe(
      '/info/patent/%ED%8A%B9%ED%97%88',
    );
  });

  it('keeps absolute_url where no page is built: other lists, and keys that cannot be an address', () => {
    expect(itemHref('news', story('n-1', 'https://press.example/a'))).toBe('https://press.example/a');
    expect(itemHref(undefined, story('n-1', '/seminar/x'))).toBe('/seminar/x');
    expect(itemHref('hrStory', story('a b', 'https://blog.example/post'))).toBe('https://blog.example/post');
    expect(itemHref('hrStory', story('hr-bad?x', '/info/blog/hr-bad?x'))).toBe('/info/blog/hr-bad?x');
    expect(itemHref('patent', story('x', undefined))).toBeUndefined();
  });
});

describe('routeIdProblem', () => {
  it('refuses an id that starts with a dot: every host treats `/.name` as a hidden file', () => {
    for (const id of ['.', '..', '.env', '.hidden-story', '..x', '.well-known'])
      expect(routeIdProblem(id), id).toBe('dots');
    for (const id of ['web3.0', 'v1.', 'a..b', '2026.11']) expect(routeIdProblem(id), id).toBeNull();
  });

  it('links a card whose key starts with a dot to its own address, not to a page no host serves', () => {
    expect(itemHref('hrStory', story('.hr-0001', 'https://blog.example/post'))).toBe(
      'https://blog.example/post',
    );
  });
});
