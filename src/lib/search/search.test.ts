import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type BuiltIndex, type PreviousIndex } from './index/build-index.ts';
import { decodePostings, encodePostings } from './format/format.ts';
import {
  parseShardHint,
  shardHintOf,
  termShardName,
  termShardPath,
  typedWordShards,
  INDEX_FILES_BASE,
  type ShardHint,
} from './format/shard-names.ts';
import { analyzeQuery, queryShards } from './format/query.ts';
import { createSearcher, SearchIndexError } from './engine/searcher.ts';
import { firstQueryBound } from './engine/query-budget.ts';
import { coverGrams, coverStarts, gramLength, gramTerms } from './format/tokenize.ts';
import type { SearchDoc } from './format/types.ts';

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

function searcherOver(list: SearchDoc[], edit = (body: Record<string, unknown>) => body) {
  const { entry, files } = buildSearchIndex(list);
  const byName = new Map(
    files.map((f) => [entry.base + f.name, edit(JSON.parse(f.body) as Record<string, unknown>) as unknown]),
  );
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
        if (broken && url.includes('/frag-')) return { v: 4, truncated: 7 };
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
  it('rejects an entry whose delta file is missing or another one', async () => {
    const first = buildSearchIndex(docs);
    const second = buildSearchIndex(edited('c', ' 추가 문장.'), { previous: previousOf(first) });
    const byName = new Map(
      second.files.map((f) => [second.entry.base + f.name, JSON.parse(f.body) as unknown]),
    );
    for (const delta of [{ name: 'delta-0123456789abcdef.json', bytes: 10 }, undefined]) {
      const broken = { ...second.entry, delta };
      const searcher = createSearcher({
        entryUrl: '/search/index.json',
        fetchJson: async (url) => (url === '/search/index.json' ? broken : byName.get(url)),
      });
      // Without its delta, the changed document's base postings still stand and its fragment is gone.
      await expect(searcher.search('데이터를')).rejects.toBeInstanceOf(SearchIndexError);
    }
  });
});

describe('first results with their fragments', () => {
  const long = {
    id: 'long',
    type: 'hrStory' as const,
    title: '채용 담당자를 위한 안내',
    url: '/info/blog/long',
    date: '2025-01-01',
    text: `면접 준비를 시작합니다. ${'앞부분 문장입니다. '.repeat(20)}여기서 다시 면접 질문을 설명합니다.`,
  };
  it('ranks from the entry and shards, then shows the results with their excerpt windows from one round of fragments', async () => {
    const { searcher, requests } = searcherOver([long]);
    // A result has no title before its fragment, which brings the window: one answer, with it.
    const done = await searcher.search('질문');
    const full = done.hits[0]!;
    expect(full).not.toHaveProperty('excerptFromLead');
    expect(full.title).toBe(long.title);
    expect(full.excerptMarks.map(([a, b]) => full.excerpt.slice(a, b))).toEqual(['질문']);
    // Entry and one term shard before the ranking; the fragment after.
    expect(requests).toHaveLength(3);
    expect(requests[0]).toBe('/search/index.json');
    expect(requests[1]).toContain('/terms-');
    expect(requests[2]).toContain('/frag-');
  });
  it('gives the first results from the rows of the shards read beside the entry, before any fragment', async () => {
    const { searcher, requests } = searcherOver(docs);
    const first = await searcher.first('구조화 면접');
    expect(requests.some((url) => url.includes('/frag-'))).toBe(false);
    expect(first?.partial).toBe(true);
    const full = await searcher.search('구조화 면접');
    // The same results in the same order, as far as the rows go; the excerpts only with the fragments.
    expect(first!.hits.length).toBeGreaterThan(0);
    expect(first!.hits.map(({ id, title, url, type, date }) => ({ id, title, url, type, date }))).toEqual(
      full.hits
        .slice(0, first!.hits.length)
        .map(({ id, title, url, type, date }) => ({ id, title, url, type, date })),
    );
    expect(first!.hits.every((hit) => hit.excerpt === '' && hit.excerptMarks.length === 0)).toBe(true);
    expect(first!.total).toBe(full.total);
    expect(full.partial).toBeUndefined();
    expect(requests.some((url) => url.includes('/frag-'))).toBe(true);
    // Once every file is read, the first answer is the whole one.
    expect(await searcher.first('구조화 면접')).toEqual(full);
  });
  it('gives no first results when the best result has no row in the shards read', async () => {
    const withoutRows = ({ r: _rows, ...body }: Record<string, unknown>) => body;
    const { searcher, requests } = searcherOver(docs, withoutRows);
    expect(await searcher.first('구조화 면접')).toBeNull();
    expect(requests.some((url) => url.includes('/frag-'))).toBe(false);
    expect((await searcher.search('구조화 면접')).hits.length).toBeGreaterThan(0);
    // A word no document has: an empty answer, not a pending one.
    expect(await searcher.first('물결무늬')).toEqual({ query: '물결무늬', hits: [], counts: {}, total: 0 });
  });
  it('opens an excerpt a few words before its match', async () => {
    const late = {
      ...long,
      id: 'late',
      text: `신입사원 조기 퇴사의 상당 부분은 입사 후 첫 3개월에 결정됩니다. 채용에서 확인한 정보를 온보딩으로 이어 가는 방법을 정리합니다. ${'뒤 문장입니다. '.repeat(20)}`,
    };
    const hit = (await searcherOver([late]).searcher.search('온보딩')).hits[0]!;
    const [start] = hit.excerptMarks[0]!;
    expect(hit.excerpt.slice(start, start + 3)).toBe('온보딩');
    expect(start).toBeLessThanOrEqual(30);
  });
  it('reads a fragment once: a later query over the same result fetches no more of it', async () => {
    const { searcher, requests } = searcherOver([long]);
    await searcher.search('질문');
    const again = await searcher.search('설명');
    expect(again.hits[0]!).not.toHaveProperty('excerptFromLead');
    expect(requests.filter((url) => url.includes('/frag-'))).toHaveLength(1);
  });
  it("answers initials from the titles' initials in one shard", async () => {
    const { searcher, requests } = searcherOver(docs);
    const { hits } = await searcher.search('ㅇㅂㄷ');
    expect(hits.map((h) => h.id)).toEqual(['a']);
    // The entry, the shard of the initials, the result's fragment.
    expect(requests).toHaveLength(3);
    expect(requests.filter((url) => url.includes('/terms-'))).toHaveLength(1);
  });
});

describe('what a query fetches (its budget)', () => {
  /** Syllables that do not repeat in a pattern: files that compress as a CMS's prose does, or worse. */
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
  /** Forty documents of our content's median length whose body, past its start, holds 물결무늬. */
  const many: SearchDoc[] = Array.from({ length: 40 }, (_, i) => ({
    id: `m${i}`,
    type: (['news', 'hrStory', 'faq', 'patent'] as const)[i % 4]!,
    title: `안내 문서 ${i + 1}`,
    url: `/info/blog/m${i}`,
    date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
    text: `${prose(i, 90)} 물결무늬 ${prose(i + 100, 90)}`,
  }));

  let built: ReturnType<typeof buildSearchIndex> | undefined;
  const manyIndex = () => (built ??= buildSearchIndex(many));
  const brotli = (body: string) =>
    brotliCompressSync(Buffer.from(body), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;

  function counting(index: ReturnType<typeof buildSearchIndex>, shardHint: ShardHint | null = null) {
    const { entry, files } = index;
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    const sizes = new Map<string, number>([
      ['/search/index.json', entry.sizes.entry],
      ...files.map((f): [string, number] => [entry.base + f.name, brotli(f.body)]),
    ]);
    let spent = { requests: 0, bytes: 0, fragments: 0 };
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      shardHint,
      fetchJson: async (url) => {
        if (url.includes('/frag-')) spent.fragments++;
        else spent.requests++;
        spent.bytes += sizes.get(url)!;
        return url === '/search/index.json'
          ? (JSON.parse(JSON.stringify(entry)) as unknown)
          : byName.get(url);
      },
    });
    const take = () => {
      const taken = spent;
      spent = { requests: 0, bytes: 0, fragments: 0 };
      return taken;
    };
    return { searcher, take };
  }

  it.each([
    ['', null],
    [', its shards asked for beside the entry by the hint', 'hint'],
  ])(
    'reads at most four files to the ranking and 40 KB with the fragments of the results shown, for a first query%s',
    async (_, hinted) => {
      const index = manyIndex();
      const { searcher, take } = counting(index, hinted ? parseShardHint(shardHintOf(index.entry)) : null);
      const { hits } = await searcher.search('물결무늬', { limit: 10 });
      const spent = take();
      expect(hits).toHaveLength(10);
      expect(spent.requests).toBeLessThanOrEqual(4);
      expect(spent.fragments).toBe(10);
      expect(spent.bytes).toBeLessThanOrEqual(40 * 1024);
      expect(spent.bytes).toBeLessThanOrEqual(firstQueryBound(index.entry, spent.requests - 1, 10));
      // Every result shows why it matched.
      for (const hit of hits) {
        expect(hit).not.toHaveProperty('excerptFromLead');
        expect(hit.excerptMarks.map(([a, b]) => hit.excerpt.slice(a, b))).toEqual(['물결무늬']);
      }
    },
  );

  it('reads at most 10 KB for a later query, and nothing for the same query asked again', async () => {
    const index = manyIndex();
    const { searcher, take } = counting(index);
    expect((await searcher.search('ㅇㄴㅁㅅ', { limit: 10 })).hits).toHaveLength(10);
    take();
    const later = await searcher.search('물결무늬', { limit: 10 });
    const spent = take();
    expect(spent.bytes).toBeLessThanOrEqual(10 * 1024);
    expect(later.hits.every((hit) => hit.excerptMarks.length > 0)).toBe(true);
    await searcher.search('물결무늬', { limit: 10 });
    expect(take()).toEqual({ requests: 0, bytes: 0, fragments: 0 });
  });

  it('says in the entry what it weighs, and the most a term shard and a fragment weigh, as a CDN sends them (brotli)', () => {
    const { entry, files } = manyIndex();
    const largest = (prefix: string) =>
      Math.max(...files.filter((f) => f.name.startsWith(prefix)).map((f) => brotli(f.body)));
    expect(entry.sizes.shard).toBe(largest('terms-'));
    expect(entry.sizes.fragment).toBe(largest('frag-'));
    expect(Math.abs(entry.sizes.entry - brotli(JSON.stringify(entry)))).toBeLessThanOrEqual(4);
    // The entry holds no row per document: the same size for four documents and forty.
    expect(
      Math.abs(JSON.stringify(entry).length - JSON.stringify(buildSearchIndex(docs).entry).length),
    ).toBeLessThan(40);
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
    // Ranked, but without the fragments of its results: no answer.
    const ranked = await searcher.search('면접', { limit: 0 });
    expect(searcher.searchNow('면접', { limit: 0 })).toEqual(ranked);
    expect(searcher.searchNow('면접')).toBeNull();
    // Another shard: not read yet.
    expect(searcher.searchNow('ㅇㅂㄷ', { limit: 0 })).toBeNull();
    const initials = await searcher.search('ㅇㅂㄷ', { limit: 0 });
    expect(searcher.searchNow('ㅇㅂㄷ', { limit: 0 })).toEqual(initials);
    const full = await searcher.search('면접');
    const fetched = requests.length;
    expect(searcher.searchNow('면접')).toEqual(full);
    expect(searcher.searchNow('면접', { types: ['faq'] })).toEqual(
      await searcher.search('면접', { types: ['faq'] }),
    );
    expect(requests).toHaveLength(fetched);
  });
  it('leaves a fragment that is not the one it should be to the search, which says so', async () => {
    const { entry, files } = buildSearchIndex(docs);
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson: async (url) => {
        if (url === '/search/index.json') return entry;
        const file = byName.get(url) as { s?: number } | undefined;
        return url.includes('/frag-') ? { ...file, s: (file!.s ?? 0) + 1 } : file;
      },
    });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
    expect(searcher.searchNow('면접')).toBeNull();
  });
  it('shows a document added since the base with its excerpt window, its text being in the delta', async () => {
    const first = buildSearchIndex(docs);
    const searcher = searcherOfIndex(buildSearchIndex([...docs, fresh], { previous: previousOf(first) }));
    // The term shards and the delta read, no fragment.
    await searcher.search('물결무늬 박람회', { limit: 0 });
    const now = searcher.searchNow('물결무늬 박람회');
    expect(now?.hits.map((h) => [h.id, 'excerptFromLead' in h])).toEqual([['news:new', false]]);
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
  const isTerms = (f: { name: string }) => f.name.startsWith('terms-');
  it('reuses every base file by name when one document changed but its fragment, and finds the change', async () => {
    const first = buildSearchIndex(docs);
    const second = buildSearchIndex(edited('c', ' 물결무늬 안내문을 추가했습니다.'), {
      previous: previousOf(first),
    });
    expect(second.fresh).toBe(false);
    // The term shards stay (a sentence added takes no gram out); the changed document's fragment
    // is dropped and withdrawn; a delta file is the one new file.
    const before = new Set(first.files.map((f) => f.name));
    const rewritten = second.files.filter((f) => !before.has(f.name));
    expect(rewritten.map((f) => f.name)).toEqual([second.entry.delta!.name]);
    expect(second.files.filter(isTerms)).toEqual(first.files.filter(isTerms));
    const slot = first.files.find((f) => f.name.startsWith('frag-') && f.body.includes('"i":"c"'))!;
    expect(second.withdrawn).toEqual([slot.name]);
    const searcher = searcherOfIndex(second);
    expect((await searcher.search('물결무늬')).hits.map((h) => h.id)).toEqual(['c']);
    expect((await searcher.search('데이터를')).hits.map((h) => h.id)).toEqual(['c']);
  });
  it('keeps every term shard by name when a title is only added to, and finds the new title', async () => {
    const first = buildSearchIndex(docs);
    const retitled = docs.map((d) => (d.id === 'b' ? { ...d, title: `${d.title} 물결무늬 개정판` } : d));
    const second = buildSearchIndex(retitled, { previous: previousOf(first) });
    expect(second.fresh).toBe(false);
    // Their rows show the old title, which the new one still says: nothing taken out is served.
    expect(second.files.filter(isTerms)).toEqual(first.files.filter(isTerms));
    expect(second.withdrawn).toHaveLength(1);
    expect((await searcherOfIndex(second).search('물결무늬')).hits.map((h) => h.id)).toEqual(['b']);
  });
  it('rewrites only the term shards showing an old title (their rows), and finds the new title', async () => {
    const first = buildSearchIndex(docs);
    const old = docs.find((d) => d.id === 'b')!;
    const retitled = docs.map((d) => (d.id === 'b' ? { ...d, title: '물결무늬 개정판' } : d));
    const second = buildSearchIndex(retitled, { previous: previousOf(first) });
    expect(second.fresh).toBe(false);
    // The old title is served nowhere: the shards whose rows showed it are rewritten under new
    // names and withdrawn with the old fragment.
    const oldTitle = JSON.stringify(old.title);
    const showing = first.files.filter((f) => isTerms(f) && f.body.includes(oldTitle));
    expect(showing.length).toBeGreaterThan(0);
    expect(second.files.filter((f) => f.body.includes(oldTitle))).toEqual([]);
    expect(second.withdrawn).toEqual(expect.arrayContaining(showing.map((f) => f.name)));
    expect(second.files.filter(isTerms)).toHaveLength(first.files.filter(isTerms).length);
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
    // Nor its title, which term shards showed in their rows.
    const deletedTitle = JSON.stringify(docs.find((d) => d.id === 'a')!.title);
    expect(first.files.some((f) => f.name.startsWith('terms-') && f.body.includes(deletedTitle))).toBe(true);
    expect(served).not.toContain(deletedTitle);
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
    const names = second.files.map((f) => f.name);
    expect(names.filter((name) => name !== second.entry.delta!.name).sort()).toEqual(
      first.files.map((f) => f.name).sort(),
    );
    expect(second.withdrawn).toEqual([]);
    const searcher = searcherOfIndex(second);
    expect((await searcher.search('물결무늬 박람회')).hits.map((h) => h.id)).toEqual(['news:new']);
    expect((await searcher.search('물결ㅁ')).hits.map((h) => h.id)).toEqual(['news:new']);
    expect((await searcher.search('ㅁㄱㅁㄴ')).hits.map((h) => h.id)).toEqual(['news:new']);
    const [hit] = (await searcher.search('체험관')).hits;
    expect(hit!).not.toHaveProperty('excerptFromLead');
    expect(hit!.excerptMarks.map(([a, b]) => hit!.excerpt.slice(a, b))).toEqual(['체험관']);
  });
  it('puts a repost added since the base after the results that say something new, as a fresh build does', async () => {
    const story = docs[0]!;
    const other: SearchDoc = {
      ...story,
      id: 'e',
      title: '조직 문화 이야기',
      date: '2023-01-01',
      text: '팀장은 온보딩 기간에 신규 입사자를 자주 만나야 합니다. 회고와 피드백을 함께 챙깁니다.',
    };
    const reposts = [2, 3].map((n) => ({
      ...story,
      id: `a${n}`,
      title: `다시 읽는 ${story.title} (${n})`,
      date: `2099-0${n}-01`,
    }));
    const first = buildSearchIndex([...docs, other]);
    // One repost in a publish, then another in the next: the delta's groups, base and delta.
    const second = buildSearchIndex([...docs, other, reposts[0]!], { previous: previousOf(first) });
    const third = buildSearchIndex([...docs, other, ...reposts], { previous: previousOf(second) });
    expect(third.fresh).toBe(false);
    const ranked = async (index: BuiltIndex) =>
      (await searcherOfIndex(index).search('온보딩')).hits.map((h) => h.id);
    const grown = await ranked(third);
    expect(grown.slice(0, 2).sort()).toEqual(['a', 'e']);
    expect(grown.slice(2).sort()).toEqual(['a2', 'a3']);
    expect((await ranked(buildSearchIndex([...docs, other, ...reposts]))).slice(0, 2).sort()).toEqual([
      'a',
      'e',
    ]);
  });
  it('ranks as a fresh build of the same content does', async () => {
    const first = buildSearchIndex(docs);
    const content = [...edited('d', ' 면접 면접 면접.'), fresh];
    const grown = searcherOfIndex(buildSearchIndex(content, { previous: previousOf(first) }));
    const rebuilt = searcherOfIndex(buildSearchIndex(content));
    for (const query of ['면접', '인공지능', '채용', '구조화 면접']) {
      const ranked = async (s: typeof grown) =>
        new Map((await s.search(query)).hits.map((hit) => [hit.id, hit.score]));
      const [a, b] = [await ranked(grown), await ranked(rebuilt)];
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      // The delta is weighed with the base's field averages, a fresh base with its own (and
      // weights are coded to 2^(1/20)): the same results, scores within a few per cent, near
      // ties in either order.
      for (const [id, score] of a) expect(Math.abs(score - b.get(id)!)).toBeLessThanOrEqual(0.1 * score);
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
    const replaced = (prefix: string, body: string) => ({
      ...previousOf(first),
      files: new Map(first.files.map((f) => [f.name, f.name.startsWith(prefix) ? body : f.body])),
    });
    const cases: PreviousIndex[] = [
      { ...previousOf(first), files: new Map() },
      { ...previousOf(first), entry: { ...(previousOf(first).entry as object), v: 3 } },
      // A fragment of another document in its place.
      replaced('frag-', first.files.find((f) => f.name.startsWith('frag-'))!.body),
      // A term shard whose content is not the one its base named.
      replaced('terms-', '{"v":4,"t":{}}'),
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
    const words = Array.from({ length: 5000 }, (_, i) =>
      String.fromCharCode(0xac00 + ((i * 7919) % 11172), 0xac00 + ((i * 104729) % 11172)),
    );
    const big = { ...fresh, text: words.join(' ') };
    const built = buildSearchIndex([...docs, big], { previous: previousOf(first) });
    expect(built.fresh).toBe(true);
    expect(built.entry.delta).toBeUndefined();
    expect(built.files).toEqual(buildSearchIndex([...docs, big]).files);
  });
});

describe('postings and grams', () => {
  it('encodes postings as one string of slot gaps and weight codes, and reads them back', () => {
    const postings: [number, number, number, number][] = [
      [0, 0, 1, 0],
      [35, 0, 0.5, 0],
      [36, 2, 0, 1],
      [1300, 1, 3, 0],
    ];
    const encoded = encodePostings(postings);
    expect(encoded).toBe('0.b4,z.ak,1.00bo~1,z4.c0b4');
    decodePostings(encoded).forEach(([slot, title, body, back], i) => {
      expect([slot, back]).toEqual([postings[i]![0], postings[i]![3]]);
      expect(title).toBeCloseTo(postings[i]![1], 1);
      expect(body).toBeCloseTo(postings[i]![2], 1);
    });
    // Initials: the place and length as they are.
    expect(decodePostings(encodePostings([[4, 2, 9, 0]], true), true)).toEqual([[4, 2, 9, 0]]);
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
  it('measures a text in bigrams without cutting it into grams, as the grams measure it', () => {
    for (const text of [
      '구조화 면접 AI',
      '온보딩은 첫 90일이 중요합니다. 할 수 있다',
      'ISMS-P 인증, 1on1 면담',
      '가 나 다',
      '',
      'AI면접 OKR과',
    ])
      expect(gramLength(text), text).toBe(gramTerms(text, 4).length);
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
    expect(hint).toEqual({ base: entry.id, count: entry.shards, gram: entry.gram });
    const { files } = buildSearchIndex(docs);
    const shards = files.filter((f) => f.name.startsWith('terms-')).map((f) => f.name);
    expect(shards).toEqual(
      Array.from({ length: entry.shards }, (_, index) => termShardName(hint.base, index)),
    );
    // Where a page asks for one (the shortcut spells the folder out): under the entry's base.
    expect(termShardPath(hint.base, 35)).toBe(`${entry.base}terms-${hint.base}-z.json`);
    expect(entry.base).toBe(INDEX_FILES_BASE);
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

  it('names, from what is typed, a shard the query reads for every word and for 초성, none for a syllable still being built', () => {
    const base = '0123456789abcdef';
    const shardsOf = (typed: string) =>
      queryShards(256, analyzeQuery(typed, 4), 4).map((index) => termShardName(base, index));
    const named = (typed: string, composing = false) => {
      const urls: string[] = [];
      typedWordShards(typed, composing, base, 256, (url) => urls.push(url));
      return urls;
    };
    const words: [string, number][] = [
      ['관대화', 1],
      ['구조화 면접', 2],
      ['자기소개서를', 1],
      ['ISMS 인증', 2],
      ['AI면접', 1],
      ['1on1', 1],
      ['채용-브랜딩', 2],
      ['“온보딩”', 1],
      ['온', 1],
      ['i', 1],
    ];
    for (const [typed, count] of words) {
      expect(named(typed), typed).toHaveLength(count);
      for (const url of named(typed)) expect(shardsOf(typed)).toContain(url.replace('/search-index/', ''));
    }
    // A syllable and the next one's initial, as an IME shows them mid-word: the `*` term's shard.
    for (const typed of ['온ㅂ', '구조화 면ㅈ']) {
      expect(named(typed, true), typed).toHaveLength(typed.split(' ').length);
      for (const url of named(typed, true))
        expect(shardsOf(typed)).toContain(url.replace('/search-index/', ''));
    }
    // 초성: its `^` term's shard, the whole query's for two or three initials, none for one.
    for (const typed of ['ㅇㅂ', 'ㅇㅂㄷ'])
      expect(named(typed)).toEqual(shardsOf(typed).map((name) => `/search-index/${name}`));
    expect(named('ㅇㅂㄷㄱ')).toHaveLength(1);
    expect(shardsOf('ㅇㅂㄷㄱ').map((name) => `/search-index/${name}`)).toContain(named('ㅇㅂㄷㄱ')[0]);
    expect(named('ㅇ', true)).toEqual([]);
    // 과 may yet become 관: nothing until the syllable is done, or the next one started.
    expect(named('과', true)).toEqual([]);
    expect(named('관대', true)).toHaveLength(1);
  });

  it("answers from the entry's own shards when the page's hint is stale", async () => {
    const { searcher, requests, release } = holdingEntry({ base: 'deadbeefdeadbeef', count: 16, gram: 4 });
    const answer = searcher.search('구조화');
    release();
    expect((await answer).hits.map((hit) => hit.id)).toEqual(['b']);
    expect(requests.some((url) => url.includes('deadbeef'))).toBe(true);
  });
});
