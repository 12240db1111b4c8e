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
