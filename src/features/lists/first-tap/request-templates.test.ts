import { describe, expect, it } from 'vitest';
import { serializeListQuery, type ListQuery } from '../../../lib/list-query.ts';
import { listKinds } from '../list-kinds.ts';
import { listApiUrl } from './list-address.ts';
import { firstTapAttributes, requestTemplates, requestUrl } from './request-templates.ts';

const base = 'https://api.example.com/v1';
const queries: ListQuery[] = [
  { page: 1, term: null, topicId: null, name: '' },
  { page: 2, term: null, topicId: null, name: '' },
  { page: 1, term: '면접 평가', topicId: null, name: '' },
  { page: 3, term: '', topicId: null, name: '' },
  { page: 1, term: null, topicId: 7, name: '채용 & 평가' },
  { page: 4, term: null, topicId: 12, name: '' },
];

describe('request templates', () => {
  for (const config of Object.values(listKinds)) {
    it(`${config.kind}: a page address fills them into the very address the store asks for`, () => {
      const templates = requestTemplates(config, base);
      for (const query of queries) {
        const address = new URLSearchParams(serializeListQuery(query));
        // A list without a search box answers a term with its browsing call, early or not.
        expect(listApiUrl(templates, address), serializeListQuery(query)).toBe(
          requestUrl(config, query, base),
        );
      }
    });
  }

  it('trims a searched term, early or not (an address typed with spaces asks once)', () => {
    const templates = requestTemplates(listKinds.news, base);
    const address = new URLSearchParams({ page: '1', term: '  역량  ' });
    const trimmed = requestUrl(listKinds.news, { page: 1, term: '역량', topicId: null, name: '' }, base);
    expect(listApiUrl(templates, address)).toBe(trimmed);
    expect(requestUrl(listKinds.news, { page: 1, term: '  역량  ', topicId: null, name: '' }, base)).toBe(
      trimmed,
    );
  });

  it('asks for lazily loaded code at a first tap only where a tap shows HTML (the FAQ answers)', () => {
    const lazy = Object.values(listKinds).filter(
      (config) => firstTapAttributes(config)['data-lazy-code'] !== undefined,
    );
    expect(lazy.map((config) => config.kind)).toEqual(['faq']);
  });
});
