/**
 * The browser side of the site search: reads the entry, then only the shards a query needs
 * (each fetched once and kept), ranks, and reads the documents it shows. Pure apart from the
 * injected `fetchJson`; every file is validated, and a missing or malformed one rejects with
 * {@link SearchIndexError} (the screens offer a retry: the next call fetches again).
 */
import {
  DocShardSchema,
  EntrySchema,
  InitialsSchema,
  TermShardSchema,
  docShardOf,
  termShardOf,
  type DocShard,
  type Entry,
  type InitialsFile,
  type TermShard,
} from './format.ts';
import { excerptOf, initialsRanges, markRanges } from './excerpt.ts';
import { analyzeQuery, type AnalyzedQuery, type Prefix } from './query.ts';
import { prefixMatches, rank, type Corpus, type DocStats, type Posting, type Ranked } from './rank.ts';
import type { SearchHit, SearchResponse, SearchType } from './types.ts';
import { interpolate, t } from '../../i18n/index.ts';

export class SearchIndexError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchIndexError';
  }
}

export interface SearcherOptions {
  entryUrl: string;
  fetchJson?: (url: string) => Promise<unknown>;
}

export interface SearchOptions {
  limit?: number;
  types?: SearchType[];
}

export interface Searcher {
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
}

const DEFAULT_LIMIT = 10;

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

interface DocInfo extends DocStats {
  type: SearchType;
}

// Over 60 lines as one closure: its steps (entry, terms, ranking, documents) share the files it
// has read; it is split with the index format, whose request budget is still open.
export function createSearcher(options: SearcherOptions): Searcher {
  const fetchJson = options.fetchJson ?? defaultFetchJson;
  const files = new Map<string, Promise<unknown>>();

  function resolve(path: string): string {
    return /^[a-z][a-z0-9+.-]*:/i.test(options.entryUrl) ? new URL(path, options.entryUrl).href : path;
  }

  /** Reads and validates one file once; a failure is forgotten so a retry fetches again. */
  function load<T>(url: string, schema: Schema<T>): Promise<T> {
    let pending = files.get(url) as Promise<T> | undefined;
    if (!pending) {
      pending = (async () => {
        let value: unknown;
        try {
          value = await fetchJson(url);
        } catch (error) {
          throw new SearchIndexError(interpolate(t('search.index.unreachable'), { url }), { cause: error });
        }
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
          throw new SearchIndexError(interpolate(t('search.index.invalid'), { url }), {
            cause: parsed.error,
          });
        }
        return parsed.data;
      })();
      files.set(url, pending);
      pending.catch(() => files.delete(url));
    }
    return pending;
  }

  let entryPromise: Promise<{ entry: Entry; docs: Map<string, DocInfo> }> | null = null;
  function loadEntry() {
    if (!entryPromise) {
      const pending = load(options.entryUrl, EntrySchema as Schema<Entry>).then((entry) => {
        const docs = new Map<string, DocInfo>();
        for (const [key, type, date, titleLength, bodyLength] of entry.docs) {
          const name = entry.types[type];
          if (name === undefined) throw new SearchIndexError(t('search.index.invalidType'));
          docs.set(key, { type: name, titleLength, bodyLength, ...(date ? { date } : {}) });
        }
        return { entry, docs };
      });
      entryPromise = pending;
      pending.catch(() => {
        if (entryPromise === pending) entryPromise = null;
      });
    }
    return entryPromise;
  }

  const fileUrl = (entry: Entry, name: string) => resolve(entry.base + name);

  async function termShards(entry: Entry, query: AnalyzedQuery): Promise<Map<number, TermShard>> {
    const needed = new Set<number>();
    const count = entry.terms.length;
    for (const word of query.words) {
      for (const variant of word.variants) {
        for (const term of variant.terms) needed.add(termShardOf(term, count));
        if (variant.prefix) needed.add(termShardOf(variant.prefix.start, count));
      }
    }
    for (const join of query.joins) needed.add(termShardOf(join, count));
    const shards = new Map<number, TermShard>();
    await Promise.all(
      [...needed].map(async (index) => {
        shards.set(
          index,
          await load(fileUrl(entry, entry.terms[index]!), TermShardSchema as Schema<TermShard>),
        );
      }),
    );
    return shards;
  }

  function corpusOf(entry: Entry, docs: Map<string, DocInfo>, shards: Map<number, TermShard>): Corpus {
    const count = entry.terms.length;
    return {
      count: docs.size,
      averageTitle: entry.averageTitle,
      averageBody: entry.averageBody,
      stats: (key) => docs.get(key),
      postings: (term) => {
        const shard = shards.get(termShardOf(term, count));
        const base = shard && Object.hasOwn(shard.t, term) ? (shard.t[term] as Posting[]) : [];
        const tail = Object.hasOwn(entry.tail, term) ? (entry.tail[term] as Posting[]) : [];
        return base.length + tail.length > 0 ? [...base, ...tail] : undefined;
      },
      expand: (prefix: Prefix) => {
        const shard = shards.get(termShardOf(prefix.start, count));
        const terms = new Set([...Object.keys(shard?.t ?? {}), ...Object.keys(entry.tail)]);
        return [...terms].filter((term) => prefixMatches(prefix, term));
      },
    };
  }

  async function rankInitials(entry: Entry, docs: Map<string, DocInfo>, initials: string): Promise<Ranked[]> {
    const file = await load(fileUrl(entry, entry.initials), InitialsSchema as Schema<InitialsFile>);
    const ranked: Ranked[] = [];
    for (const [key, title] of [...file.t, ...entry.tailInitials]) {
      const at = title.indexOf(initials);
      // Earlier in a shorter title ranks higher: 온보딩 가이드 before a title that mentions it late.
      if (at !== -1 && docs.has(key)) ranked.push({ key, score: 1 / (1 + at) + 1 / (1 + title.length) });
    }
    return ranked.sort((a, b) => {
      if (Math.abs(b.score - a.score) > 1e-9) return b.score - a.score;
      const da = docs.get(a.key)?.date ?? '';
      const db = docs.get(b.key)?.date ?? '';
      return da === db ? (a.key < b.key ? -1 : 1) : da < db ? 1 : -1;
    });
  }

  async function showDocs(entry: Entry, keys: string[]): Promise<Map<string, DocShard['d'][string]>> {
    const count = entry.docFiles.length;
    const indexes = [...new Set(keys.map((key) => docShardOf(key, count)))];
    const shards = await Promise.all(
      indexes.map((index) =>
        load(fileUrl(entry, entry.docFiles[index]!), DocShardSchema as Schema<DocShard>),
      ),
    );
    const found = new Map<string, DocShard['d'][string]>();
    for (const shard of shards)
      for (const key of keys) if (Object.hasOwn(shard.d, key)) found.set(key, shard.d[key]!);
    for (const key of keys) {
      if (!found.has(key)) throw new SearchIndexError(t('search.index.mismatch'));
    }
    return found;
  }

  return {
    async search(query, searchOptions = {}) {
      const limit = searchOptions.limit ?? DEFAULT_LIMIT;
      const analyzed = analyzeQuery(query);
      const empty: SearchResponse = { query, hits: [], counts: {}, total: 0 };
      if (analyzed.words.length === 0 && analyzed.initials === undefined) return empty;
      const { entry, docs } = await loadEntry();
      let ranked: Ranked[];
      if (analyzed.initials !== undefined) ranked = await rankInitials(entry, docs, analyzed.initials);
      else ranked = rank(analyzed, corpusOf(entry, docs, await termShards(entry, analyzed)));

      const counts: Partial<Record<SearchType, number>> = {};
      for (const { key } of ranked) {
        const type = docs.get(key)!.type;
        counts[type] = (counts[type] ?? 0) + 1;
      }
      const types =
        searchOptions.types && searchOptions.types.length > 0 ? new Set(searchOptions.types) : null;
      const filtered = types ? ranked.filter(({ key }) => types.has(docs.get(key)!.type)) : ranked;
      const shown = filtered.slice(0, Math.max(0, limit));
      const found = await showDocs(
        entry,
        shown.map(({ key }) => key),
      );
      const needles = analyzed.words.flatMap((word) =>
        word.variants.map((variant) =>
          variant.prefix && variant.terms.length === 0 ? variant.prefix.start : variant.text,
        ),
      );
      const hits: SearchHit[] = shown.map(({ key, score }) => {
        const doc = found.get(key)!;
        const { excerpt, marks } = excerptOf(doc.text, needles);
        const titleMarks =
          analyzed.initials !== undefined
            ? initialsRanges(doc.title, analyzed.initials)
            : markRanges(doc.title, needles);
        return {
          id: doc.id,
          type: doc.type,
          title: doc.title,
          url: doc.url,
          ...(doc.date ? { date: doc.date } : {}),
          excerpt,
          titleMarks,
          excerptMarks: marks,
          score: Math.round(score * 1000) / 1000,
        };
      });
      return { query, hits, counts, total: filtered.length };
    },
  };
}
