/**
 * The browser side of the site search: reads the entry (a constant-size header), the term shards
 * a query needs and the delta (documents added or changed since the base), ranks from the
 * postings alone, then reads the fragments of the results shown, in one parallel round, for their
 * titles, addresses and excerpt windows. Each file is fetched once and kept (`file-store.ts`).
 * Pure apart from the injected `fetchJson`; every file is validated, and a missing or malformed
 * one rejects with {@link SearchIndexError} (the screens offer a retry: the next call fetches
 * again). A file the entry names that cannot be read first has the entry read again, past the
 * HTTP cache: a publish may have withdrawn it, and an open tab then answers from the new entry.
 */
import { FragmentSchema, type Fragment, type Row, type TermShard } from '../format/format.ts';
import { fragmentName, entryShardName, type ShardHint } from '../format/shard-names.ts';
import { excerptOf, initialsRanges, markRanges } from './excerpt.ts';
import { analyzeQuery, queryShards, type AnalyzedQuery } from '../format/query.ts';
import type { SearchHit, SearchResponse, SearchType } from '../format/types.ts';
import { rankQuery, typeOf, type RankSource } from './corpus.ts';
import type { Ranked } from './rank.ts';
import { createFileStore, type FetchJson, type FileStore, type Schema } from './file-store.ts';
import { SearchIndexError } from './index-error.ts';
import { entryReader, termShardReader, type Loaded, type TermShardReader } from './readers.ts';
import { t } from '../../../i18n/index.ts';

// The screens, the bench and the tests import these from here.
export { SearchIndexError, type FetchJson };
export { QUERY_BUDGET } from './query-budget.ts';

export interface SearcherOptions {
  entryUrl: string;
  fetchJson?: FetchJson;
  /**
   * The base the page was built with (`shardHintOf`, carried by the header): a query asked
   * before the entry is read fetches its term shards beside it, by name, instead of after it. A
   * stale hint (a page from an older release) costs a request the entry then does not use.
   */
  shardHint?: ShardHint | null;
}

export interface SearchOptions {
  limit?: number;
  types?: SearchType[];
}

export interface Searcher {
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /**
   * The answer as far as the files asked for beside the entry give it, before any fragment: the
   * shown results up to the first whose row the query's term shards lack, each with its title,
   * type, date and address, and its excerpt where its text is read (`partial`); the whole answer
   * when every file it needs is read; `null` when not even the first result's row is there. On
   * a slow network the fragments come a round trip after the ranking: `search` waits for them.
   * Optional for a stand-in searcher.
   */
  first?(query: string, options?: SearchOptions): Promise<SearchResponse | null>;
  /**
   * The answer `search` gives, at once, when every file the query needs (the entry, the delta,
   * the term shards of its words, the fragments of the results shown) is read already; `null`
   * when one is still to fetch, or when the files read cannot answer (`search` then fetches, or
   * says what is wrong). Optional for a stand-in searcher.
   */
  searchNow?(query: string, options?: SearchOptions): SearchResponse | null;
}

const DEFAULT_LIMIT = 10;
const FRAGMENT = FragmentSchema as Schema<Fragment>;

const emptyResponse = (query: string): SearchResponse => ({ query, hits: [], counts: {}, total: 0 });

/** Whether a query asks for anything (words or initials): one that does not is answered empty at once. */
const asksNothing = (query: string) => {
  const analyzed = analyzeQuery(query);
  return analyzed.words.length === 0 && analyzed.initials === undefined;
};

/** The addresses of the term shards a query reads, by shard index. */
function shardUrls(store: FileStore, loaded: Loaded, query: AnalyzedQuery): Map<number, string> {
  const { entry } = loaded;
  return new Map(
    queryShards(entry.shards, query, entry.gram).map((index) => [
      index,
      store.resolve(entry.base + entryShardName(entry, index)),
    ]),
  );
}

const fragmentUrl = (store: FileStore, loaded: Loaded, slot: number) =>
  store.resolve(loaded.entry.base + fragmentName(loaded.entry.id, slot));

/** The ranking's source, if the delta and every shard of `urls` are read already. */
function sourceNow(store: FileStore, loaded: Loaded, urls: ReadonlyMap<number, string>): RankSource | null {
  if (!loaded.delta) return null;
  const shards = new Map<number, TermShard>();
  for (const [index, url] of urls) {
    const shard = store.peek<TermShard>(url);
    if (shard === undefined) return null;
    shards.set(index, shard);
  }
  return { entry: loaded.entry, delta: loaded.delta, shards };
}

/** What each word of a query highlights: its variants' text (a prefix's start while it is typed). */
function wordNeedles(analyzed: AnalyzedQuery): string[] {
  return analyzed.words.flatMap((word) =>
    word.variants.map((variant) =>
      variant.prefix && variant.terms.length === 0 ? variant.prefix.start : variant.text,
    ),
  );
}

/** A shown result's fields: a delta document's, or its fragment's (checked against its slot and type). */
function shownDoc(store: FileStore, loaded: Loaded, slot: number, type: SearchType) {
  const doc = loaded.delta!.docs.get(slot) ?? store.peek<Fragment>(fragmentUrl(store, loaded, slot));
  if (doc === undefined) return undefined;
  if (doc.s !== slot || loaded.entry.types[doc.t] !== type)
    throw new SearchIndexError(t('search.index.mismatch'));
  return doc;
}

/** A base slot's row in one of the query's term shards, checked against its type; none when they lack it. */
function rowOf(source: RankSource, slot: number, type: SearchType): Row | undefined {
  const key = slot.toString(36);
  for (const shard of source.shards.values()) {
    const row = shard.r?.[key];
    if (row === undefined) continue;
    if (source.entry.types[row.t] !== type) throw new SearchIndexError(t('search.index.mismatch'));
    return row;
  }
  return undefined;
}

function hitOf(
  doc: { i: string; d: string; ti: string; u: string; x?: string },
  type: SearchType,
  analyzed: AnalyzedQuery,
  score: number,
): SearchHit {
  const needles = wordNeedles(analyzed);
  const titleMarks =
    analyzed.initials !== undefined ? initialsRanges(doc.ti, analyzed.initials) : markRanges(doc.ti, needles);
  // A row has no text: its excerpt comes with the fragment.
  const excerpt = doc.x === undefined ? { excerpt: '', marks: [] } : excerptOf(doc.x, needles);
  return {
    id: doc.i,
    type,
    title: doc.ti,
    url: doc.u,
    ...(doc.d ? { date: doc.d } : {}),
    excerpt: excerpt.excerpt,
    titleMarks,
    excerptMarks: excerpt.marks,
    score: Math.round(score * 1000) / 1000,
  };
}

/**
 * A ranked query's answer from the files read: the fragments it needs, the response once they
 * are read, and before then the first results its rows give (`Searcher.first`).
 */
interface ReadAnswer {
  fragments: string[];
  response: SearchResponse | null;
  first: SearchResponse | null;
}

/** The shown results up to the first that neither a fragment, the delta nor a row describes. */
function firstHits(
  shown: readonly { key: number; type: SearchType; score: number }[],
  docs: readonly ({ i: string; d: string; ti: string; u: string; x?: string } | undefined)[],
  analyzed: AnalyzedQuery,
): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const [i, { type, score }] of shown.entries()) {
    const doc = docs[i];
    if (!doc) break;
    hits.push(hitOf(doc, type, analyzed, score));
  }
  return hits;
}

function answerOf(
  source: RankSource,
  store: FileStore,
  loaded: Loaded,
  query: string,
  ranked: readonly Ranked[],
  analyzed: AnalyzedQuery,
  options: SearchOptions,
): ReadAnswer {
  const typed = ranked.map((item) => {
    const type = typeOf(loaded.entry, loaded.delta!, item.key);
    if (type === undefined) throw new SearchIndexError(t('search.index.invalidType'));
    return { ...item, type };
  });
  const counts: Partial<Record<SearchType, number>> = {};
  for (const { type } of typed) counts[type] = (counts[type] ?? 0) + 1;
  const types = options.types && options.types.length > 0 ? new Set(options.types) : null;
  const filtered = types ? typed.filter(({ type }) => types.has(type)) : typed;
  const shown = filtered.slice(0, Math.max(0, options.limit ?? DEFAULT_LIMIT));
  const docs = shown.map(({ key, type }) => shownDoc(store, loaded, key, type));
  const fragments = shown.filter((_, i) => !docs[i]).map(({ key }) => fragmentUrl(store, loaded, key));
  const answer = (hits: SearchHit[], partial: boolean): SearchResponse => ({
    query,
    hits,
    counts,
    total: filtered.length,
    ...(partial ? { partial } : {}),
  });
  if (fragments.length === 0)
    return { fragments, response: answer(firstHits(shown, docs, analyzed), false), first: null };
  const described = shown.map(({ key, type }, i) => docs[i] ?? rowOf(source, key, type));
  const hits = firstHits(shown, described, analyzed);
  return { fragments, response: null, first: hits.length > 0 ? answer(hits, true) : null };
}

/**
 * The one way an answer is made, from the files read: null while the delta or a term shard is
 * still to come; else the fragments it lacks, or the response. `searchNow` answers with it or
 * not at all; `search` loads what it lacks, then asks again.
 */
function answerFromRead(
  store: FileStore,
  loaded: Loaded,
  query: string,
  options: SearchOptions,
): ReadAnswer | null {
  const analyzed = analyzeQuery(query, loaded.entry.gram);
  const source = sourceNow(store, loaded, shardUrls(store, loaded, analyzed));
  if (!source) return null;
  return answerOf(source, store, loaded, query, rankQuery(source, analyzed), analyzed, options);
}

/** Reads the delta and the query's term shards, and ranks: its answer as far as they give it. */
async function rankedFrom(
  store: FileStore,
  shardReader: TermShardReader,
  loaded: Loaded,
  query: string,
  options: SearchOptions,
): Promise<ReadAnswer> {
  const urls = shardUrls(store, loaded, analyzeQuery(query, loaded.entry.gram));
  await Promise.all([...[...urls.values()].map((url) => shardReader.load(url)), loaded.loadDelta()]);
  const ranked = answerFromRead(store, loaded, query, options);
  if (!ranked) throw new SearchIndexError(t('search.index.mismatch'));
  return ranked;
}

async function answerFrom(
  store: FileStore,
  shardReader: TermShardReader,
  loaded: Loaded,
  query: string,
  options: SearchOptions,
): Promise<SearchResponse> {
  const ranked = await rankedFrom(store, shardReader, loaded, query, options);
  if (ranked.response) return ranked.response;
  await Promise.all(ranked.fragments.map((url) => store.load(url, FRAGMENT)));
  const full = answerFromRead(store, loaded, query, options);
  if (!full?.response) throw new SearchIndexError(t('search.index.mismatch'));
  return full.response;
}

/**
 * A searcher over the index whose entry is at `options.entryUrl`. `search` and `searchNow` share
 * the files it has read (`file-store.ts`) and the entry.
 */
export function createSearcher(options: SearcherOptions): Required<Searcher> {
  const store = createFileStore(options.entryUrl, options.fetchJson);
  const entries = entryReader(store, options.entryUrl);
  const shardReader = termShardReader(store, options.shardHint);
  /** The entry, read (or on its way), and the query's shards asked for beside it by the page's hint. */
  function entryFor(query: string): Promise<Loaded> {
    const reading = entries.load();
    // The entry read names the shards: a guess by the hint is for a query asked before it.
    if (!entries.now()) shardReader.guess(query);
    return reading;
  }
  async function search(query: string, searchOptions: SearchOptions = {}): Promise<SearchResponse> {
    if (asksNothing(query)) return emptyResponse(query);
    const loaded = await entryFor(query);
    try {
      return await answerFrom(store, shardReader, loaded, query, searchOptions);
    } catch (error) {
      // A file withdrawn since the entry was read (an open tab over a takedown): the new entry answers.
      const renewed = await entries.after(loaded, error);
      return answerFrom(store, shardReader, renewed, query, searchOptions);
    }
  }
  return {
    search,
    async first(query, searchOptions = {}) {
      if (asksNothing(query)) return emptyResponse(query);
      const ranked = await rankedFrom(store, shardReader, await entryFor(query), query, searchOptions);
      return ranked.response ?? ranked.first;
    },
    searchNow(query, searchOptions = {}) {
      if (asksNothing(query)) return emptyResponse(query);
      const loaded = entries.now();
      try {
        return (loaded && answerFromRead(store, loaded, query, searchOptions)?.response) ?? null;
      } catch {
        // Files that cannot answer (a fragment of another slot): `search` says so.
        return null;
      }
    },
  };
}
