import { describe, expect, it } from 'vitest';
import { parseSearchAddress, searchPageHref, serializeSearchAddress } from './search-address.ts';

describe('search address', () => {
  it('reads the query and a known type', () => {
    expect(parseSearchAddress('?q=%20온보딩%20&type=faq')).toEqual({ query: '온보딩', type: 'faq' });
  });

  it('ignores an unknown type and cuts a long query', () => {
    const state = parseSearchAddress(`?q=${'가'.repeat(300)}&type=admin`);
    expect(state.type).toBeNull();
    expect(state.query).toHaveLength(100);
  });

  it('writes nothing for an empty query, and a type only with a query', () => {
    expect(serializeSearchAddress({ query: ' ', type: 'news' })).toBe('');
    expect(serializeSearchAddress({ query: 'ISMS 인증', type: 'news' })).toBe(
      '?q=ISMS+%EC%9D%B8%EC%A6%9D&type=news',
    );
  });

  it('round-trips through the address', () => {
    const state = { query: '<script>', type: 'video' as const };
    expect(parseSearchAddress(serializeSearchAddress(state))).toEqual(state);
    expect(searchPageHref('면접')).toBe('/search?q=%EB%A9%B4%EC%A0%91');
  });
});
