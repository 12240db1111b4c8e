import { describe, expect, it } from 'vitest';
import { backLinkHref } from './back-link.ts';

describe('backLinkHref', () => {
  it('is the plain list address without list context', () => {
    expect(backLinkHref('blog', '')).toBe('/hrcontents');
    expect(backLinkHref('success', '')).toBe('/helloty/page');
    expect(backLinkHref('patent', '?utm_source=x')).toBe('/tech');
  });

  it('returns an HR story to its page and topic', () => {
    expect(backLinkHref('blog', '?page=2&topic_id=3&name=AI%20%EC%B1%84%EC%9A%A9')).toBe(
      `/hrcontents?page=2&topic_id=3&name=${new URLSearchParams({ n: 'AI 채용' }).toString().slice(2)}`,
    );
    expect(backLinkHref('blog', '?page=4')).toBe('/hrcontents?page=4');
    expect(backLinkHref('blog', '?topic_id=5&name=리더십')).toBe(
      `/hrcontents?page=1&topic_id=5&name=${encodeURIComponent('리더십')}`,
    );
  });

  it('round-trips through the list query parser', async () => {
    const { parseListQuery } = await import('../../lib/list-query.ts');
    const href = backLinkHref('blog', '?page=3&topic_id=2&name=구조화 면접');
    const query = parseListQuery(new URL(href, 'https://x.example').search);
    expect(query).toMatchObject({ page: 3, topicId: 2, name: '구조화 면접' });
  });

  it('returns success stories and patents to their page only', () => {
    expect(backLinkHref('success', '?page=2&topic_id=9&name=x')).toBe('/helloty/page?page=2');
    expect(backLinkHref('patent', '?page=3')).toBe('/tech?page=3');
    expect(backLinkHref('success', '?topic_id=9')).toBe('/helloty/page');
  });

  it('applies the list fallbacks to odd values', () => {
    expect(backLinkHref('blog', '?page=abc&topic_id=x&name=<script>')).toBe('/hrcontents?page=1');
    expect(backLinkHref('patent', '?page=-7')).toBe('/tech?page=1');
    expect(backLinkHref('blog', '?page=1e9')).toBe('/hrcontents?page=1');
  });

  it('never leaves the site', () => {
    for (const search of [
      '?page=//evil.example',
      '?page=2&name=https://evil.example',
      '?topic_id=1&name=%0d%0a',
    ]) {
      for (const kind of ['blog', 'success', 'patent'] as const) {
        expect(backLinkHref(kind, search)).toMatch(/^\/[a-z]/);
      }
    }
  });
});
