// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  endpoints,
  endpointUrl,
  MAX_TERM_LENGTH,
  type EndpointData,
  type EndpointName,
  type EndpointQuery,
} from '../../src/lib/api/endpoints.ts';
import { ApiErrorSchema, type ContentItem, type ListResponse } from '../../src/lib/api/schemas.ts';
import { CONTENT_FILE_NAMES, loadContent } from './load-content.ts';
import { TERM_TOO_LONG } from './query.ts';
import { createApp, startServer, type RunningServer } from './server.ts';
import { fixture, writeFixture } from './test-fixture.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A quoted strong ETag: 22 base64url characters of a SHA-256. */
const ETAG = /^"[A-Za-z0-9_-]{22}"$/;

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-api-'));
  writeFixture(dir);
  // A file beside the content folder, which a traversal would try to reach.
  writeFileSync(join(dir, 'secret.svg'), '<svg/>');
  server = await startServer({ contentDir: dir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Calls an endpoint and parses the answer with the endpoint's schema: the dev assertion that
 * every answer keeps the contract.
 */
async function call<N extends EndpointName>(name: N, query: EndpointQuery = {}): Promise<EndpointData<N>> {
  const res = await fetch(endpointUrl(server.url, name, query));
  expect(res.status, `${name} ${JSON.stringify(query)}`).toBe(200);
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('etag')).toMatch(ETAG);
  expect(res.headers.get('last-modified')).toMatch(/ GMT$/);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  const body: unknown = await res.json();
  const parsed = endpoints[name].schema.safeParse(body);
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.message}`);
  return body as EndpointData<N>;
}

async function list(name: EndpointName, query: EndpointQuery = {}): Promise<ListResponse> {
  return (await call(name, query)) as ListResponse;
}

/** Raw GET of a path (query included) on the server. */
async function get(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${server.url}${path}`, init);
}

async function expectJsonError(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  return ApiErrorSchema.parse(await res.json()).error;
}

const ids = (res: ListResponse) => res.objects.map((item) => item.analytics_page_id);
const times = (items: ContentItem[]) => items.map((item) => Date.parse(item.created_time));

describe('startServer', () => {
  it('listens on the real port when asked for port 0', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('answers /health', async () => {
    const res = await get('/health');
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('every endpoint keeps its schema', () => {
  const queries: Record<EndpointName, EndpointQuery> = {
    newsSearch: { page: 1, term: '' },
    videoSearch: { page: 1, term: '' },
    videoBanner: {},
    seminarList: { page: 1 },
    seminarBanner: {},
    faqSearch: { page: 1, term: '' },
    faqTags: { page: 1, topic_id: '' },
    faqAllTags: {},
    hrStoryTags: { page: 1, topic_id: '', name: '' },
    successSearch: { page: 1, term: '' },
    successBanner: {},
    techSearch: { page: 1, term: '', tag: '' },
    blogDetail: { id: 'hr-1' },
    patentDetail: { tag: 'P-001' },
  };
  it.each(Object.keys(endpoints) as EndpointName[])('%s', async (name) => {
    await call(name, queries[name]);
  });

  it('covers the fourteen endpoints of the table', () => {
    expect(Object.keys(queries).sort()).toEqual(Object.keys(endpoints).sort());
    expect(Object.keys(endpoints)).toHaveLength(14);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await get('/news/search?page=1', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(await res.text()).toBe('');
  });
});

describe('list contents', () => {
  it('sends the whole list once over all pages, each item once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) seen.push(...ids(await list('newsSearch', { page })));
    expect(seen).toHaveLength(fixture.counts.news);
    expect(new Set(seen).size).toBe(fixture.counts.news);
  });

  it('orders items newest first, comparing instants across offsets', async () => {
    const first = await list('newsSearch', { page: 1 });
    // news-13 (…T00:30:00Z = 09:30 KST) is newer than news-14 (…T09:00:00+09:00).
    expect(ids(first).slice(0, 2)).toEqual([fixture.zuluNewsId, 'news-14']);
    for (const name of [
      'videoSearch',
      'seminarList',
      'faqSearch',
      'hrStoryTags',
      'successSearch',
      'techSearch',
    ] as const) {
      const all: ContentItem[] = [];
      for (let page = 1; page <= 7; page += 1) all.push(...(await list(name, { page })).objects);
      const sorted = [...times(all)].sort((a, b) => b - a);
      expect(times(all), name).toEqual(sorted);
    }
  });

  it('never sends server-only fields; FAQ keeps post_body', async () => {
    const hr = await list('hrStoryTags', { page: 1 });
    const success = await list('successSearch', { page: 1 });
    const patents = await list('techSearch', { page: 1 });
    for (const item of [...hr.objects, ...success.objects, ...patents.objects]) {
      expect(item).not.toHaveProperty('content');
      expect(item).not.toHaveProperty('tag');
    }
    const faq = await list('faqSearch', { page: 1 });
    expect(faq.objects.every((item) => typeof item.post_body === 'string')).toBe(true);
  });

  it('gives patents a row number (oldest = 1) and their views', async () => {
    const page1 = await list('techSearch', { page: 1 });
    const page2 = await list('techSearch', { page: 2 });
    const all = [...page1.objects, ...page2.objects];
    expect(all.map((item) => item.no)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(all.every((item) => typeof item.views === 'number')).toBe(true);
    // The number stays with the patent in search results.
    const found = await list('techSearch', { term: '장치 3' });
    expect(found.objects.map((item) => [item.analytics_page_id, item.no])).toContainEqual(['patent-3', 3]);
  });

  it('gives FAQ items their topic names as tags', async () => {
    const faq = await list('faqTags', { topic_id: 2 });
    expect(
      faq.objects.every((item) => JSON.stringify(item.tags) === JSON.stringify([{ name: '역량검사' }])),
    ).toBe(true);
  });

  it('keeps falsy seminar types', async () => {
    const all: ContentItem[] = [];
    for (let page = 1; page <= 7; page += 1) all.push(...(await list('seminarList', { page })).objects);
    expect(all).toHaveLength(fixture.counts.seminars);
    expect(all.some((item) => item.type === null)).toBe(true);
    expect(all.some((item) => item.type === 0)).toBe(true);
  });
});

describe('paging', () => {
  it.each([
    // [endpoint, page, total, start, end, objects on the page]
    ['hrStoryTags', 1, 23, 1, 3, 9],
    ['hrStoryTags', 2, 23, 1, 3, 9],
    ['hrStoryTags', 3, 23, 1, 3, 5],
    ['seminarList', 1, 61, 1, 5, 9],
    ['seminarList', 5, 61, 1, 5, 9],
    ['seminarList', 6, 61, 6, 7, 9],
    ['seminarList', 7, 61, 6, 7, 7],
    ['newsSearch', 3, 14, 1, 3, 2],
    ['faqSearch', 3, 25, 1, 3, 5],
  ] as const)('%s page %i of %i items → block %i–%i', async (name, page, total, start, end, count) => {
    const res = await list(name, { page });
    expect(res.paging).toEqual({ page_size: total, start_page: start, end_page: end });
    expect(res.objects).toHaveLength(count);
  });

  it('answers a page past the end with no objects and the last block', async () => {
    for (const page of [8, 99999, '1e30', '9'.repeat(400)]) {
      const res = await list('seminarList', { page });
      expect(res.objects).toEqual([]);
      expect(res.paging).toEqual({ page_size: 61, start_page: 6, end_page: 7 });
    }
  });

  it('reads a page that is missing or not a positive integer as 1', async () => {
    const first = ids(await list('hrStoryTags', { page: 1 }));
    for (const page of ['abc', '-4', '1.5', '0', '', undefined, 'Infinity', '2abc']) {
      const res = await list('hrStoryTags', { page });
      expect(ids(res), String(page)).toEqual(first);
      expect(res.paging).toEqual({ page_size: 23, start_page: 1, end_page: 3 });
    }
  });

  it('sends a valid paging for an empty result', async () => {
    const res = await list('newsSearch', { term: '존재하지않는검색어' });
    expect(res).toEqual({ objects: [], paging: { page_size: 0, start_page: 1, end_page: 1 } });
  });
});

describe('search', () => {
  it('finds a Korean word that is only in the body', async () => {
    const res = await list('successSearch', { term: fixture.bodyOnlyWord });
    expect(ids(res)).toEqual([fixture.bodyOnlyId]);
    expect(res.paging.page_size).toBe(1);
  });

  it('is case-insensitive', async () => {
    for (const term of ['ai', 'Ai', 'AI']) {
      expect(ids(await list('newsSearch', { term }))).toEqual([fixture.aiNewsId]);
    }
  });

  it('matches NFD input against NFC content, and NFD content against NFC input', async () => {
    const nfc = await list('faqSearch', { term: '궁금합니다' });
    const nfd = await list('faqSearch', { term: '궁금합니다'.normalize('NFD') });
    expect(nfc.paging.page_size).toBe(fixture.counts.faq - 1);
    expect(ids(nfd)).toEqual(ids(nfc));
    // faq-3's title was written in NFD; the loader normalised it.
    expect(ids(await list('faqSearch', { term: fixture.nfdWord }))).toEqual([fixture.nfdFaqId]);
    expect(ids(await list('faqSearch', { term: '면접'.normalize('NFD') }))).not.toHaveLength(0);
  });

  it('looks at title, description, tags and body, not at markup', async () => {
    expect((await list('newsSearch', { term: '보도자료' })).paging.page_size).toBe(fixture.counts.news); // tags string
    expect((await list('faqSearch', { term: 'AI 면접' })).paging.page_size).toBe(5); // FAQ topic names
    expect((await list('successSearch', { term: '도입 사례' })).paging.page_size).toBe(
      fixture.counts.success,
    ); // tag names
    expect((await list('successSearch', { term: '지표가 좋아' })).paging.page_size).toBe(
      fixture.counts.success,
    ); // description
    expect(
      (await list('videoSearch', { term: '영상 7' })).objects.map((item) => item.analytics_page_id),
    ).toEqual(['video-7']);
    expect(
      (await list('techSearch', { term: '특허 3의 요약' })).objects.map((item) => item.analytics_page_id),
    ).toEqual(['patent-3']);
    expect((await list('faqSearch', { term: '<p>' })).paging.page_size).toBe(0);
    expect((await list('faqSearch', { term: 'img' })).paging.page_size).toBe(0);
  });

  it('treats an empty or blank term as everything', async () => {
    for (const term of ['', '   ', undefined]) {
      expect((await list('videoSearch', { term })).paging.page_size).toBe(fixture.counts.videos);
    }
  });

  it('ignores an empty tag on /tech/search', async () => {
    const res = await list('techSearch', { page: 1, term: '', tag: '' });
    expect(res.paging.page_size).toBe(fixture.counts.patents);
  });

  it('accepts 200 characters and refuses 201 with a JSON 400', async () => {
    expect((await list('newsSearch', { term: '가'.repeat(MAX_TERM_LENGTH) })).objects).toEqual([]);
    for (const name of ['newsSearch', 'videoSearch', 'faqSearch', 'successSearch', 'techSearch'] as const) {
      const res = await fetch(endpointUrl(server.url, name, { term: 'a'.repeat(MAX_TERM_LENGTH + 1) }));
      expect(await expectJsonError(res, 400)).toBe(TERM_TOO_LONG);
    }
    expect(TERM_TOO_LONG).toBe('검색어는 200자 이하로 입력해 주세요.');
  });

  it('counts the term length after NFC, so 200 syllables typed in NFD pass', async () => {
    const res = await fetch(
      endpointUrl(server.url, 'newsSearch', { term: '한'.repeat(200).normalize('NFD') }),
    );
    expect(res.status).toBe(200);
  });
});

describe('topic filters', () => {
  it('filters HR stories by topic and always sends the topics with slugs', async () => {
    const all = await list('hrStoryTags', { page: 1 });
    expect(all.tags).toEqual(fixture.hrTopics);
    const counts = await Promise.all(
      fixture.hrTopics.map(async (topic) => {
        const res = await list('hrStoryTags', { topic_id: topic.id, name: topic.name });
        expect(res.tags).toEqual(fixture.hrTopics);
        expect(res.objects.every((item) => item.tag_ids?.includes(topic.id))).toBe(true);
        return res.paging.page_size;
      }),
    );
    // hr-1 is in two topics.
    expect(counts).toEqual([8, 9, 7]);
  });

  it('reads a non-numeric or empty topic_id as all topics; an unknown number as none', async () => {
    for (const topic_id of ['', 'abc', '1.5', undefined]) {
      expect((await list('hrStoryTags', { topic_id })).paging.page_size, String(topic_id)).toBe(23);
      expect((await list('faqTags', { topic_id })).paging.page_size, String(topic_id)).toBe(25);
    }
    expect((await list('hrStoryTags', { topic_id: 999 })).paging.page_size).toBe(0);
  });

  it('ignores name on /hrcontents/tags', async () => {
    const res = await list('hrStoryTags', { topic_id: 12, name: '아무 이름' });
    expect(res.paging.page_size).toBe(9);
  });

  it('filters FAQ by topic', async () => {
    const res = await list('faqTags', { topic_id: 3 });
    expect(res.paging).toEqual({ page_size: 5, start_page: 1, end_page: 1 });
    expect(res.objects.every((item) => item.tag_ids?.includes(3))).toBe(true);
  });

  it('lists the FAQ topics as id and name', async () => {
    expect(await call('faqAllTags')).toEqual(fixture.faqTopics);
  });
});

describe('banners', () => {
  it('sends the banners of videos, seminars and success stories', async () => {
    expect(await call('videoBanner')).toHaveLength(2);
    expect(await call('seminarBanner')).toHaveLength(1);
    expect((await call('successBanner'))[0]?.author_name).toBe('A사 인사팀');
  });
});

describe('details', () => {
  it('finds HR stories with their topic names', async () => {
    const detail = await call('blogDetail', { id: 'hr-1' });
    expect(detail).toMatchObject({
      title: '채용 전략 1',
      author: '김인사',
      date: '2025-01-01T09:00:00+09:00',
    });
    expect(detail.tags).toEqual(['채용 트렌드', '면접 가이드']);
    expect(detail.content).toContain('실무 가이드');
  });

  it('finds success stories with their tag names', async () => {
    const detail = await call('blogDetail', { id: fixture.bodyOnlyId });
    expect(detail.tags).toEqual(['도입 사례', '역량']);
    expect(detail.content).toContain(fixture.bodyOnlyWord);
  });

  it('sends img null when a story has no featured image', async () => {
    expect((await call('blogDetail', { id: fixture.hrWithInlineImage })).img).toBeNull();
  });

  it('finds patents by tag', async () => {
    const detail = await call('patentDetail', { tag: 'P-003' });
    expect(detail.list).toMatchObject({
      title: '영상 기반 인재 평가 방법 및 장치 3',
      content: '<p>특허 3의 요약입니다.</p>',
    });
    expect((await call('patentDetail', { tag: 'P-002' })).list).not.toHaveProperty('content');
  });

  it.each([
    ['/blog/detail?id=nope', '요청한 글을 찾을 수 없습니다.'],
    ['/blog/detail', '요청한 글을 찾을 수 없습니다.'],
    ['/blog/detail?id=', '요청한 글을 찾을 수 없습니다.'],
    ['/skillInfo/detail?tag=P-999', '요청한 특허 정보를 찾을 수 없습니다.'],
    ['/skillInfo/detail', '요청한 특허 정보를 찾을 수 없습니다.'],
  ])('answers %s with a JSON 404', async (path, message) => {
    expect(await expectJsonError(await get(path), 404)).toBe(message);
  });
});

describe('errors and CORS', () => {
  it('answers an unknown path with a JSON 404', async () => {
    expect(await expectJsonError(await get('/no/such/path'), 404)).toBe('요청한 주소를 찾을 수 없습니다.');
  });

  it('does not change content for other methods', async () => {
    const res = await get('/news/search', { method: 'POST', body: '{}' });
    await expectJsonError(res, 404);
    expect((await list('newsSearch')).paging.page_size).toBe(fixture.counts.news);
  });

  it('answers a thrown error with a JSON 500 carrying CORS headers', async () => {
    const app = createApp(loadContent(dir));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await app.request('/boom');
      expect(await expectJsonError(res, 500)).toBe('서버 오류가 발생했습니다.');
    } finally {
      log.mockRestore();
    }
  });

  it('allows GET from any origin', async () => {
    const res = await get('/faq/alltags', { headers: { Origin: 'https://insighthire.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight with 204 and the allowed methods', async () => {
    const res = await get('/hrcontents/tags', {
      method: 'OPTIONS',
      headers: { Origin: 'https://insighthire.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')?.split(',').sort()).toEqual([
      'GET',
      'HEAD',
      'OPTIONS',
    ]);
  });
});

describe('images', () => {
  it('makes image fields absolute on the request origin', async () => {
    const news = await list('newsSearch', { page: 1 });
    const withImage = news.objects.filter((item) => item.featured_image);
    expect(withImage.length).toBeGreaterThan(0);
    for (const item of withImage) expect(item.featured_image).toBe(`${server.url}/images/hr-1.svg`);
    expect(news.objects.some((item) => item.featured_image === null)).toBe(true);

    const videos = await list('videoSearch');
    expect(videos.objects[0]?.thumb).toBe(`${server.url}/images/hr-2.svg`);
    expect((await list('successSearch')).objects[0]?.logo).toBe(`${server.url}/images/hr-2.svg`);
    expect((await call('videoBanner'))[0]?.featured_image).toBe(`${server.url}/images/banner.svg`);
    expect((await call('successBanner'))[0]?.featured_image).toBe(`${server.url}/images/banner.svg`);
    expect((await call('patentDetail', { tag: 'P-001' })).list.img).toBe(`${server.url}/images/patent.svg`);
    expect((await call('blogDetail', { id: 'hr-1' })).img).toBe(`${server.url}/images/hr-1.svg`);
  });

  it('rewrites <img src="/images/..."> in HTML fields', async () => {
    const detail = await call('blogDetail', { id: fixture.hrWithInlineImage });
    expect(detail.content).toContain(`<img src="${server.url}/images/hr-2.svg" alt="도표">`);
    const faq = await list('faqSearch', { term: '', page: 3 });
    const first = faq.objects.find((item) => item.analytics_page_id === 'faq-1');
    expect(first?.post_body).toContain(`src="${server.url}/images/hr-2.svg"`);
  });

  it('uses publicUrl when given', async () => {
    const app = createApp(loadContent(dir), { publicUrl: 'https://api.example.com/' });
    const res = await app.request('http://127.0.0.1/blog/detail?id=hr-1');
    expect(((await res.json()) as { img: string }).img).toBe('https://api.example.com/images/hr-1.svg');
  });

  it('serves images as SVG with a day of caching', async () => {
    const res = await get('/images/hr-1.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await res.text()).toContain('<svg');
    // The rewritten address of an item is fetchable.
    const detail = await call('blogDetail', { id: 'hr-1' });
    expect((await fetch(detail.img ?? '')).status).toBe(200);
  });

  it.each([
    '/images/missing.svg',
    '/images/..%2Fsecret.svg',
    '/images/%2e%2e%2fsecret.svg',
    '/images/..%5Csecret.svg',
    '/images/.hidden.svg',
    '/images/../secret.svg',
    '/images/%2E%2E/secret.svg',
    '/images/..',
    '/images/hr-1.svg%00.json',
    '/images/news.json',
  ])('refuses %s', async (path) => {
    // Sent byte for byte: fetch would resolve `..` before sending.
    const res = await rawGet(path);
    expect(res.status).toBe(404);
    expect(res.type).toBe(JSON_TYPE);
    expect(res.body).not.toContain('<svg');
  });
});

describe('validators and conditional requests', () => {
  const path = '/faq/alltags';

  /** The validators of a plain GET of `path`. */
  async function validatorsOf(path: string): Promise<{ etag: string; lastModified: string }> {
    const res = await get(path);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    return { etag: res.headers.get('etag') ?? '', lastModified: res.headers.get('last-modified') ?? '' };
  }

  it('dates each answer by the content files it is made of, in whole seconds', async () => {
    const datedDir = mkdtempSync(join(tmpdir(), 'content-api-dated-'));
    writeFixture(datedDir);
    // Each file a day apart, with milliseconds that the HTTP date drops.
    const files = Object.values(CONTENT_FILE_NAMES);
    files.forEach((file, index) => {
      const date = new Date(Date.UTC(2026, 10, 1 + index, 0, 0, 0, 700));
      utimesSync(join(datedDir, file), date, date);
    });
    const dateOf = (file: string) => Math.floor(statSync(join(datedDir, file)).mtimeMs / 1000) * 1000;
    const running = await startServer({ contentDir: datedDir, port: 0 });
    try {
      const stamp = async (path: string) =>
        Date.parse((await freshGet(running.port, path)).headers['last-modified'] ?? '');
      expect(await stamp('/faq/alltags')).toBe(dateOf(CONTENT_FILE_NAMES.faq));
      expect(await stamp('/news/search?page=2')).toBe(dateOf(CONTENT_FILE_NAMES.news));
      expect(await stamp('/hrcontents/tags?page=1')).toBe(dateOf(CONTENT_FILE_NAMES.hrStories));
      expect(await stamp('/seminar/banner')).toBe(dateOf(CONTENT_FILE_NAMES.seminars));
      // A story's detail may come from either story file: the newer of the two.
      expect(await stamp('/blog/detail?id=hr-1')).toBe(
        Math.max(dateOf(CONTENT_FILE_NAMES.hrStories), dateOf(CONTENT_FILE_NAMES.success)),
      );
      expect(await stamp('/health')).toBe(Math.max(...files.map(dateOf)));
    } finally {
      await running.close();
      rmSync(datedDir, { recursive: true, force: true });
    }
  });

  it('gives one answer one ETag, and different answers different ones', async () => {
    const first = await validatorsOf(path);
    expect((await validatorsOf(path)).etag).toBe(first.etag);
    expect((await validatorsOf('/news/search?page=2')).etag).not.toBe(first.etag);
  });

  it('answers a matching If-None-Match with an empty 304 carrying the validators', async () => {
    const { etag, lastModified } = await validatorsOf(path);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, `W/"a,b", W/${etag}`, '*']) {
      const res = await get(path, { headers: { 'If-None-Match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('last-modified')).toBe(lastModified);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const head = await get(path, { method: 'HEAD', headers: { 'If-None-Match': etag } });
    expect(head.status).toBe(304);
  });

  it('answers 200 when no tag matches', async () => {
    const { etag } = await validatorsOf(path);
    for (const ifNoneMatch of ['"other"', etag.slice(0, -2) + '"', 'garbage']) {
      const res = await get(path, { headers: { 'If-None-Match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(200);
      expect(await res.json()).toEqual(fixture.faqTopics);
    }
  });

  it('answers If-Modified-Since at or after Last-Modified with 304, before it with 200', async () => {
    const { lastModified } = await validatorsOf(path);
    const at = Date.parse(lastModified);
    const status = async (since: string, headers: Record<string, string> = {}) =>
      (await get(path, { headers: { 'If-Modified-Since': since, ...headers } })).status;
    expect(await status(lastModified)).toBe(304);
    expect(await status(new Date(at + 60_000).toUTCString())).toBe(304);
    expect(await status(new Date(at - 1000).toUTCString())).toBe(200);
    expect(await status('not a date')).toBe(200);
    // If-None-Match decides when both are sent.
    expect(await status(lastModified, { 'If-None-Match': '"other"' })).toBe(200);
  });

  it('never answers an error with 304', async () => {
    const conditional = {
      'If-None-Match': '*',
      'If-Modified-Since': new Date(Date.now() + 86_400_000).toUTCString(),
    };
    const notFound = await get('/blog/detail?id=nope', { headers: conditional });
    expect(await expectJsonError(notFound, 404)).toBe('요청한 글을 찾을 수 없습니다.');
    expect(notFound.headers.get('etag')).toBeNull();
    const tooLong = await get(`/news/search?term=${'a'.repeat(MAX_TERM_LENGTH + 1)}`, {
      headers: conditional,
    });
    expect(await expectJsonError(tooLong, 400)).toBe(TERM_TOO_LONG);
  });

  it("changes the ETag and date of an edited file's answers after a restart, and only of them", async () => {
    const editDir = mkdtempSync(join(tmpdir(), 'content-api-edit-'));
    writeFixture(editDir);
    let running = await startServer({ contentDir: editDir, port: 0 });
    // The same port after the restart, so answers with absolute image addresses stay comparable.
    const port = running.port;
    try {
      const before = await freshGet(port, path);
      const news = await freshGet(port, '/news/search?page=1');
      await running.close();

      const file = join(editDir, CONTENT_FILE_NAMES.faq);
      const faq = JSON.parse(readFileSync(file, 'utf8')) as { topics: { name: string }[] };
      faq.topics[0] = { ...faq.topics[0], name: '바뀐 주제' };
      writeFileSync(file, JSON.stringify(faq));
      // Dated explicitly: a rewrite within the same second would keep the same HTTP date.
      const later = new Date(Date.parse(before.headers['last-modified'] ?? '') + 10_000);
      utimesSync(file, later, later);
      running = await startServer({ contentDir: editDir, port });

      const stale = await freshGet(port, path, { 'If-None-Match': before.headers.etag ?? '' });
      expect(stale.status).toBe(200);
      expect(stale.headers.etag).toMatch(ETAG);
      expect(stale.headers.etag).not.toBe(before.headers.etag);
      expect(Date.parse(stale.headers['last-modified'] ?? '')).toBe(later.getTime());
      expect((JSON.parse(stale.body) as { name: string }[])[0]?.name).toBe('바뀐 주제');
      const staleDate = await freshGet(port, path, {
        'If-Modified-Since': before.headers['last-modified'] ?? '',
      });
      expect(staleDate.status).toBe(200);
      // Unchanged answers keep their ETag across the restart, and so do the other lists their date:
      // a client asking by date reads again only the list whose file changed.
      const same = await freshGet(port, '/news/search?page=1', { 'If-None-Match': news.headers.etag ?? '' });
      expect(same.status).toBe(304);
      expect(same.headers['last-modified']).toBe(news.headers['last-modified']);
      const sameDate = await freshGet(port, '/news/search?page=1', {
        'If-Modified-Since': news.headers['last-modified'] ?? '',
      });
      expect(sameDate.status).toBe(304);
    } finally {
      await running.close();
      rmSync(editDir, { recursive: true, force: true });
    }
  });

  it('dates an app without a given date by its creation, in whole seconds', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const app = createApp(loadContent(dir));
    const res = await app.request(path);
    const date = Date.parse(res.headers.get('last-modified') ?? '');
    expect(date).toBeGreaterThanOrEqual(before);
    expect(date % 1000).toBe(0);
    const given = createApp(loadContent(dir), { lastModified: new Date('2025-03-04T05:06:07.890Z') });
    expect((await given.request(path)).headers.get('last-modified')).toBe('Tue, 04 Mar 2025 05:06:07 GMT');
  });

  it('lets browser clients read the validators and Retry-After', async () => {
    const res = await get(path, { headers: { Origin: 'https://insighthire.example' } });
    expect(res.headers.get('access-control-expose-headers')?.split(',')).toEqual([
      'ETag',
      'Last-Modified',
      'Retry-After',
    ]);
  });
});

/** GET with the path sent exactly as written (no URL normalisation on the client side). */
function rawGet(path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * GET on a new connection: a pooled keep-alive connection to a server that was just restarted
 * on the same port may already be closed by the old one.
 */
function freshGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
