import { describe, expect, it } from 'vitest';
import { encodeRoute, inBatches, PurgeInputError, purgeUrls, readRouteLists, siteBase } from './urls.ts';

describe('readRouteLists', () => {
  it('reads the three lists, a missing one as empty', () => {
    expect(readRouteLists({ changed: ['/faq'], warnings: ['x'] })).toEqual({
      added: [],
      changed: ['/faq'],
      removed: [],
    });
  });

  it('refuses anything but lists of site paths', () => {
    for (const value of [
      { changed: '/faq' },
      { added: [1] },
      { removed: ['faq'] },
      { changed: ['https://x/'] },
    ])
      expect(() => readRouteLists(value), JSON.stringify(value)).toThrow(PurgeInputError);
  });
});

describe('siteBase', () => {
  it('keeps origin and path, without a trailing slash', () => {
    expect(siteBase('https://www.example.com/')).toBe('https://www.example.com');
    expect(siteBase(' https://Example.com/site/ ')).toBe('https://example.com/site');
  });

  it('refuses what is not a plain http(s) address', () => {
    for (const value of ['', 'www.example.com', 'ftp://x', 'https://x/?a=1', 'https://u@x/'])
      expect(() => siteBase(value), value).toThrow(PurgeInputError);
  });
});

describe('encodeRoute', () => {
  it('percent-encodes each segment as the site writes its links (UTF-8, upper-case hex)', () => {
    expect(encodeRoute('/info/blog/인사이트')).toBe('/info/blog/%EC%9D%B8%EC%82%AC%EC%9D%B4%ED%8A%B8');
    expect(encodeRoute('/cad_archive/a b~c.d')).toBe('/cad_archive/a%20b~c.d');
  });
});

describe('purgeUrls', () => {
  const site = 'https://www.example.com';

  it('names a page with and without its trailing slash, a file once and the home page once', () => {
    const files = new Set(['/rss.xml']);
    expect(purgeUrls(site, ['/', '/faq', '/faq/', '/rss.xml'], (route) => files.has(route))).toEqual([
      'https://www.example.com/',
      'https://www.example.com/faq',
      'https://www.example.com/faq/',
      'https://www.example.com/rss.xml',
    ]);
  });

  it('gives a route nobody can tell about (removed) both forms', () => {
    expect(purgeUrls(`${site}/`, ['/info/blog/web3.0'])).toEqual([
      'https://www.example.com/info/blog/web3.0',
      'https://www.example.com/info/blog/web3.0/',
    ]);
  });

  it('writes Korean paths percent-encoded', () => {
    expect(purgeUrls(site, ['/info/blog/채용'])).toEqual([
      'https://www.example.com/info/blog/%EC%B1%84%EC%9A%A9',
      'https://www.example.com/info/blog/%EC%B1%84%EC%9A%A9/',
    ]);
  });
});

describe('inBatches', () => {
  it('cuts a list into batches of at most the limit, in order', () => {
    const items = Array.from({ length: 61 }, (_, i) => i);
    const batches = inBatches(items, 30);
    expect(batches.map((batch) => batch.length)).toEqual([30, 30, 1]);
    expect(batches.flat()).toEqual(items);
    expect(inBatches([], 30)).toEqual([]);
    expect(inBatches([1, 2], 30)).toEqual([[1, 2]]);
  });

  it('refuses a size that is not a positive integer', () => {
    for (const size of [0, -1, 1.5, Number.NaN]) expect(() => inBatches([1], size)).toThrow(RangeError);
  });
});
