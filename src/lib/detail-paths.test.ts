import { describe, expect, it } from 'vitest';
import { DETAIL_PATH_PATTERN, detailPath, keyFromQuery, matchDetailPath } from './detail-paths.ts';

describe('matchDetailPath (404 fallback)', () => {
  it('recognises the three detail addresses', () => {
    expect(matchDetailPath('/info/blog/new-item-123')).toEqual({ kind: 'blog', key: 'new-item-123' });
    expect(matchDetailPath('/cad_archive/success-0100/')).toEqual({ kind: 'success', key: 'success-0100' });
    expect(matchDetailPath('/info/patent/kr-10-9999999')).toEqual({ kind: 'patent', key: 'kr-10-9999999' });
  });

  it('decodes encoded segments', () => {
    expect(matchDetailPath('/info/patent/%ED%8A%B9%ED%97%88-1')).toEqual({ kind: 'patent', key: '특허-1' });
  });

  it('leaves every other address to the 404 text', () => {
    for (const path of [
      '/',
      '/info/blog',
      '/info/blog/',
      '/info/blog/a/b',
      '/info/other/a',
      '/cad_archive',
      '/xinfo/blog/a',
      '/info/blog/%E0%A4%A',
      '/info/blog/%20%20',
      `/info/blog/${'a'.repeat(201)}`,
      '/hrcontents',
    ]) {
      expect(matchDetailPath(path), path).toBeNull();
    }
  });

  it('has a pattern the 404 page can ship as a string', () => {
    const pattern = new RegExp(DETAIL_PATH_PATTERN.source);
    expect(pattern.test('/info/blog/x')).toBe(true);
    expect(pattern.test('/faq')).toBe(false);
  });
});

describe('keyFromQuery', () => {
  it('reads portal or id for stories and tag for patents', () => {
    expect(keyFromQuery('blog', '?portal=hr-0033')).toBe('hr-0033');
    expect(keyFromQuery('success', '?id=success-0001')).toBe('success-0001');
    expect(keyFromQuery('success', '?portal=a&id=b')).toBe('a');
    expect(keyFromQuery('patent', '?tag=kr-10-1')).toBe('kr-10-1');
    expect(keyFromQuery('patent', '?portal=kr-10-1')).toBeNull();
  });

  it('treats missing, blank and absurd keys as missing', () => {
    expect(keyFromQuery('blog', '')).toBeNull();
    expect(keyFromQuery('blog', '?portal=')).toBeNull();
    expect(keyFromQuery('blog', '?portal=%20')).toBeNull();
    expect(keyFromQuery('blog', `?portal=${'x'.repeat(500)}`)).toBeNull();
  });
});

describe('detailPath', () => {
  it('builds the canonical path, encoding the key', () => {
    expect(detailPath({ kind: 'blog', key: 'hr-0033' })).toBe('/info/blog/hr-0033');
    expect(detailPath({ kind: 'success', key: 'a/b' })).toBe('/cad_archive/a%2Fb');
    expect(matchDetailPath(detailPath({ kind: 'patent', key: '특허 1' }))).toEqual({
      kind: 'patent',
      key: '특허 1',
    });
  });
});
