import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex, type PreviousIndex } from './index/build-index.ts';
import { decodePostings, encodePostings } from './format/format.ts';
import {
  parseShardHint,
  queryShards,
  shardHintOf,
  termShardName,
  typedWordShards,
  type ShardHint,
} from './format/shard-names.ts';
import { analyzeQuery } from './format/query.ts';
import { createSearcher, SearchIndexError } from './engine/searcher.ts';
import { coverGrams, coverStarts, gramTerms } from './format/tokenize.ts';
import type { SearchDoc, SearchResponse } from './format/types.ts';

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
  it('puts results that repeat a better-ranked text after those that say something new', async () => {
    const story = docs[0]!;
    // A reposted story: the same text under longer titles, each older than the first.
    const reposts = [2, 3, 4].map((n) => ({
      ...story,
      id: `a${n}`,
      title: `다시 읽는 ${story.title} (${n})`,
      date: `2024-12-0${n}`,
    }));
    const other: SearchDoc = {
      id: 'e',
      type: 'hrStory',
      title: '조직 문화 이야기',
      url: '/info/blog/e',
      date: '2023-01-01',
      text: '팀장은 온보딩 기간에 신규 입사자를 자주 만나야 합니다. 회고와 피드백, 동료 소개, 업무 목록, 점심 약속, 첫 과제까지 함께 챙깁니다.',
    };
    const { searcher } = searcherOver([...docs, ...reposts, other]);
    const response = await searcher.search('온보딩');
    expect(response.hits.map((h) => h.id)).toEqual(['a', 'e', 'a4', 'a3', 'a2']);
    expect(response.total).toBe(5);
  });

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
  it('ranks words standing as a phrase over the same words apart, and newer over older on ties', async () => {
    const doc = (id: string, text: string, date: string): SearchDoc => ({
      id,
      type: 'hrStory',
      title: '채용 이야기',
      url: `/info/blog/${id}`,
      date,
      text,
    });
    const phrase = await searcherOver([
      doc('apart', '면접 질문을 먼저 정하고 구조화 작업을 합니다.', '2025-02-01'),
      doc('together', '질문을 먼저 정하고 구조화 면접 작업을 합니다.', '2024-01-01'),
    ]).searcher.search('구조화 면접');
    expect(phrase.hits.map((h) => h.id)).toEqual(['together', 'apart']);
    const ties = await searcherOver([
      doc('old', '면접 안내', '2024-01-01'),
      doc('new', '면접 안내', '2025-01-01'),
    ]).searcher.search('면접');
    expect(ties.hits.map((h) => h.id)).toEqual(['new', 'old']);
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
    const { stripSuffixes } = await import('./format/query.ts');
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
    const { excerptOf } = await import('./engine/excerpt.ts');
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
  it('retries a file that failed once instead of keeping the failure', async () => {
    const { entry, files } = buildSearchIndex(docs);
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    let broken = true;
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => {
        if (url === '/search/index.json') return entry;
        if (broken && url.includes('/texts-')) return { v: 3, d: { truncated: 7 } };
        return byName.get(url);
      },
    });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
    broken = false;
    expect((await searcher.search('면접')).hits.map((h) => h.id)).toEqual(['b', 'c']);
  });
  it('rejects an entry naming a file the server no longer has', async () => {
    const { entry } = buildSearchIndex(docs);
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => {
        if (url === '/search/index.json') return entry;
        throw new Error('404');
      },
    });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
  });
  it('rejects an entry whose delta misses a text its rows promise', async () => {
    const first = buildSearchIndex(docs);
    const { entry } = buildSearchIndex(edited('c', ' 추가 문장.'), { previous: previousOf(first) });
    const broken = { ...entry, delta: {} };
    const searcher = createSearcher({ entryUrl: '/e.json', fetchJson: async () => broken });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
  });
});

describe('first results before the text files', () => {
  const long = {
    id: 'long',
    type: 'hrStory' as const,
    title: '채용 담당자를 위한 안내',
    url: '/info/blog/long',
    date: '2025-01-01',
    text: `면접 준비를 시작합니다. ${'앞부분 문장입니다. '.repeat(20)}여기서 다시 면접 질문을 설명합니다.`,
  };
  it('shows the leads with their marks first, then the excerpt windows', async () => {
    const { searcher, requests } = searcherOver([long]);
    const partials: SearchResponse[] = [];
    const done = await searcher.search('질문', { onPartial: (r) => partials.push(r) });
    expect(partials).toHaveLength(1);
    const lead = partials[0]!.hits[0]!;
    expect(lead.excerptFromLead).toBe(true);
    expect(lead.excerpt.startsWith('면접 준비') && lead.excerpt.endsWith('…')).toBe(true);
    expect(lead.excerptMarks).toEqual([]);
    const full = done.hits[0]!;
    expect(full.excerptFromLead).toBeUndefined();
    expect(full.excerptMarks.map(([a, b]) => full.excerpt.slice(a, b))).toEqual(['질문']);
    // Entry and one term shard before the first results; the text file after.
    expect(requests).toHaveLength(3);
    expect(requests.filter((url) => url.includes('/texts-'))).toHaveLength(1);

    // A lead that shows the word already is the excerpt: no text file, no second answer.
    const marked = searcherOver([long]);
    const partial = vi.fn();
    const { hits } = await marked.searcher.search('면접', { onPartial: partial });
    const hit = hits[0]!;
    expect(hit.excerptFromLead).toBe(true);
    expect(hit.excerptMarks.map(([a, b]) => hit.excerpt.slice(a, b))).toEqual(['면접']);
    expect(partial).not.toHaveBeenCalled();
    expect(marked.requests.filter((url) => url.includes('/texts-'))).toEqual([]);
  });
  it('opens a lead excerpt a few words before its match, as a window is (a one-line excerpt keeps it)', async () => {
    const late = {
      ...long,
      id: 'late',
      text: `신입사원 조기 퇴사의 상당 부분은 입사 후 첫 3개월에 결정됩니다. 채용에서 확인한 정보를 온보딩으로 이어 가는 방법을 정리합니다. ${'뒤 문장입니다. '.repeat(20)}`,
    };
    const hit = (await searcherOver([late]).searcher.search('온보딩')).hits[0]!;
    expect(hit.excerptFromLead).toBe(true);
    const [start] = hit.excerptMarks[0]!;
    expect(hit.excerpt.slice(start, start + 3)).toBe('온보딩');
    expect(start).toBeLessThanOrEqual(30);
  });
  it('draws once when the texts are in memory: no partial answer before the full one', async () => {
    const { searcher, requests } = searcherOver([long]);
    await searcher.search('질문');
    const partials: SearchResponse[] = [];
    const again = await searcher.search('설명', { onPartial: (r) => partials.push(r) });
    expect(partials).toEqual([]);
    expect(again.hits[0]!.excerptFromLead).toBeUndefined();
    expect(requests.filter((url) => url.includes('/texts-'))).toHaveLength(1);
  });
  it('answers initials from the entry alone', async () => {
    const { searcher, requests } = searcherOver(docs);
    const { hits } = await searcher.search('ㅇㅂㄷ');
    expect(hits.map((h) => h.id)).toEqual(['a']);
    // A 초성 query matches titles: its excerpt is the text's start, the lead; no file but the entry.
    expect(requests).toEqual(['/search/index.json']);
  });
});

describe('what a query fetches (its budget)', () => {
  /** Syllables that do not repeat in a pattern: text files that compress as a CMS's prose does, or worse. */
  const prose = (seed: number, length: number) => {
    let x = seed * 7919 + 1;
    let text = '';
    for (let i = 0; i < length; i++) {
      // xorshift32
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      text += i % 7 === 6 ? ' ' : String.fromCharCode(0xac00 + ((x >>> 0) % 2000));
    }
    return text;
  };
  /** Forty documents whose body, past its lead, holds 물결무늬: a body-only word for every one. */
  const many: SearchDoc[] = Array.from({ length: 40 }, (_, i) => ({
    id: `m${i}`,
    type: (['news', 'hrStory', 'faq', 'patent'] as const)[i % 4]!,
    title: `안내 문서 ${i + 1}`,
    url: `/info/blog/m${i}`,
    date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
    text: `${prose(i, 300)} 물결무늬 ${prose(i + 100, 300)}`,
  }));

  let built: ReturnType<typeof buildSearchIndex> | undefined;
  /** Their index in eight text files of about 4 KB each (built once: brotli sizes every file). */
  const manyIndex = () => (built ??= buildSearchIndex(many, { textFiles: 8 }));

  function counting(index: ReturnType<typeof buildSearchIndex>, shardHint: ShardHint | null = null) {
    const { entry, files } = index;
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    const sizes = new Map<string, number>([
      ['/search/index.json', entry.sizes!.entry],
      ...entry.terms.map((name, i): [string, number] => [entry.base + name, entry.sizes!.terms[i]!]),
      ...entry.texts.map((name, i): [string, number] => [entry.base + name, entry.sizes!.texts[i]!]),
    ]);
    let spent = { requests: 0, bytes: 0, texts: 0 };
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      shardHint,
      fetchJson: async (url) => {
        spent.requests++;
        spent.bytes += sizes.get(url)!;
        if (url.includes('/texts-')) spent.texts++;
        return url === '/search/index.json'
          ? (JSON.parse(JSON.stringify(entry)) as unknown)
          : byName.get(url);
      },
    });
    const take = () => {
      const taken = spent;
      spent = { requests: 0, bytes: 0, texts: 0 };
      return taken;
    };
    return { searcher, take };
  }

  it.each([
    ['', null],
    [', its shards asked for beside the entry by the hint', 'hint'],
  ])(
    'reads at most four files and 40 KB for a first query%s, the windows of the first results first',
    async (_, hinted) => {
      const index = manyIndex();
      const { searcher, take } = counting(index, hinted ? parseShardHint(shardHintOf(index.entry)) : null);
      const { hits } = await searcher.search('물결무늬', { limit: 10 });
      const spent = take();
      expect(hits).toHaveLength(10);
      expect(spent.requests).toBeLessThanOrEqual(4);
      expect(spent.bytes).toBeLessThanOrEqual(40 * 1024);
      expect(spent.texts).toBeGreaterThan(0);
      // The best result shows why it matched; a result whose file did not fit keeps its lead.
      expect(hits[0]!.excerptFromLead).toBeUndefined();
      expect(hits[0]!.excerptMarks.map(([a, b]) => hits[0]!.excerpt.slice(a, b))).toEqual(['물결무늬']);
      expect(hits.some((hit) => hit.excerptFromLead)).toBe(true);
    },
  );

  it('reads at most 10 KB for a later query, and the windows left to a budget when asked again', async () => {
    const index = manyIndex();
    expect(Math.max(...index.entry.sizes!.texts)).toBeGreaterThan(2 * 1024);
    const { searcher, take } = counting(index);
    // A first query that reads the entry alone (초성).
    expect((await searcher.search('ㅇㄴㅁㅅ', { limit: 10 })).hits).toHaveLength(10);
    expect(take().requests).toBe(1);
    const later = await searcher.search('물결무늬', { limit: 10 });
    const spent = take();
    expect(spent.bytes).toBeLessThanOrEqual(10 * 1024);
    expect(spent.texts).toBeGreaterThan(0);
    const fromLead = later.hits.filter((hit) => hit.excerptFromLead).length;
    expect(fromLead).toBeGreaterThan(0);
    const again = await searcher.search('물결무늬', { limit: 10 });
    expect(take().bytes).toBeLessThanOrEqual(10 * 1024);
    expect(again.hits.filter((hit) => hit.excerptFromLead).length).toBeLessThan(fromLead);
  });

  it('keeps to four requests over an index written before the sizes', async () => {
    const index = manyIndex();
    const { sizes: _sizes, ...older } = index.entry;
    const body = new Map(index.files.map((file) => [index.entry.base + file.name, file.body]));
    const requests: string[] = [];
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => {
        requests.push(url);
        return JSON.parse(url === '/search/index.json' ? JSON.stringify(older) : body.get(url)!) as unknown;
      },
    });
    const { hits } = await searcher.search('물결무늬', { limit: 10 });
    expect(hits).toHaveLength(10);
    expect(requests.length).toBe(4);
    expect(hits[0]!.excerptFromLead).toBeUndefined();
  });

  it('says in the entry what it and each file weigh as a CDN sends them (brotli)', () => {
    const { entry, files } = manyIndex();
    const brotli = (body: string) =>
      brotliCompressSync(Buffer.from(body), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const body = new Map(files.map((file) => [file.name, file.body]));
    expect(entry.sizes!.terms).toEqual(entry.terms.map((name) => brotli(body.get(name)!)));
    expect(entry.sizes!.texts).toEqual(entry.texts.map((name) => brotli(body.get(name)!)));
    expect(Math.abs(entry.sizes!.entry - brotli(JSON.stringify(entry)))).toBeLessThanOrEqual(4);
  });
});

describe('answers at once (searchNow)', () => {
  it('answers from the files read, never fetching, and nothing before they are', async () => {
    const { searcher, requests } = searcherOver(docs);
    // Nothing read yet: no answer, and no request either (only `search` fetches).
    expect(searcher.searchNow('면접')).toBeNull();
    expect(searcher.searchNow('ㅇㅂㄷ')).toBeNull();
    expect(requests).toEqual([]);
    // An empty query needs nothing.
    expect(searcher.searchNow('  ')).toEqual(await searcher.search('  '));
    // Ranked, but without the texts of its results: no answer (the first one, with the leads, is `search`'s).
    const ranked = await searcher.search('면접', { limit: 0 });
    expect(searcher.searchNow('면접', { limit: 0 })).toEqual(ranked);
    expect(searcher.searchNow('면접')).toBeNull();
    expect(searcher.searchNow('ㅇㅂㄷ', { limit: 0 })).toEqual(await searcher.search('ㅇㅂㄷ', { limit: 0 }));
    const full = await searcher.search('면접');
    const fetched = requests.length;
    expect(searcher.searchNow('면접')).toEqual(full);
    expect(searcher.searchNow('면접', { types: ['faq'] })).toEqual(
      await searcher.search('면접', { types: ['faq'] }),
    );
    expect(requests).toHaveLength(fetched);
  });
  it('leaves a text file that does not hold a text it should to the search, which says so', async () => {
    const { entry, files } = buildSearchIndex(docs);
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => {
        if (url === '/search/index.json') return entry;
        if (url.includes('/texts-')) return { v: 3, d: {} };
        return byName.get(url);
      },
    });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
    expect(searcher.searchNow('면접')).toBeNull();
  });
  it('shows a document added since the base with its excerpt window, its text being in the entry', async () => {
    const first = buildSearchIndex(docs);
    const searcher = searcherOfIndex(buildSearchIndex([...docs, fresh], { previous: previousOf(first) }));
    // The term shards read, no text file.
    await searcher.search('물결무늬 박람회', { limit: 0 });
    const now = searcher.searchNow('물결무늬 박람회');
    expect(now?.hits.map((h) => [h.id, h.excerptFromLead])).toEqual([['news:new', undefined]]);
    expect(now).toEqual(await searcher.search('물결무늬 박람회'));
  });
});

/** An index as the next build reads it back from the published release. */
function previousOf(index: { entry: unknown; files: { name: string; body: string }[] }): PreviousIndex {
  return {
    entry: JSON.parse(JSON.stringify(index.entry)) as unknown,
    files: new Map(index.files.map((f) => [f.name, f.body])),
  };
}

function edited(id: string, sentence: string, list = docs): SearchDoc[] {
  return list.map((d) => (d.id === id ? { ...d, text: d.text + sentence } : d));
}

function searcherOfIndex(index: { entry: unknown; files: { name: string; body: string }[] }) {
  const byName = new Map(index.files.map((f) => ['/search-index/' + f.name, JSON.parse(f.body) as unknown]));
  return createSearcher({
    entryUrl: '/search/index.json',
    fetchJson: async (url) => {
      if (url === '/search/index.json') return JSON.parse(JSON.stringify(index.entry)) as unknown;
      if (!byName.has(url)) throw new Error('404');
      return byName.get(url);
    },
  });
}

const fresh: SearchDoc = {
  id: 'news:new',
  type: 'news',
  title: '물결무늬 채용 박람회 개막',
  url: 'https://news.example/new',
  date: '2099-01-01',
  text: '면접 체험관을 운영합니다.',
};

describe('a build over the previous index', () => {
  it('reuses every base file by name when one document changed but the one that held its old text, and finds the change', async () => {
    const first = buildSearchIndex(docs);
    const second = buildSearchIndex(edited('c', ' 물결무늬 안내문을 추가했습니다.'), {
      previous: previousOf(first),
    });
    expect(second.fresh).toBe(false);
    // The term shards stay; at most the text file that held the old text is new (here, with one
    // text per file, it became the empty file the index already has).
    const before = new Set(first.files.map((f) => f.name));
    const rewritten = second.files.filter((f) => !before.has(f.name));
    expect(rewritten.filter((f) => !f.name.startsWith('texts-'))).toEqual([]);
    expect(rewritten.length).toBeLessThanOrEqual(1);
    const terms = (f: { name: string }) => f.name.startsWith('terms-');
    expect(second.files.filter(terms)).toEqual(first.files.filter(terms));
    const oldText = JSON.stringify(docs.find((d) => d.id === 'c')!.text).slice(1, -1);
    expect(second.files.filter((f) => !terms(f) && f.body.includes(oldText))).toEqual([]);
    const searcher = searcherOfIndex(second);
    expect((await searcher.search('물결무늬')).hits.map((h) => h.id)).toEqual(['c']);
    expect((await searcher.search('데이터를')).hits.map((h) => h.id)).toEqual(['c']);
  });
  it('keeps every base file by name when only a title changed, and finds the new title', async () => {
    const first = buildSearchIndex(docs);
    const retitled = docs.map((d) => (d.id === 'b' ? { ...d, title: `${d.title} 물결무늬 개정판` } : d));
    const second = buildSearchIndex(retitled, { previous: previousOf(first) });
    expect(second.fresh).toBe(false);
    expect(second.files).toEqual(first.files);
    expect((await searcherOfIndex(second).search('물결무늬')).hits.map((h) => h.id)).toEqual(['b']);
  });
  it('forgets what an edit took out, and a deleted document', async () => {
    const first = buildSearchIndex(docs);
    const changed = docs
      .filter((d) => d.id !== 'a')
      .map((d) => (d.id === 'b' ? { ...d, text: '같은 질문을 묻습니다.' } : d));
    const second = buildSearchIndex(changed, { previous: previousOf(first) });
    expect(second.fresh).toBe(false);
    // What was taken out is not served by the new release: neither the deleted text nor the old one.
    const served = [JSON.stringify(second.entry), ...second.files.map((f) => f.body)].join('\n');
    expect(served).not.toContain(JSON.stringify(docs.find((d) => d.id === 'a')!.text).slice(1, -1));
    expect(served).not.toContain(JSON.stringify(docs.find((d) => d.id === 'b')!.text).slice(1, -1));
    expect(served).toContain('같은 질문을 묻습니다.');
    const searcher = searcherOfIndex(second);
    expect((await searcher.search('ISMS')).hits).toEqual([]);
    expect((await searcher.search('온보딩')).hits).toEqual([]);
    expect((await searcher.search('ㅇㅂㄷ')).hits).toEqual([]);
    expect((await searcher.search('구조화 면접')).hits.map((h) => h.id)).toEqual(['b']);
  });
  it('finds an added document by words, prefix and initials, with its excerpt at once', async () => {
    const first = buildSearchIndex(docs);
    const second = buildSearchIndex([...docs, fresh], { previous: previousOf(first) });
    expect(second.files.map((f) => f.name).sort()).toEqual(first.files.map((f) => f.name).sort());
    const searcher = searcherOfIndex(second);
    expect((await searcher.search('물결무늬 박람회')).hits.map((h) => h.id)).toEqual(['news:new']);
    expect((await searcher.search('물결ㅁ')).hits.map((h) => h.id)).toEqual(['news:new']);
    expect((await searcher.search('ㅁㄱㅁㄴ')).hits.map((h) => h.id)).toEqual(['news:new']);
    const [hit] = (await searcher.search('체험관')).hits;
    expect(hit!.excerptFromLead).toBeUndefined();
    expect(hit!.excerptMarks.map(([a, b]) => hit!.excerpt.slice(a, b))).toEqual(['체험관']);
  });
  it('ranks as a fresh build of the same content does', async () => {
    const first = buildSearchIndex(docs);
    const content = [...edited('d', ' 면접 면접 면접.'), fresh];
    const grown = searcherOfIndex(buildSearchIndex(content, { previous: previousOf(first) }));
    const rebuilt = searcherOfIndex(buildSearchIndex(content));
    for (const query of ['면접', '인공지능', '채용', '구조화 면접']) {
      const ids = async (s: typeof grown) => (await s.search(query)).hits.map((h) => [h.id, h.score]);
      expect(await ids(grown)).toEqual(await ids(rebuilt));
    }
  });
  it('gives the same files for the same previous index and content', () => {
    const previous = previousOf(buildSearchIndex(docs));
    const content = [...edited('a', ' 한 줄.'), fresh];
    const once = buildSearchIndex(content, { previous });
    const again = buildSearchIndex([...content].reverse(), { previous });
    expect(JSON.stringify(again.entry)).toBe(JSON.stringify(once.entry));
    expect(again.files).toEqual(once.files);
  });
  it('makes a fresh base from a missing, other-version or inconsistent previous index, saying why', () => {
    const first = buildSearchIndex(docs);
    const full = buildSearchIndex(edited('c', ' 추가.'));
    const cases: PreviousIndex[] = [
      { ...previousOf(first), files: new Map() },
      { ...previousOf(first), entry: { ...(previousOf(first).entry as object), v: 1 } },
      {
        ...previousOf(first),
        files: new Map(
          first.files.map((f) => [f.name, f.name.startsWith('texts-') ? '{"v":3,"d":{}}' : f.body]),
        ),
      },
      // A term shard whose content is not the one its base named.
      {
        ...previousOf(first),
        files: new Map(
          first.files.map((f) => [f.name, f.name.startsWith('terms-') ? '{"v":3,"t":{}}' : f.body]),
        ),
      },
    ];
    for (const previous of cases) {
      const reasons: string[] = [];
      const built = buildSearchIndex(edited('c', ' 추가.'), {
        previous,
        onPreviousRejected: (r) => reasons.push(r),
      });
      expect(built.fresh).toBe(true);
      expect(reasons).toHaveLength(1);
      expect(built.files).toEqual(full.files);
    }
  });
  it('folds into a fresh base once the delta outgrows its bound', () => {
    const first = buildSearchIndex(docs);
    // Syllables in no order: a text brotli cannot shrink to nothing, as a real article.
    const words = Array.from({ length: 1500 }, (_, i) =>
      String.fromCharCode(0xac00 + ((i * 7919) % 11172), 0xac00 + ((i * 104729) % 11172)),
    );
    const big = { ...fresh, text: words.join(' ') };
    const built = buildSearchIndex([...docs, big], { previous: previousOf(first) });
    expect(built.fresh).toBe(true);
    expect(built.entry.delta).toEqual({});
    expect(built.files).toEqual(buildSearchIndex([...docs, big]).files);
  });
});

describe('postings and grams', () => {
  it('encodes postings as one string and reads them back', () => {
    const postings: [number, number, number][] = [
      [0, 0, 1],
      [35, 0, 4],
      [36, 2, 0],
      [1300, 1, 3],
    ];
    expect(encodePostings(postings)).toBe('0,z.4,10.0.2,104.3.1');
    expect(decodePostings(encodePostings(postings))).toEqual(postings);
  });
  it('covers a word with grams whose starts serve its shorter spellings', () => {
    expect(coverStarts(4, 4)).toEqual([0]);
    expect(coverStarts(6, 4)).toEqual([0, 2]);
    expect(coverStarts(8, 4)).toEqual([0, 3, 4]);
    const starts = coverStarts(6, 4);
    expect(coverGrams('자기소개서를', starts, 4)).toEqual(['자기소개', '소개서를']);
    expect(coverGrams('자기소개서', starts, 4)).toEqual(['자기소개', '소개서']);
    expect(coverGrams('자기소개', starts, 4)).toEqual(['자기소개']);
  });
  it('indexes grams across the spaces between Hangul words', () => {
    const { terms, length } = gramTerms('구조화 면접 AI', 3);
    expect(terms).toEqual(['구조', '구조화', '조화', '조화면', '화면', '화면접', '면접', 'ai']);
    expect(length).toBe(5);
  });
});

describe('site documents', () => {
  it('leaves out an item it cannot read and keeps the rest', async () => {
    const { siteSearchDocs } = await import('../../lib/content/search-docs.ts');
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

describe('title matches from the entry alone', () => {
  const titleIds = async (query: string) => {
    const { searcher, requests } = searcherOver(docs);
    const { hits } = await searcher.searchTitles(query);
    expect(requests).toEqual(['/search/index.json']);
    return hits.map((h) => h.id).sort();
  };
  it('finds titles by word, particle, spacing, prefix, initials and Latin word without a shard', async () => {
    expect(await titleIds('온보딩')).toEqual(['a']);
    expect(await titleIds('온보딩을')).toEqual(['a']);
    expect(await titleIds('구조화면접')).toEqual(['b']);
    expect(await titleIds('인공 지능')).toEqual(['c', 'd']);
    expect(await titleIds('온ㅂ')).toEqual(['a']);
    expect(await titleIds('ㅇㅂㄷ')).toEqual(['a']);
    expect(await titleIds('세미')).toEqual(['d']);
  });
  it('finds a Latin word in a title, and none for a word found only in the texts', async () => {
    const latin = searcherOver([{ ...docs[1]!, id: 'isms', title: 'ISMS 인증 안내' }, ...docs]);
    expect((await latin.searcher.searchTitles('isms')).hits.map((h) => h.id)).toEqual(['isms']);
    expect(await titleIds('ISMS')).toEqual([]);
    expect(await titleIds('서비스')).toEqual([]);
    expect(await titleIds('분석합니다')).toEqual([]);
  });
  it('ranks by the titles alone and marks as the full search does, with the leads as excerpts', async () => {
    const { searcher } = searcherOver(docs);
    const titles = await searcher.searchTitles('면접');
    // The shorter title first: the body, where b says 면접 twice more, is not read.
    expect(titles.hits.map((h) => h.id)).toEqual(['c', 'b']);
    const hit = titles.hits[1]!;
    expect(hit.excerptFromLead).toBe(true);
    expect(hit.titleMarks.map(([a, b]) => hit.title.slice(a, b))).toEqual(['면접']);
    expect(hit.excerptMarks.map(([a, b]) => hit.excerpt.slice(a, b))).toEqual(['면접']);
    expect(titles.counts).toEqual({ news: 1, faq: 1 });
    const seminars = await searcher.searchTitles('인공지능', { types: ['seminar'], limit: 5 });
    expect(seminars.hits.map((h) => h.id)).toEqual(['d']);
    expect(seminars.total).toBe(1);
  });
  it('answers one query after another on the same searcher, whatever titles the first one read', async () => {
    const { searcher, requests } = searcherOver(docs);
    const titleIds = async (query: string) =>
      (await searcher.searchTitles(query)).hits.map((h) => h.id).sort();
    expect(await titleIds('온보딩')).toEqual(['a']);
    expect(await titleIds('인공 지능')).toEqual(['c', 'd']);
    expect(await titleIds('채용')).toEqual(['b', 'd']);
    expect(await titleIds('온보')).toEqual(['a']);
    expect(requests).toEqual(['/search/index.json']);
  });
  it('finds a title changed since the base, from the delta', async () => {
    const base = buildSearchIndex(docs);
    const changed = docs.map((d) => (d.id === 'c' ? { ...d, title: '물결무늬 평가 기준' } : d));
    const next = buildSearchIndex(changed, { previous: previousOf(base) });
    const searcher = searcherOfIndex(next);
    expect((await searcher.searchTitles('물결무늬')).hits.map((h) => h.id)).toEqual(['c']);
    expect((await searcher.searchTitles('인공 지능')).hits.map((h) => h.id)).toEqual(['d']);
  });
});

describe("term shards named by their base (the page's hint)", () => {
  /** A searcher whose entry arrives when `release` is called; every request in order. */
  function holdingEntry(shardHint: ShardHint | null) {
    const { entry, files } = buildSearchIndex(docs);
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    const requests: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      shardHint,
      fetchJson: async (url) => {
        requests.push(url);
        if (url === '/search/index.json') {
          await held;
          return JSON.parse(JSON.stringify(entry)) as unknown;
        }
        if (!byName.has(url)) throw new Error('404');
        return byName.get(url);
      },
    });
    return { entry, searcher, requests, release };
  }

  it('names every term shard by the base and its index, which the hint carries', () => {
    const { entry } = buildSearchIndex(docs);
    const hint = parseShardHint(shardHintOf(entry))!;
    expect(hint).toEqual({
      base: expect.stringMatching(/^[0-9a-f]{16}$/),
      count: entry.terms.length,
      gram: entry.gram,
    });
    expect(entry.terms).toEqual(entry.terms.map((_, index) => termShardName(hint.base, index)));
    // Other postings, another base: a name never holds other content.
    const other = buildSearchIndex(edited('c', ' 물결무늬 안내문.'));
    expect(parseShardHint(shardHintOf(other.entry))!.base).not.toBe(hint.base);
    expect(parseShardHint('not a hint')).toBeNull();
  });

  it("asks for a first query's term shards beside the entry, not after it", async () => {
    const { entry } = buildSearchIndex(docs);
    const { searcher, requests, release } = holdingEntry(parseShardHint(shardHintOf(entry)));
    const answer = searcher.search('구조화 면접');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The entry still on its way: both words' shards asked for already.
    expect(requests.filter((url) => url.includes('/terms-')).length).toBeGreaterThanOrEqual(1);
    const asked = [...requests];
    release();
    expect((await answer).hits.map((hit) => hit.id)).toEqual(['b']);
    // Nothing asked twice, and no shard asked for after the entry came.
    expect(new Set(requests).size).toBe(requests.length);
    expect(requests.filter((url) => url.includes('/terms-'))).toEqual(
      asked.filter((url) => url.includes('/terms-')),
    );
  });

  it('names, from what is typed, a shard the query reads for every word, none for 초성 or a syllable still being built', () => {
    const base = '0123456789abcdef';
    const shardsOf = (typed: string) =>
      queryShards(256, analyzeQuery(typed, 4)).map((index) => termShardName(base, index));
    for (const typed of ['관대화', '구조화 면접', '자기소개서를', 'ISMS 인증', 'AI면접', '1on1']) {
      const named = typedWordShards(typed, false, base, 256);
      expect(named.length).toBeGreaterThan(0);
      for (const url of named) expect(shardsOf(typed)).toContain(url.replace('/search-index/', ''));
    }
    expect(typedWordShards('ㅇㅂㄷ', false, base, 256)).toEqual([]);
    // 과 may yet become 관: nothing until the syllable is done, or the next one started.
    expect(typedWordShards('과', true, base, 256)).toEqual([]);
    expect(typedWordShards('관대', true, base, 256)).toHaveLength(1);
  });

  it('ranks only once `after` settles, its term shards asked for beside the entry meanwhile', async () => {
    const { entry } = buildSearchIndex(docs);
    const { searcher, requests, release } = holdingEntry(parseShardHint(shardHintOf(entry)));
    let shown = () => {};
    const after = new Promise<void>((resolve) => (shown = resolve));
    const partial = vi.fn();
    let answered = false;
    const answer = searcher.search('구조화 면접', { onPartial: partial, after });
    void answer.then(() => (answered = true));
    release();
    // The titles' answer comes from the same entry meanwhile; this one waits for their frame.
    expect((await searcher.searchTitles('구조화')).hits.map((hit) => hit.id)).toEqual(['b']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.filter((url) => url.includes('/terms-')).length).toBeGreaterThanOrEqual(1);
    expect(answered).toBe(false);
    expect(partial).not.toHaveBeenCalled();
    shown();
    expect((await answer).hits.map((hit) => hit.id)).toEqual(['b']);
  });

  it("answers from the entry's own shards when the page's hint is stale", async () => {
    const { searcher, requests, release } = holdingEntry({ base: 'deadbeefdeadbeef', count: 16, gram: 4 });
    const answer = searcher.search('구조화');
    release();
    expect((await answer).hits.map((hit) => hit.id)).toEqual(['b']);
    expect(requests.some((url) => url.includes('deadbeef'))).toBe(true);
  });
});
