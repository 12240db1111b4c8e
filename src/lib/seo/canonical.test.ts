import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalUrl, isAlias, withTrailingSlash } from './canonical.ts';
import { isSitemapPage } from './sitemap.ts';

describe('canonical addresses', () => {
  it('end in a slash like the built directories, except the root and files', () => {
    expect(withTrailingSlash('/faq')).toBe('/faq/');
    expect(withTrailingSlash('/faq/')).toBe('/faq/');
    expect(withTrailingSlash('/')).toBe('/');
    expect(withTrailingSlash('/rss.xml')).toBe('/rss.xml');
  });

  it('send the second addresses of the success story list to /success_story/', () => {
    expect(canonicalPath('/helloty')).toBe('/success_story/');
    expect(canonicalPath('/helloty/page/')).toBe('/success_story/');
    expect(canonicalPath('/success_story/')).toBe('/success_story/');
    expect(isAlias('/helloty/page')).toBe(true);
    expect(isAlias('/success_story')).toBe(false);
  });

  it('are absolute on the site', () => {
    expect(canonicalUrl('/info/blog/hr-0001', 'https://www.example.kr')).toBe(
      'https://www.example.kr/info/blog/hr-0001/',
    );
    expect(canonicalUrl('/', new URL('https://www.example.kr/'))).toBe('https://www.example.kr/');
    expect(canonicalUrl('/cad_archive/a%20b/', new URL('https://x.example/base/'))).toBe(
      'https://x.example/cad_archive/a%20b/',
    );
    expect(canonicalUrl('/info/blog/web3.0/', 'https://www.example.kr')).toBe(
      'https://www.example.kr/info/blog/web3.0/',
    );
  });
});

describe('isSitemapPage', () => {
  it('keeps indexable pages, details included', () => {
    for (const path of [
      '/',
      '/faq/',
      '/info/blog/hr-0001/',
      '/cad_archive/success-0001/',
      '/info/patent/kr-10-1/',
      '/success_story/',
    ]) {
      expect(isSitemapPage(path), path).toBe(true);
    }
  });

  it('drops the noindex query forms, the 404 page and second addresses', () => {
    for (const path of [
      '/info/blog/',
      '/info/patent',
      '/cad_archive/',
      '/404/',
      '/helloty/',
      '/helloty/page/',
    ]) {
      expect(isSitemapPage(path), path).toBe(false);
    }
  });
});
