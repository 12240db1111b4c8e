import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../../lib/list-query.ts';
import { isPrerenderedQuery } from './prerendered-query.ts';

describe('isPrerenderedQuery', () => {
  it('is true for the addresses of the first page as the HTML shows it', () => {
    for (const search of [
      '',
      '?',
      '?page=1',
      '?page=0',
      '?page=abc',
      '?utm_source=mail',
      '?topic_id=x',
      '?name=HR',
    ]) {
      expect(isPrerenderedQuery(search), search).toBe(true);
    }
  });

  it('is false for a later page, any term (an empty one too) or a topic', () => {
    for (const search of [
      '?page=2',
      '?term=AI',
      '?term=',
      '?page=1&term=면접',
      '?topic_id=3',
      '?page=1&topic_id=3&name=HR',
    ]) {
      expect(isPrerenderedQuery(search), search).toBe(false);
    }
  });

  it('agrees with parseListQuery', () => {
    const pages = ['', '1', '01', '0', '2', '002', '10', ' 3 ', '1.5', '-2', 'x', '100001', '99999999999'];
    const topics = ['', '0', '7', ' 7', '123456789', '1234567890', 'x', '-1'];
    for (const page of pages) {
      for (const topic of topics) {
        for (const term of [null, '', 'AI']) {
          const params = new URLSearchParams({ page, topic_id: topic });
          if (term !== null) params.set('term', term);
          const query = parseListQuery(params);
          const expected = query.page === 1 && query.term === null && query.topicId === null;
          expect(isPrerenderedQuery(`?${params}`), `?${params}`).toBe(expected);
        }
      }
    }
  });
});
