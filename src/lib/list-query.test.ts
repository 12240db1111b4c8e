import { describe, expect, it } from 'vitest';
import {
  defaultQuery,
  parseListQuery,
  sameQuery,
  serializeListQuery,
  withListContext,
} from './list-query.ts';

describe('parseListQuery', () => {
  it('reads page, term, topic and name', () => {
    expect(parseListQuery('?page=3&term=면접&topic_id=2&name=채용')).toEqual({
      page: 3,
      term: '면접',
      topicId: 2,
      name: '채용',
    });
  });

  it.each(['', '?page=', '?page=abc', '?page=-4', '?page=0', '?page=1.5', '?page=%00', '?page=3e2'])(
    'falls back to page 1 for %s',
    (search) => expect(parseListQuery(search).page).toBe(1),
  );

  it('caps absurdly large pages instead of failing', () => {
    expect(parseListQuery('?page=99999').page).toBe(99999);
    expect(parseListQuery('?page=99999999999999999999999').page).toBe(100_000);
  });

  it('treats a non-numeric topic_id as all topics and drops its name', () => {
    expect(parseListQuery('?topic_id=x&name=abc')).toMatchObject({ topicId: null, name: '' });
    expect(parseListQuery('?topic_id=-1')).toMatchObject({ topicId: null });
  });

  it('keeps an empty term (search mode) apart from no term (category mode)', () => {
    expect(parseListQuery('?page=1&term=').term).toBe('');
    expect(parseListQuery('?page=1').term).toBeNull();
  });

  it('limits the term to 200 characters and normalises it to NFC', () => {
    expect(parseListQuery(`?term=${'가'.repeat(300)}`).term).toHaveLength(200);
    expect(parseListQuery(`?term=${encodeURIComponent('면접'.normalize('NFD'))}`).term).toBe('면접');
  });
});

describe('serializeListQuery', () => {
  it('writes page and term after a search', () => {
    expect(serializeListQuery({ ...defaultQuery, term: 'AI 면접' })).toBe(
      '?page=1&term=AI+%EB%A9%B4%EC%A0%91',
    );
  });

  it('writes page, topic and name for a topic', () => {
    expect(serializeListQuery({ page: 2, term: null, topicId: 4, name: '채용' })).toBe(
      '?page=2&topic_id=4&name=%EC%B1%84%EC%9A%A9',
    );
  });

  it('round-trips through parse', () => {
    const query = { page: 7, term: '구조화 면접', topicId: null, name: '' };
    expect(parseListQuery(serializeListQuery(query))).toEqual(query);
  });
});

describe('sameQuery / withListContext', () => {
  it('treats no term and an empty term as the same list', () => {
    expect(sameQuery(defaultQuery, { ...defaultQuery, term: '' })).toBe(true);
    expect(sameQuery(defaultQuery, { ...defaultQuery, page: 2 })).toBe(false);
  });

  it('adds the list page and topic to on-site detail links only', () => {
    const query = { page: 3, term: null, topicId: 2, name: '채용 트렌드' };
    expect(withListContext('/info/blog/hr-0001', query)).toBe(
      '/info/blog/hr-0001?page=3&topic_id=2&name=%EC%B1%84%EC%9A%A9+%ED%8A%B8%EB%A0%8C%EB%93%9C',
    );
    expect(withListContext('https://press.example/a?id=1', query)).toBe('https://press.example/a?id=1');
  });
});
