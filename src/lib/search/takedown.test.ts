/**
 * "Deleted means gone": a publish over the previous index serves nothing of what the content took
 * out (a deleted document, a sentence an edit cut), neither in its text files nor, chained gram by
 * gram, in its term shards; the files that held it are withdrawn. And the browser's searcher,
 * whose entry or page hint names a withdrawn file, answers from the new entry.
 */
import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex, type BuiltIndex, type PreviousIndex } from './index/build-index.ts';
import { decodePostings, EntrySchema, isInitialsTerm, TermShardSchema } from './format/format.ts';
import {
  entryShardName,
  parseShardHint,
  parseTermShardName,
  rewrittenShardName,
  shardHintOf,
} from './format/shard-names.ts';
import { createSearcher, SearchIndexError, type FetchJson, type Searcher } from './engine/searcher.ts';
import { gramTerms } from './format/tokenize.ts';
import type { SearchDoc } from './format/types.ts';

/** What the deleted document says, and nothing else. */
const SECRET = '삭제할 개인정보 홍길동 연락처 hong@example.com 010-1234-5678';
/** The sentence an edit cuts out of document b, and nothing else says. */
const CUT = '잘라낼 비밀 김철수 주소록 kim@sample.org 010-9876-5432';
/** Its Latin and number words: none may stay posted under b's slot. */
const CUT_WORDS = ['kim', 'sample', 'org', '010', '9876', '5432'];

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
    text: `구조화 면접은 같은 질문을 모든 지원자에게 묻습니다. ${CUT} ISMS 인증을 받았습니다.`,
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
  {
    id: 'gone',
    type: 'news',
    title: '행사 참가자 명단',
    url: '/news#gone',
    date: '2025-04-01',
    text: `참가 신청을 받았습니다. ${SECRET}`,
  },
];

function previousOf(index: BuiltIndex): PreviousIndex {
  return {
    entry: JSON.parse(JSON.stringify(index.entry)) as unknown,
    files: new Map(index.files.map((f) => [f.name, f.body])),
  };
}

/** A document's slot: its fragment's. */
const slotOf = (index: BuiltIndex, id: string) => {
  const fragment = index.files.find((f) => f.name.startsWith('frag-') && JSON.parse(f.body).i === id)!;
  return JSON.parse(fragment.body).s as number;
};

/** The names of the term shards the entry names. */
const shardNames = (index: BuiltIndex) =>
  Array.from({ length: index.entry.shards }, (_, i) => entryShardName(index.entry, i));

/** Whether a shard's body posts a term under `slot`. */
const postsUnder = (postings: string, term: string, slot: number) =>
  decodePostings(postings, isInitialsTerm(term)).some(([posted]) => posted === slot);

/** Every term of the index's shards posted under `slot`. */
function postedUnder(index: BuiltIndex, slot: number): Set<string> {
  const bodies = new Map(index.files.map((f) => [f.name, f.body]));
  const terms = new Set<string>();
  for (const name of shardNames(index)) {
    const shard = TermShardSchema.parse(JSON.parse(bodies.get(name)!));
    for (const [term, postings] of Object.entries(shard.t))
      if (postsUnder(postings, term, slot)) terms.add(term);
  }
  return terms;
}

/** The cut sentence's grams (every piece of 2 to 4 syllables, every Latin or number word) the document no longer says. */
function cutGramsOutside(doc: SearchDoc, sentence = CUT): string[] {
  const kept = new Set([...gramTerms(doc.title, 4).terms, ...gramTerms(doc.text, 4).terms]);
  return gramTerms(sentence, 4).terms.filter((term) => !kept.has(term));
}

/** Whether any file body or the entry serves one of the secret's sentences. */
function served(index: BuiltIndex, text: string): boolean {
  const bodies = [JSON.stringify(index.entry), ...index.files.map((f) => f.body)];
  return bodies.some((body) => body.includes(text));
}

function searcherOf(index: BuiltIndex) {
  const byName = new Map(index.files.map((f) => [index.entry.base + f.name, JSON.parse(f.body) as unknown]));
  return createSearcher({
    entryUrl: '/search/index.json',
    fetchJson: async (url) => {
      if (url === '/search/index.json') return JSON.parse(JSON.stringify(index.entry)) as unknown;
      if (!byName.has(url)) throw new Error('404');
      return byName.get(url);
    },
  });
}

const cut = (id: string, from: string, list = docs): SearchDoc[] =>
  list.map((d) => (d.id === id ? { ...d, text: d.text.replace(from, ' ') } : d));

/** The ids a query finds, in any order. */
async function found(searcher: Pick<Searcher, 'search'>, query: string): Promise<string[]> {
  return (await searcher.search(query, { limit: 100 })).hits.map((hit) => hit.id).sort();
}

describe('a publish that takes text out', () => {
  it('leaves no gram of a deleted document under its slot, and withdraws the files that held one', () => {
    const first = buildSearchIndex(docs);
    const slot = slotOf(first, 'gone');
    const before = postedUnder(first, slot);
    expect(before).toContain('홍길');
    expect(before).toContain('hong');
    const second = buildSearchIndex(
      docs.filter((d) => d.id !== 'gone'),
      { previous: previousOf(first) },
    );
    expect(second.fresh).toBe(false);
    expect(second.files.some((f) => f.name.startsWith('frag-') && JSON.parse(f.body).s === slot)).toBe(false);
    expect([...postedUnder(second, slot)]).toEqual([]);
    for (const text of ['홍길동', 'hong@example.com', '010-1234-5678', '참가 신청을'])
      expect(served(second, text)).toBe(false);
    // The old shards that held it are withdrawn, under new names in the entry.
    const held = shardNames(first).filter((name) => {
      const body = first.files.find((f) => f.name === name)!.body;
      return Object.entries(TermShardSchema.parse(JSON.parse(body)).t).some(([term, postings]) =>
        postsUnder(postings, term, slot),
      );
    });
    expect(held.length).toBeGreaterThan(0);
    for (const name of held) {
      expect(second.withdrawn).toContain(name);
      expect(shardNames(second)).not.toContain(name);
    }
    // Its fragment too.
    expect(second.withdrawn.filter((name) => name.startsWith('frag-'))).toHaveLength(1);
    const names = new Set(second.files.map((f) => f.name));
    for (const name of second.withdrawn) expect(names.has(name)).toBe(false);
    // The page hint stays the base's: no page's bytes change for a removal.
    expect(shardHintOf(second.entry)).toBe(shardHintOf(first.entry));
  });

  it('leaves no gram of a cut sentence under the slot, edit after edit', async () => {
    const first = buildSearchIndex(docs);
    const slot = slotOf(first, 'b');
    const once = cut('b', CUT);
    const second = buildSearchIndex(once, { previous: previousOf(first) });
    expect(second.fresh).toBe(false);
    const edited = once.find((d) => d.id === 'b')!;
    const posted = postedUnder(second, slot);
    expect(cutGramsOutside(edited)).toContain('김철');
    for (const term of cutGramsOutside(edited)) expect(posted.has(term)).toBe(false);
    for (const word of CUT_WORDS) expect(posted.has(word)).toBe(false);
    for (const text of ['김철수', 'kim@sample.org', '010-9876-5432'])
      expect(served(second, text)).toBe(false);
    expect(second.withdrawn.some((name) => name.startsWith('terms-'))).toBe(true);
    let searcher = searcherOf(second);
    expect(await found(searcher, '구조화 면접')).toEqual(['b']);
    expect(await found(searcher, '김철수')).toEqual([]);
    expect(await found(searcher, '010')).toEqual(['gone']);

    // A second edit cuts more: the third index reads the second's rewritten shards back.
    const twice = cut('b', '같은 질문을 모든 지원자에게 묻습니다.', once);
    const third = buildSearchIndex(twice, { previous: previousOf(second) });
    expect(third.fresh).toBe(false);
    expect(Object.keys(third.entry.rewritten).length).toBeGreaterThan(0);
    const left = postedUnder(third, slot);
    for (const term of ['같은', '질문', '지원자', '묻습', ...cutGramsOutside(edited)])
      expect(left.has(term)).toBe(false);
    expect(third.withdrawn.length).toBeGreaterThan(0);
    for (const name of third.withdrawn) expect(second.files.map((f) => f.name)).toContain(name);
    searcher = searcherOf(third);
    expect(await found(searcher, '구조화 면접')).toEqual(['b']);
    expect(await found(searcher, '지원자')).toEqual([]);
    // Deleting the other holder leaves the secret nowhere.
    const fourth = buildSearchIndex(
      twice.filter((d) => d.id !== 'gone'),
      { previous: previousOf(third) },
    );
    for (const text of ['홍길동', 'hong@example.com', '010-1234-5678'])
      expect(served(fourth, text)).toBe(false);
    expect(await found(searcherOf(fourth), '홍길동')).toEqual([]);
  });

  it('withdraws the delta that held a document added since the base and deleted since', async () => {
    const first = buildSearchIndex(docs.filter((d) => d.id !== 'gone'));
    const added = buildSearchIndex(docs, { previous: previousOf(first) });
    expect(added.fresh).toBe(false);
    expect(served(added, '홍길동')).toBe(true);
    const removed = buildSearchIndex(
      docs.filter((d) => d.id !== 'gone'),
      { previous: previousOf(added) },
    );
    expect(removed.fresh).toBe(false);
    expect(removed.withdrawn).toEqual([added.entry.delta!.name]);
    expect(removed.entry.delta).toBeUndefined();
    for (const text of ['홍길동', 'hong@example.com', '010-1234-5678'])
      expect(served(removed, text)).toBe(false);
    expect(await found(searcherOf(removed), '홍길동')).toEqual([]);
    // An edit of a base document: its fragment is withdrawn; the old delta held no text taken
    // out, and is let go without a purge.
    const edited = buildSearchIndex(cut('b', CUT), { previous: previousOf(added) });
    expect(edited.withdrawn).not.toContain(added.entry.delta!.name);
    expect(edited.withdrawn.filter((name) => name.startsWith('frag-'))).toHaveLength(1);
    expect(served(edited, '김철수')).toBe(false);
    expect(await found(searcherOf(edited), '홍길동')).toEqual(['gone']);
  });

  it('finds every remaining document by every gram it says, as a fresh build of the same content does', async () => {
    const first = buildSearchIndex(docs);
    const content = cut('b', CUT).filter((d) => d.id !== 'gone');
    const scrubbed = searcherOf(buildSearchIndex(content, { previous: previousOf(first) }));
    const rebuilt = searcherOf(buildSearchIndex(content));
    const queries = new Set(content.flatMap((d) => gramTerms(`${d.title} ${d.text}`, 2).terms));
    for (const query of queries) expect(await found(scrubbed, query)).toEqual(await found(rebuilt, query));
    for (const query of ['홍길동', '개인정보', 'hong', '5678', '김철수', 'kim'])
      expect(await found(scrubbed, query)).toEqual([]);
  });

  it('withdraws the previous files a fold does not keep when it removes text, and none when it only adds', () => {
    const first = buildSearchIndex(docs);
    const big = (id: string): SearchDoc => ({
      id,
      type: 'news',
      title: `큰 문서 ${id}`,
      url: `/news#${id}`,
      // Syllables in no order: a text brotli cannot shrink to nothing, as a real article.
      text: Array.from({ length: 5000 }, (_, i) =>
        String.fromCharCode(0xac00 + ((i * 7919 + id.length) % 11172), 0xac00 + ((i * 104729) % 11172)),
      ).join(' '),
    });
    const grown = buildSearchIndex([...docs, big('x')], { previous: previousOf(first) });
    expect(grown.fresh).toBe(true);
    expect(grown.withdrawn).toEqual([]);
    const folded = buildSearchIndex([...docs.filter((d) => d.id !== 'gone'), big('x')], {
      previous: previousOf(first),
    });
    expect(folded.fresh).toBe(true);
    const kept = new Set(folded.files.map((f) => f.name));
    expect(folded.withdrawn).toEqual(first.files.map((f) => f.name).filter((name) => !kept.has(name)));
    expect(folded.withdrawn.length).toBeGreaterThan(0);
  });

  it('rejects a previous index whose rewritten shard does not hold what its names say', () => {
    const first = buildSearchIndex(docs);
    const second = buildSearchIndex(
      docs.filter((d) => d.id !== 'gone'),
      { previous: previousOf(first) },
    );
    const [index, hash] = Object.entries(second.entry.rewritten)[0]!;
    const rewritten = rewrittenShardName(second.entry.id, parseInt(index, 36), hash);
    const previous = previousOf(second);
    const tampered = new Map(previous.files).set(rewritten, '{"v":4,"t":{}}');
    const reasons: string[] = [];
    const built = buildSearchIndex(docs, {
      previous: { ...previous, files: tampered },
      onPreviousRejected: (reason) => reasons.push(reason),
    });
    expect(built.fresh).toBe(true);
    expect(reasons).toEqual(['terms: names do not match their content']);
  });
});

describe('the searcher over a withdrawn file', () => {
  /** A server whose published index can be replaced, withdrawn files answering 404; every request in order. */
  function server(index: BuiltIndex) {
    let current = index;
    const gone = new Set<string>();
    const requests: [string, boolean][] = [];
    const fetchJson: FetchJson = async (url, init) => {
      requests.push([url, init?.fresh ?? false]);
      if (url === '/search/index.json') return JSON.parse(JSON.stringify(current.entry)) as unknown;
      const file = current.files.find((f) => current.entry.base + f.name === url);
      const old = index.files.find((f) => index.entry.base + f.name === url);
      const body = file ?? (gone.has(url) ? undefined : old);
      if (!body) throw new Error('HTTP 404');
      return JSON.parse(body.body) as unknown;
    };
    const publish = (next: BuiltIndex) => {
      current = next;
      for (const name of next.withdrawn) gone.add(next.entry.base + name);
    };
    return { fetchJson, publish, requests };
  }

  it('reads the entry again, past the HTTP cache, when a file the open tab knows is gone, and answers from it', async () => {
    const first = buildSearchIndex(docs);
    const { fetchJson, publish, requests } = server(first);
    const searcher = createSearcher({ entryUrl: '/search/index.json', fetchJson });
    // A lone initial needs the entry alone: the tab has it, no shard or fragment yet (those it
    // had read would answer as they were: they are cached).
    expect((await searcher.search('ㅎ')).hits).toEqual([]);
    expect(requests).toEqual([['/search/index.json', false]]);
    publish(
      buildSearchIndex(
        cut('b', CUT).filter((d) => d.id !== 'gone'),
        { previous: previousOf(first) },
      ),
    );
    // One answer, from the new entry: nothing of the removed document, not even a count.
    const answer = await searcher.search('홍길동');
    expect(answer.hits).toEqual([]);
    expect(answer.total).toBe(0);
    expect(requests.filter(([, fresh]) => fresh)).toEqual([['/search/index.json', true]]);
    // The new entry answers what follows, edited texts from its delta.
    const [hit] = (await searcher.search('지원자')).hits;
    expect(hit?.id).toBe('b');
    expect(hit?.excerpt).not.toContain('김철수');
    expect((await searcher.search('ㅎㅅㅊ')).hits).toEqual([]);
  });

  it('reads the entry again when a fragment a result wants is gone, and shows the text the new entry has', async () => {
    const first = buildSearchIndex(docs);
    const { fetchJson, publish, requests } = server(first);
    const searcher = createSearcher({ entryUrl: '/search/index.json', fetchJson });
    expect((await searcher.search('ㅎㅅㅊ')).hits.map((h) => h.id)).toEqual(['gone']);
    // An added sentence keeps every term shard; the fragment of the old text is withdrawn.
    const next = buildSearchIndex(
      docs.map((d) => (d.id === 'c' ? { ...d, text: `${d.text} 물결무늬 안내문을 추가했습니다.` } : d)),
      { previous: previousOf(first) },
    );
    expect(next.entry.rewritten).toEqual({});
    expect(next.withdrawn).toHaveLength(1);
    expect(next.withdrawn[0]).toMatch(/^frag-/);
    publish(next);
    const [hit] = (await searcher.search('공정한가요')).hits;
    expect(hit?.id).toBe('c');
    expect(hit).not.toHaveProperty('excerptFromLead');
    expect(requests.filter(([, fresh]) => fresh)).toEqual([['/search/index.json', true]]);
    expect((await searcher.search('물결무늬')).hits.map((h) => h.id)).toEqual(['c']);
  });

  it('fails as before when the entry read again names the same missing file', async () => {
    const { entry } = buildSearchIndex(docs);
    const fetchJson = vi.fn<FetchJson>(async (url) => {
      if (url === '/search/index.json') return entry;
      throw new Error('HTTP 404');
    });
    const searcher = createSearcher({ entryUrl: '/search/index.json', fetchJson });
    await expect(searcher.search('면접')).rejects.toBeInstanceOf(SearchIndexError);
    expect(fetchJson).toHaveBeenCalledWith('/search/index.json', { fresh: true });
  });

  it("fetches a shard by the entry's name when the page hint's guess of it is gone", async () => {
    const first = buildSearchIndex(docs);
    const second = buildSearchIndex(
      docs.filter((d) => d.id !== 'gone'),
      { previous: previousOf(first) },
    );
    const { fetchJson, publish, requests } = server(first);
    publish(second);
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      fetchJson,
      shardHint: parseShardHint(shardHintOf(second.entry)),
    });
    // A first query's shards are guessed from the hint beside the entry: 홍's base shard is withdrawn.
    expect(await found(searcher, '홍길동')).toEqual([]);
    expect(await found(searcher, '구조화 면접')).toEqual(['b']);
    // Some guess named a withdrawn base shard; the rewritten one was read by the entry's name.
    const withdrawnAsked = requests.filter(([url]) => second.withdrawn.some((name) => url.endsWith(name)));
    expect(withdrawnAsked.length).toBeGreaterThan(0);
    expect(requests.some(([url]) => parseTermShardName(url.split('/').pop()!)?.hash)).toBe(true);
  });

  it('asks again for a guessed shard that failed while the search waited on it', async () => {
    const { entry, files } = buildSearchIndex(docs);
    const byName = new Map(files.map((f) => [entry.base + f.name, JSON.parse(f.body) as unknown]));
    const failed = new Set<string>();
    const searcher = createSearcher({
      entryUrl: '/search/index.json',
      shardHint: parseShardHint(shardHintOf(entry)),
      fetchJson: async (url) => {
        if (url === '/search/index.json') return JSON.parse(JSON.stringify(entry)) as unknown;
        if (url.includes('/terms-') && !failed.has(url)) {
          // The first request of each shard fails late: after the entry is in.
          failed.add(url);
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new Error('network');
        }
        return byName.get(url);
      },
    });
    expect((await searcher.search('구조화')).hits.map((h) => h.id)).toEqual(['b']);
  });
});

describe("the entry's base folder", () => {
  it('is a same-origin absolute path: no protocol-relative address, no scheme', () => {
    const { entry } = buildSearchIndex(docs);
    const withBase = (base: string) => EntrySchema.safeParse({ ...entry, base }).success;
    expect(withBase('/search-index/')).toBe(true);
    expect(withBase('/')).toBe(true);
    expect(withBase('/a/b.c/')).toBe(true);
    for (const base of [
      '//evil.example/',
      '//evil.example/search-index/',
      'https://evil.example/',
      '/a//b/',
      '/\\evil/',
      'search-index/',
    ])
      expect(withBase(base)).toBe(false);
  });
});
