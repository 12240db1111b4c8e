import { describe, expect, it } from 'vitest';
import type { EndpointName, EndpointQuery } from '../api/endpoints.ts';
import {
  fetchArticles,
  fetchPatents,
  FetchError,
  patentTag,
  routeIdProblem,
  type Fetcher,
} from './build-data.ts';
import { callKey, replayFetcher } from './recorded-api.ts';
import { itemHref } from '../api/item-address.ts';
import { detailPath } from '../detail-paths.ts';

describe('routeIdProblem', () => {
  it('accepts ids that are one address segment on any static host', () => {
    for (const id of ['hr-0001', 'story_2', '인사이트-채용', 'v1.2', 'a~b'])
      expect(routeIdProblem(id)).toBeNull();
  });

  it('refuses ids that would change what the address means, or name another file', () => {
    for (const id of ['a?b', 'a#b', 'a/b', 'a\\b', '..', '.', 'a b', 'a%2Fb', 'a\u0000b', 'x'.repeat(201)]) {
      expect(routeIdProblem(id), id).not.toBeNull();
    }
    expect(routeIdProblem('채용'.normalize('NFD'))).toMatch(/NFD/);
  });

  it("says an id refused for its leading '.' starts with one, whatever follows", () => {
    for (const id of ['.', '..', '.well-known', '.env'])
      expect(routeIdProblem(id), id).toBe("'.'으로 시작합니다");
  });
});

describe('patentTag', () => {
  it('takes the last path segment, decoded, and gives up on what cannot be decoded', () => {
    expect(patentTag('/info/patent/P-01')).toBe('P-01');
    expect(patentTag('/info/patent/%ED%8A%B9%ED%97%88?x=1#y')).toBe('특허');
    expect(patentTag('/info/patent/%E0%A4%A')).toBeNull();
    expect(patentTag(undefined)).toBeNull();
    expect(patentTag('/')).toBeNull();
  });
});

/** A fake API: list pages of `items`, details by id, some of them missing. */
function fakeApi(ids: string[], missing: string[] = [], down: string[] = []): Fetcher {
  return (async (name: EndpointName, query: EndpointQuery = {}) => {
    if (name === 'blogDetail' || name === 'patentDetail') {
      const id = String(query.id ?? query.tag);
      if (missing.includes(id)) throw new FetchError('not-found', `없음: ${id}`);
      if (down.includes(id)) throw new FetchError('http', `500: ${id}`);
      return name === 'blogDetail'
        ? { title: id, author: '', date: '', content: '<p>본문</p>', tags: [] }
        : { list: { title: id, date: '' } };
    }
    const objects = ids.map((id) => ({
      analytics_page_id: id,
      absolute_url: name === 'techSearch' ? `/info/patent/${encodeURIComponent(id)}` : `/info/blog/${id}`,
      created_time: '2026-10-01',
    }));
    return {
      objects: query.page === 1 ? objects : [],
      paging: { page_size: objects.length, start_page: 1, end_page: 1 },
    };
  }) as Fetcher;
}

describe('fetchArticles and fetchPatents', () => {
  it('leave out items whose id cannot be an address or whose detail is missing, with a warning naming each', async () => {
    const warnings: string[] = [];
    const articles = await fetchArticles(
      fakeApi(['ok-1', 'a?b', '../x', '한글'.normalize('NFD'), 'gone'], ['gone']),
      'hrStoryTags',
      (w) => warnings.push(w),
    );
    expect(articles.map((a) => a.id)).toEqual(['ok-1']);
    expect(warnings).toHaveLength(4);
    expect(warnings.join('\n')).toContain('"a?b"');
    expect(warnings.join('\n')).toContain('"gone": 상세를 가져오지 못해 건너뜁니다');
  });

  it('still fail the whole run when the API itself fails', async () => {
    await expect(fetchArticles(fakeApi(['ok-1', 'boom'], [], ['boom']), 'successSearch')).rejects.toThrow(
      '500: boom',
    );
  });

  it('leave out patents with an unusable key', async () => {
    const warnings: string[] = [];
    const patents = await fetchPatents(fakeApi(['P-1', 'P/2']), (w) => warnings.push(w));
    expect(patents.map((p) => p.id)).toEqual(['P-1']);
    expect(warnings[0]).toMatch(/^특허 "P\/2"/);
  });
});

describe('an item whose address and id differ', () => {
  it('gets its page, its detail call and its card at one address: the slug of its absolute_url', async () => {
    const asked: string[] = [];
    const item = (list: string, id: string, url: string) => ({
      analytics_page_id: id,
      absolute_url: url,
      created_time: '2026-10-01',
      list,
    });
    const lists = {
      hrStoryTags: [
        item('hr', 'hr-0001', '/info/blog/hiring-trends-2026'),
        item('hr', 'hr-0002', '/info/blog/hr-0002'),
      ],
      successSearch: [item('success', 'success-7', '/cad_archive/acme-interview')],
    };
    const fetch = (async (name: EndpointName, query: EndpointQuery = {}) => {
      if (name === 'blogDetail') {
        asked.push(String(query.id));
        return { title: String(query.id), author: '', date: '', content: '<p>본문</p>', tags: [] };
      }
      const objects = lists[name as keyof typeof lists];
      return {
        objects: query.page === 1 ? objects : [],
        paging: { page_size: objects.length, start_page: 1, end_page: 1 },
      };
    }) as Fetcher;
    const hr = await fetchArticles(fetch, 'hrStoryTags');
    const success = await fetchArticles(fetch, 'successSearch');
    expect(hr.map((a) => a.id)).toEqual(['hiring-trends-2026', 'hr-0002']);
    expect(success.map((a) => a.id)).toEqual(['acme-interview']);
    expect(asked.sort()).toEqual(['acme-interview', 'hiring-trends-2026', 'hr-0002']);
    // The card of each (list-items.ts) links to exactly the page getStaticPaths builds for it (params.id = article id).
    for (const [list, kind, articles] of [
      ['hrStory', 'blog', hr],
      ['success', 'success', success],
    ] as const) {
      for (const article of articles)
        expect(itemHref(list, article.item)).toBe(detailPath({ kind, key: article.id }));
    }
  });
});

describe('replayFetcher', () => {
  it('answers from the record, replays recorded failures, and never fetches what is missing', async () => {
    const replay = replayFetcher({
      version: 1,
      apiUrl: 'http://api.example',
      calls: {
        [callKey('blogDetail', { id: 'a' })]: { ok: true, data: { title: 'A' } },
        [callKey('blogDetail', { id: 'gone' })]: { ok: false, kind: 'not-found', message: '없음' },
      },
    });
    await expect(replay('blogDetail', { id: 'a' })).resolves.toEqual({ title: 'A' });
    await expect(replay('blogDetail', { id: 'gone' })).rejects.toBeInstanceOf(FetchError);
    await expect(replay('blogDetail', { id: 'new' })).rejects.toThrow(/스냅샷에 없는 호출/);
  });

  it("keys calls by the endpoint's own parameters only", () => {
    expect(callKey('hrStoryTags', { page: 1, topic_id: '', name: '', term: 'x' })).toBe(
      '/hrcontents/tags?page=1&topic_id=&name=',
    );
  });
});
