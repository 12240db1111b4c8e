/** Warnings about content are single lines, so a CI log cannot read part of one as a command. */
import { describe, expect, it } from 'vitest';
import { fetchArticles, fetchPatents, FetchError, type Fetcher } from './build-data.ts';
import { oneLine } from './one-line.ts';

const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

describe('oneLine', () => {
  it('escapes every character that ends, hides or reorders a line', () => {
    expect(oneLine('a\nb\rc\td\u0000e\u001bf\u007fg\u0085h\u2028i\u2029j\u202ek\u2066l')).toBe(
      'a\\nb\\rc\\td\\u0000e\\u001bf\\u007fg\\u0085h\\u2028i\\u2029j\\u202ek\\u2066l',
    );
    expect(oneLine('공지 /\\ 😀 web3.0')).toBe('공지 /\\ 😀 web3.0');
  });

  it('never lets a line start with ::, even after spaces', () => {
    expect(oneLine('::add-mask::x')).toBe('\\u003a:add-mask::x');
    expect(oneLine('  ::warning::x')).toBe('  \\u003a:warning::x');
    expect(oneLine('\n::add-mask::x')).toBe('\\n::add-mask::x');
    expect(oneLine('a ::b')).toBe('a ::b');
  });
});

describe('the warnings of the content loaders', () => {
  const list = (objects: unknown[]) => ({
    objects,
    paging: { page_size: objects.length, start_page: 1, end_page: 1 },
  });

  it('are single lines even when the API error they quote is not', async () => {
    const message = '상세 오류\n::add-mask::secret';
    const fetcher = (async (name: string) => {
      if (name === 'blogDetail' || name === 'patentDetail') throw new FetchError('invalid', message);
      const item = {
        analytics_page_id: 'a',
        absolute_url: '/info/patent/2026.11',
        created_time: '2026-01-01T00:00:00+09:00',
      };
      return list([item]);
    }) as unknown as Fetcher;
    const warnings: string[] = [];
    await fetchArticles(fetcher, 'hrStoryTags', (line) => warnings.push(line));
    await fetchPatents(fetcher, (line) => warnings.push(line));
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) {
      expect(warning.split(LINE_BREAK)).toHaveLength(1);
      expect(warning).toContain('상세 오류\\n::add-mask::secret');
    }
    expect(warnings[1]).toContain('특허 "2026.11"');
  });
});
