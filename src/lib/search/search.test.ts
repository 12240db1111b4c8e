import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from './build-index.ts';
import { createSearcher, SearchIndexError } from './searcher.ts';
import type { SearchDoc } from './types.ts';

const docs: SearchDoc[] = [
  {
    id: 'a',
    type: 'hrStory',
    title: '신규 입사자 온보딩 가이드',
    url: '/info/blog/a',
    date: '2025-01-02',
    text: '온보딩은 첫 90일이 중요합니다. 서비스는 누구에게나 열려 있습니다.',
  },
  {
    id: 'b',
    type: 'news',
    title: '구조화 면접으로 채용 정확도 높이기',
    url: 'https://news.example/b',
    date: '2025-03-01',
    text: '구조화 면접은 같은 질문을 모든 지원자에게 묻습니다. ISMS 인증을 받았습니다.',
  },
  {
    id: 'c',
    type: 'faq',
    title: '인공 지능 면접은 공정한가요?',
    url: '/faq#c',
    text: 'AI 평가는 OKR 과 1on1 자료를 쓰지 않습니다. 데이터를 분석합니다.',
  },
  {
    id: 'd',
    type: 'seminar',
    title: '인공지능 채용 세미나',
    url: '/seminar#d',
    date: '2024-05-05',
    text: '인공지능 시대의 채용 전략을 다룹니다.',
  },
];

function searcherOver(list: SearchDoc[]) {
  const { entry, files } = buildSearchIndex(list);
  const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
  const requests: string[] = [];
  const searcher = createSearcher({
    entryUrl: '/search/index.json',
    fetchJson: async (url) => {
      requests.push(url);
      if (url === '/search/index.json') return JSON.parse(JSON.stringify(entry)) as unknown;
      if (!byName.has(url)) throw new Error('404');
      return byName.get(url);
    },
  });
  return { searcher, requests };
}

const ids = async (query: string) =>
  (await searcherOver(docs).searcher.search(query)).hits.map((h) => h.id).sort();

describe('site search', () => {
  it('finds compounds spaced either way', async () => {
    expect(await ids('구조화면접')).toEqual(['b']);
    expect(await ids('인공지능')).toEqual(['c', 'd']);
    expect(await ids('인공 지능')).toEqual(['c', 'd']);
  });
  it('strips particles and endings from query words', async () => {
    expect(await ids('서비스를')).toEqual(['a']);
    expect(await ids('분석합니다')).toEqual(['c']);
  });
  it('matches the last word as a prefix, also mid-composition', async () => {
    expect(await ids('온보')).toEqual(['a']);
    expect(await ids('온')).toEqual(['a']);
    expect(await ids('온ㅂ')).toEqual(['a']);
    expect(await ids('온볻')).toEqual(['a']);
    expect(await ids('is')).toEqual(['b']);
  });
  it('finds initials in titles', async () => {
    expect(await ids('ㅇㅂㄷ')).toEqual(['a']);
  });
  it('lowercases Latin words whole', async () => {
    expect(await ids('ISMS')).toEqual(['b']);
    expect(await ids('okr 1on1')).toEqual(['c']);
  });
  it('gives nothing for a word that appears nowhere', async () => {
    expect(await ids('블록체인')).toEqual([]);
    expect(await ids('면접 블록체인')).toEqual([]);
  });
  it('ranks title hits first and marks matches in title and excerpt', async () => {
    const { hits, counts } = await searcherOver(docs).searcher.search('면접');
    expect(hits[0]!.id).toBe('b');
    expect(counts).toEqual({ news: 1, faq: 1 });
    const hit = hits[0]!;
    expect(hit.titleMarks.map(([a, b]) => hit.title.slice(a, b))).toEqual(['면접']);
    expect(hit.excerptMarks.map(([a, b]) => hit.excerpt.slice(a, b))).toEqual(['면접']);
  });
  it('filters by type after counting', async () => {
    const r = await searcherOver(docs).searcher.search('인공지능', { types: ['seminar'] });
    expect(r.hits.map((h) => h.id)).toEqual(['d']);
    expect(r.counts).toEqual({ faq: 1, seminar: 1 });
    expect(r.total).toBe(1);
  });
  it('rejects a malformed file with SearchIndexError', async () => {
    const searcher = createSearcher({ entryUrl: '/x.json', fetchJson: async () => ({ v: 1 }) });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
  });
});

describe('query analysis', () => {
  it('strips particles and endings, never below two syllables', async () => {
    const { stripSuffixes } = await import('./query.ts');
    expect(stripSuffixes('서비스를')).toEqual(['서비스']);
    expect(stripSuffixes('분석합니다')).toEqual(['분석']);
    expect(stripSuffixes('면접관에게는')).toEqual(['면접관에게', '면접관']);
    expect(stripSuffixes('책을')).toEqual([]);
  });
  it('reads decomposed (NFD) input as composed', async () => {
    expect(await ids('온보딩'.normalize('NFD'))).toEqual(['a']);
  });
});

describe('excerpts and highlights', () => {
  it('cuts about 120 characters around the match and marks it inside the excerpt', async () => {
    const { excerptOf } = await import('./excerpt.ts');
    const text = `${'앞부분 문장입니다. '.repeat(30)}여기서 구조화 면접을 설명합니다. ${'뒷부분 문장입니다. '.repeat(30)}`;
    const { excerpt, marks } = excerptOf(text, ['구조화면접']);
    expect(excerpt.startsWith('…') && excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(140);
    expect(marks.map(([a, b]) => excerpt.slice(a, b))).toEqual(['구조화 면접']);
  });
  it('keeps a hostile title as text and marks offsets into it', async () => {
    const hostile = '<img src=x onerror=alert(1)> 면접 안내';
    const { searcher } = searcherOver([
      { id: 'h', type: 'news', title: hostile, url: 'https://news.example/h', text: '<b>면접</b> 일정' },
    ]);
    const [hit] = (await searcher.search('면접')).hits;
    expect(hit!.title).toBe(hostile);
    expect(hit!.excerpt).toBe('<b>면접</b> 일정');
    expect(hit!.titleMarks.map(([a, b]) => hostile.slice(a, b))).toEqual(['면접']);
  });
});

describe('index files', () => {
  it('keeps the names of shards a one-item edit does not touch', () => {
    const before = buildSearchIndex(docs);
    const after = buildSearchIndex(
      docs.map((d) => (d.id === 'c' ? { ...d, text: `${d.text} 추가 문장.` } : d)),
    );
    const names = new Set(before.files.map((f) => f.name));
    const rewritten = after.files.filter((f) => !names.has(f.name));
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.length).toBeLessThan(after.files.length / 4);
  });
  it('retries a file that failed once instead of keeping the failure', async () => {
    const { entry, files } = buildSearchIndex(docs);
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    let broken = true;
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => {
        if (url === '/search/index.json') return entry;
        if (broken && url.includes('/docs-')) return { v: 1, d: { truncated: {} } };
        return byName.get(url);
      },
    });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
    broken = false;
    expect((await searcher.search('면접')).hits.map((h) => h.id)).toEqual(['b', 'c']);
  });
});

describe('site documents', () => {
  it('leaves out an item it cannot read and keeps the rest', async () => {
    const { siteSearchDocs } = await import('./site-docs.ts');
    const item = { analytics_page_id: 'n1', title: '정상 소식', created_time: '2026-01-02T09:00:00+09:00' };
    const docs = siteSearchDocs({
      cardLists: { news: [item, { ...item, analytics_page_id: 'n2', tags: 7 } as never] },
      hrStories: [],
      successStories: [],
      patents: [],
    });
    expect(docs.filter((doc) => doc.type === 'news').map((doc) => [doc.id, doc.date])).toEqual([
      ['news:n1', '2026-01-02'],
    ]);
    expect(docs.some((doc) => doc.id === 'product:whitepaper')).toBe(true);
  });
});

describe('the tail of newest documents', () => {
  it('carries a new newest item in the entry, keeping every term shard, and folds it in at an anchor', async () => {
    const { fnv1a } = await import('./format.ts');
    const anchors = (want: boolean) =>
      Array.from({ length: 64 }, (_, i) => `news:new-${i}`).find(
        (id) => (fnv1a(`tail\u0000${id}`) % 8 === 0) === want,
      )!;
    const fresh = (id: string): SearchDoc => ({
      id,
      type: 'news',
      title: '물결무늬 채용 박람회 개막',
      url: 'https://news.example/new',
      date: '2099-01-01',
      text: '면접 체험관을 운영합니다.',
    });
    const termNames = (list: SearchDoc[]) =>
      buildSearchIndex(list)
        .files.filter((f) => f.name.startsWith('terms-'))
        .map((f) => f.name);
    const before = termNames(docs);
    // The older documents' postings are in the shards (the test would pass trivially otherwise).
    expect(
      buildSearchIndex(docs).files.some((f) => f.name.startsWith('terms-') && f.body.includes('면접')),
    ).toBe(true);

    const tailId = anchors(false);
    const withTail = [...docs, fresh(tailId)];
    expect(termNames(withTail)).toEqual(before);
    expect(Object.keys(buildSearchIndex(withTail).entry.tail)).toContain('물결');
    expect((await searcherOver(withTail).searcher.search('물결무늬 박람회')).hits.map((h) => h.id)).toEqual([
      tailId,
    ]);

    const anchorId = anchors(true);
    const folded = [...docs, fresh(anchorId)];
    expect(buildSearchIndex(folded).entry.tail).toEqual({});
    expect((await searcherOver(folded).searcher.search('물결무늬 박람회')).hits.map((h) => h.id)).toEqual([
      anchorId,
    ]);
  });
});
