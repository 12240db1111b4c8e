/**
 * The browser side of the site search: reads the entry (every document's metadata and the delta
 * since the base), then the term shards a query needs, ranks, and shows the results with their
 * leads; the text files of the results shown then give the excerpt windows. Each file is fetched
 * once and kept (`file-store.ts`), within the query's budget (`query-budget.ts`). Pure apart from
 * the injected `fetchJson`; every file is validated, and a missing
 * or malformed one rejects with {@link SearchIndexError} (the screens offer a retry: the next call
 * fetches again). A file the entry names that cannot be read first has the entry read again, past
 * the HTTP cache: a publish may have withdrawn it (a takedown rewrites the files that held the
 * removed text under new names), and an open tab then answers from the new entry.
 */
import {
  countTerms,
  EntrySchema,
  IN_DELTA,
  TermShardSchema,
  TextFileSchema,
  decodePostings,
  fieldsOf,
  type DocFields,
  type Entry,
  type GramCounts,
  type TermShard,
  type TextFile,
} from '../format/format.ts';
import { lookedUp, queryShards, termShardOf, termShardPath, type ShardHint } from '../format/shard-names.ts';
import { excerptOf, initialsRanges, markRanges } from './excerpt.ts';
import { initialsOf } from '../format/hangul.ts';
import { analyzeQuery, type AnalyzedQuery, type Prefix } from '../format/query.ts';
import {
  prefixMatches,
  rank,
  repeatsLast,
  type Corpus,
  type DocStats,
  type Posting,
  type Ranked,
} from './rank.ts';
import { gramTerms, normalize } from '../format/tokenize.ts';
import type { SearchHit, SearchResponse, SearchType } from '../format/types.ts';
import { createFileStore, type FetchJson, type FileStore, type Schema } from './file-store.ts';
import { SearchIndexError } from './index-error.ts';
import { NOTHING_SPENT, spentOn, textFilesWithin, type Spent } from './query-budget.ts';
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
  /**
   * Called with the results as soon as they are ranked, when their text files are still to
   * come: an excerpt is then the document's lead (`excerptFromLead`). `search` still resolves
   * with the excerpt windows. Not called when the texts are in memory already: the full answer
   * follows at once, and a screen would draw the results twice for one keystroke.
   */
  onPartial?: (response: SearchResponse) => void;
  /**
   * The ranking waits for it once the entry is read (the term shards still leave at once, by
   * the page's hint): a screen drawing an earlier answer from the same entry (`searchTitles`)
   * has that frame painted first, instead of held back by this ranking in the same task.
   */
  after?: PromiseLike<unknown>;
}

export interface Searcher {
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /**
   * The answer `search` gives, at once, when every file the query needs (the entry, the term
   * shards of its words, the text files of the results shown) is read already; `null` when one
   * is still to fetch, or when the files read cannot answer (`search` then fetches, or says what
   * is wrong). A screen sets it in the input's own event: one render per keystroke. Optional for
   * a stand-in searcher: without it every answer is asked of `search`.
   */
  searchNow?(query: string, options?: Omit<SearchOptions, 'onPartial' | 'after'>): SearchResponse | null;
  /**
   * The documents whose titles match, ranked from the entry alone (no term shard, no text file):
   * an answer as soon as the entry is read, for a screen to show while `search` fetches the
   * rest. The same query analysis and ranking as `search`, over the titles only; excerpts are the
   * leads (`excerptFromLead`). A word found only in the texts finds nothing here.
   */
  searchTitles(query: string, options?: Omit<SearchOptions, 'onPartial' | 'after'>): Promise<SearchResponse>;
}

const DEFAULT_LIMIT = 10;

/** A live document: its row's fields, its type by name, and what the ranking reads. */
interface DocInfo extends Omit<DocStats, 'date'>, DocFields {
  type: SearchType;
}

/** The entry, read: live documents by slot, and the delta's texts and postings. */
interface Loaded {
  entry: Entry;
  docs: Map<number, DocInfo>;
  deltaTexts: Map<number, string>;
  /** The delta's term counts, made on the first search that ranks words (`deltaCountsOf`). */
  deltaCounts?: GramCounts;
  initials?: Map<number, string>;
  /** Titles NFC and lowercased, and the grams of those cut so far, for `searchTitles` (`titleCorpus`). */
  titles?: Map<number, string>;
  titleGrams?: Map<number, string[]>;
}

/**
 * A term's postings from its counts, made when the ranking asks for the term: a query asks for a
 * few dozen terms of the thousands counted (a slow phone spent a tenth of a second making them all).
 */
function postingsOf(counts: GramCounts, term: string): Posting[] | undefined {
  const bySlot = counts.get(term);
  return bySlot && [...bySlot].map(([slot, [title, body]]): Posting => [slot, title, body]);
}

function readEntry(entry: Entry): Loaded {
  const docs = new Map<number, DocInfo>();
  const deltaTexts = new Map<number, string>();
  for (const [slot, row] of entry.docs.entries()) {
    if (row === null) continue;
    const fields = fieldsOf(row);
    const type = entry.types[fields.typeIndex];
    if (type === undefined) throw new SearchIndexError(t('search.index.invalidType'));
    docs.set(slot, { ...fields, type });
    if (fields.textFile !== IN_DELTA) {
      if (fields.textFile >= entry.texts.length) throw new SearchIndexError(t('search.index.mismatch'));
      continue;
    }
    const text = entry.delta[slot.toString(36)];
    if (text === undefined) throw new SearchIndexError(t('search.index.mismatch'));
    deltaTexts.set(slot, text);
  }
  return { entry, docs, deltaTexts };
}

/**
 * The delta's documents counted term by term, once, when a search first ranks words: the delta
 * carries texts, not postings (they are smaller, and the excerpts need them anyway), and an
 * answer from the titles alone needs neither.
 */
function deltaCountsOf(loaded: Loaded): GramCounts {
  if (loaded.deltaCounts) return loaded.deltaCounts;
  const { docs, entry } = loaded;
  const counts: GramCounts = new Map();
  for (const [slot, text] of loaded.deltaTexts) {
    countTerms(counts, slot, gramTerms(docs.get(slot)!.title, entry.gram).terms, 0);
    countTerms(counts, slot, gramTerms(text, entry.gram).terms, 1);
  }
  return (loaded.deltaCounts = counts);
}

/** What each word of a query highlights: its variants' text (a prefix's start while it is typed). */
function wordNeedles(analyzed: AnalyzedQuery): string[][] {
  return analyzed.words.map((word) =>
    word.variants.map((variant) =>
      variant.prefix && variant.terms.length === 0 ? variant.prefix.start : variant.text,
    ),
  );
}

/**
 * Whether a document's lead already shows every word of the query, so that the window from its
 * text would add nothing worth a request. A 초성 query matches titles only: its excerpt is the
 * text's start, which the lead is.
 */
function leadSuffices(lead: string, words: readonly string[][]): boolean {
  return words.every((needles) => markRanges(lead, needles).length > 0);
}

/**
 * The results whose excerpt wants a window from their text, in the order their text files are
 * worth fetching: first those whose title shows none of the query's words (their excerpt is all
 * that says why they matched), then those whose lead lacks a word; each in rank order.
 */
function windowsWanted(shown: Ranked[], docs: Loaded['docs'], words: readonly string[][]): number[] {
  const wanted = shown.filter(({ key }) => !leadSuffices(docs.get(key)!.lead, words));
  const unexplained = (key: number) => markRanges(docs.get(key)!.title, words.flat()).length === 0;
  return [
    ...wanted.filter(({ key }) => unexplained(key)),
    ...wanted.filter(({ key }) => !unexplained(key)),
  ].map(({ key }) => key);
}

const emptyResponse = (query: string): SearchResponse => ({ query, hits: [], counts: {}, total: 0 });

/** Whether a query asks for anything (words or initials): one that does not is answered empty at once. */
const asksNothing = (query: string) => {
  const analyzed = analyzeQuery(query);
  return analyzed.words.length === 0 && analyzed.initials === undefined;
};

/**
 * A ranked query's answer, short of the texts: the slots whose excerpts want a window from their
 * text (`windowsWanted`), and the response with the texts read (a slot without one, or whose
 * lead shows the query already, has its lead as its excerpt; the delta's texts are always there).
 */
function answerOf(
  query: string,
  loaded: Loaded,
  analyzed: AnalyzedQuery,
  ranked: Ranked[],
  options: Omit<SearchOptions, 'onPartial' | 'after'>,
): { slots: number[]; response(texts: ReadonlyMap<number, string>): SearchResponse } {
  const { docs, deltaTexts } = loaded;
  const limit = options.limit ?? DEFAULT_LIMIT;
  const counts: Partial<Record<SearchType, number>> = {};
  for (const { key } of ranked) {
    const type = docs.get(key)!.type;
    counts[type] = (counts[type] ?? 0) + 1;
  }
  const types = options.types && options.types.length > 0 ? new Set(options.types) : null;
  const filtered = types ? ranked.filter(({ key }) => types.has(docs.get(key)!.type)) : ranked;
  const shown = filtered.slice(0, Math.max(0, limit));
  const words = wordNeedles(analyzed);
  const needles = words.flat();

  const hitOf = ({ key, score }: Ranked, text: string | undefined): SearchHit => {
    const { id, date, title, url, lead } = docs.get(key)!;
    const titleMarks =
      analyzed.initials !== undefined ? initialsRanges(title, analyzed.initials) : markRanges(title, needles);
    // Without its text the excerpt is the lead, opened as a window is, a few words before its
    // first match: a one-line excerpt showing the lead from its start cut the match off.
    const excerpt = excerptOf(text ?? lead, needles);
    return {
      id,
      type: docs.get(key)!.type,
      title,
      url,
      ...(date ? { date } : {}),
      excerpt: excerpt.excerpt,
      titleMarks,
      excerptMarks: excerpt.marks,
      score: Math.round(score * 1000) / 1000,
      ...(text === undefined ? { excerptFromLead: true as const } : {}),
    };
  };
  return {
    slots: windowsWanted(shown, docs, words),
    response: (texts) => ({
      query,
      hits: shown.map((item) => hitOf(item, texts.get(item.key) ?? deltaTexts.get(item.key))),
      counts,
      total: filtered.length,
    }),
  };
}

function corpusOf(loaded: Loaded, shards: ReadonlyMap<number, TermShard>): Corpus {
  const { entry, docs } = loaded;
  const deltaCounts = deltaCountsOf(loaded);
  const count = entry.terms.length;
  return {
    count: docs.size,
    averageTitle: entry.averageTitle,
    averageBody: entry.averageBody,
    stats: (slot) => docs.get(slot),
    postings: (term) => {
      const shard = shards.get(termShardOf(term, count));
      // A base posting holds while its document is unchanged since the base (deleted or
      // changed ones are in the delta, or gone).
      const base =
        shard && Object.hasOwn(shard.t, term)
          ? decodePostings(shard.t[term]!).filter(([slot]) => {
              const doc = docs.get(slot);
              return doc !== undefined && doc.textFile !== IN_DELTA && slot < entry.baseDocs;
            })
          : [];
      const delta = postingsOf(deltaCounts, term) ?? [];
      return base.length + delta.length > 0 ? [...base, ...delta] : undefined;
    },
    expand: (prefix: Prefix) => {
      const shard = shards.get(termShardOf(prefix.start, count));
      const terms = new Set([...Object.keys(shard?.t ?? {}), ...deltaCounts.keys()]);
      return [...terms].filter((term) => prefixMatches(prefix, term));
    },
  };
}

function rankInitials(loaded: Loaded, initials: string): Ranked[] {
  const { docs } = loaded;
  loaded.initials ??= new Map(
    [...docs].map(([slot, doc]): [number, string] => [slot, initialsOf(doc.title)]),
  );
  const ranked: Ranked[] = [];
  for (const [slot, title] of loaded.initials) {
    const at = title.indexOf(initials);
    // Earlier in a shorter title ranks higher: 온보딩 가이드 before a title that mentions it late.
    if (at !== -1) ranked.push({ key: slot, score: 1 / (1 + at) + 1 / (1 + title.length) });
  }
  return ranked.sort((a, b) => {
    if (Math.abs(b.score - a.score) > 1e-9) return b.score - a.score;
    const da = docs.get(a.key)?.date ?? '';
    const db = docs.get(b.key)?.date ?? '';
    return da === db ? a.key - b.key : da < db ? 1 : -1;
  });
}

/**
 * What stands for a document's text when telling repeats apart: its type, its length in grams and
 * its lead (its first characters). Two texts alike in all three are the same text in practice, and
 * the rows already carry them: no byte more in the index.
 */
const textKey = (doc: DocInfo) => `${doc.typeIndex}\u0000${doc.bodyLength}\u0000${doc.lead}`;

/** The query ranked: 초성 over the entry's titles, words over `corpus` (made only for words); repeats last. */
function rankOf(loaded: Loaded, analyzed: AnalyzedQuery, corpus: () => Corpus): Ranked[] {
  const ranked =
    analyzed.initials !== undefined ? rankInitials(loaded, analyzed.initials) : rank(analyzed, corpus());
  return repeatsLast(ranked, (key) => textKey(loaded.docs.get(key)!));
}

/** The texts of the slots shown the delta holds, and the others' slots by base text file (of `files`). */
function textSources({ docs, deltaTexts }: Loaded, slots: number[], files: ReadonlySet<number>) {
  const found = new Map<number, string>();
  const byFile = new Map<number, number[]>();
  for (const slot of slots) {
    const text = deltaTexts.get(slot);
    if (text !== undefined) found.set(slot, text);
    else {
      const file = docs.get(slot)!.textFile;
      if (files.has(file)) byFile.set(file, [...(byFile.get(file) ?? []), slot]);
    }
  }
  return { found, byFile };
}

/** Takes the wanted slots' texts out of their text file into `found`. */
function takeTexts(texts: TextFile, wanted: number[], found: Map<number, string>): void {
  for (const slot of wanted) {
    const key = slot.toString(36);
    if (!Object.hasOwn(texts.d, key)) throw new SearchIndexError(t('search.index.mismatch'));
    found.set(slot, texts.d[key]!);
  }
}

/** The first character of every term a query may look up: a title without any of them matches nothing. */
function firstCharsOf(query: AnalyzedQuery): Set<string> {
  return new Set(
    lookedUp(query).flatMap((term) => {
      const first = term.codePointAt(0);
      return first === undefined ? [] : [String.fromCodePoint(first)];
    }),
  );
}

/**
 * The entry's documents as a corpus of their titles alone, for `rank`: the postings of the
 * titles' grams (title counts, no body), derived from the rows as the delta's are from its texts.
 * Only the titles holding the first character of one of the query's terms are cut into grams (a
 * slow phone spent a fifth of a second on all of them); every posting the ranking asks for is
 * among theirs, and each title's grams are kept for the next query.
 */
function titleCorpus(loaded: Loaded, query: AnalyzedQuery): Corpus {
  const { docs, entry } = loaded;
  const titles = (loaded.titles ??= new Map(
    [...docs].map(([slot, doc]): [number, string] => [slot, normalize(doc.title).toLowerCase()]),
  ));
  const grams = (loaded.titleGrams ??= new Map());
  const chars = [...firstCharsOf(query)];
  const counts: GramCounts = new Map();
  for (const [slot, title] of titles) {
    if (!chars.some((char) => title.includes(char))) continue;
    let terms = grams.get(slot);
    if (!terms) grams.set(slot, (terms = gramTerms(docs.get(slot)!.title, entry.gram).terms));
    countTerms(counts, slot, terms, 0);
  }
  return {
    count: docs.size,
    averageTitle: entry.averageTitle,
    averageBody: entry.averageBody,
    stats: (slot) => docs.get(slot),
    postings: (term) => postingsOf(counts, term),
    expand: (prefix) => [...counts.keys()].filter((term) => prefixMatches(prefix, term)),
  };
}

const ENTRY = EntrySchema as Schema<Entry>;
const TERM_SHARD = TermShardSchema as Schema<TermShard>;
const TEXT_FILE = TextFileSchema as Schema<TextFile>;

/** The entry as a searcher holds it: read once, and read again past the HTTP cache when a file it names is gone. */
interface EntryReader {
  /** The entry, read once (`fresh`: again, past the HTTP cache); a failure is forgotten. */
  load(fresh?: boolean): Promise<Loaded>;
  /** The entry once read: what an answer at once reads. */
  now(): Loaded | null;
  /** Whether the next `load` fetches the entry (nothing read or on its way): that query is cold. */
  cold(): boolean;
  /** The entry that answers once a file `stale` names could not be read (`entryAfter`). */
  after(stale: Loaded, failure: unknown): Promise<Loaded>;
}

function entryReader(store: FileStore, entryUrl: string): EntryReader {
  let entryPromise: Promise<Loaded> | null = null;
  let entryRead: Loaded | null = null;
  function load(fresh = false): Promise<Loaded> {
    if (!entryPromise || fresh) {
      const pending = store.load(entryUrl, ENTRY, fresh).then(readEntry);
      entryPromise = pending;
      pending.then(
        (loaded) => (entryRead = loaded),
        () => {
          if (entryPromise === pending) entryPromise = null;
        },
      );
    }
    return entryPromise;
  }

  /** The entry read again in place of `stale`, once for every search that found a file of it gone. */
  const renewals = new WeakMap<Loaded, Promise<Loaded>>();
  function renewedEntry(stale: Loaded): Promise<Loaded> {
    let renewal = renewals.get(stale);
    if (!renewal) renewals.set(stale, (renewal = load(true)));
    return renewal;
  }

  return {
    load,
    now: () => entryRead,
    cold: () => entryPromise === null,
    after: (stale, failure) => entryAfter(stale, failure, renewedEntry),
  };
}

/**
 * The entry that answers once a file `stale` names could not be read: the entry read again past
 * the HTTP cache (`renewedEntry`), when it names other files (a publish withdrew some); else the
 * failure stands.
 */
async function entryAfter(
  stale: Loaded,
  failure: unknown,
  renewedEntry: (stale: Loaded) => Promise<Loaded>,
): Promise<Loaded> {
  if (!(failure instanceof SearchIndexError)) throw failure;
  let renewed: Loaded;
  try {
    renewed = await renewedEntry(stale);
  } catch {
    throw failure;
  }
  const named = (entry: Entry) => JSON.stringify([entry.base, entry.terms, entry.texts]);
  if (named(renewed.entry) === named(stale.entry)) throw failure;
  return renewed;
}

/** The term shards a searcher reads: by the entry's names, and beforehand by the page's hint. */
interface TermShardReader {
  /**
   * The term shards a query asked before the entry is read will read, by the page's hint: asked
   * for now, beside the entry. Those this call asked for are its own cost (`spentOn`).
   */
  guess(query: string): Set<string>;
  /** A term shard the entry names; a guess of the same name that failed is asked for once more. */
  load(url: string): Promise<TermShard>;
}

function termShardReader(store: FileStore, hint: ShardHint | null | undefined): TermShardReader {
  /** The addresses asked for by the page's hint whose answer the entry has not confirmed yet. */
  const guesses = new Set<string>();
  return {
    guess(query) {
      const asked = new Set<string>();
      if (!hint) return asked;
      for (const index of queryShards(hint.count, analyzeQuery(query, hint.gram))) {
        const url = store.resolve(termShardPath(hint.base, index));
        if (store.asked(url)) continue;
        asked.add(url);
        guesses.add(url);
        // A stale hint's file may be gone (or a shard rewritten since the base, under a new name):
        // the entry's own names are fetched then.
        store.load(url, TERM_SHARD).catch(() => undefined);
      }
      return asked;
    },
    load(url) {
      return store.load(url, TERM_SHARD).catch((error: unknown) => {
        if (!guesses.has(url)) throw error;
        // Forgotten once settled, not at once: a second search waiting on the same guess joins this retry.
        return store.load(url, TERM_SHARD).finally(() => guesses.delete(url));
      });
    },
  };
}

/** The addresses of the term shards a query reads, by shard index. */
function shardUrls(store: FileStore, entry: Entry, query: AnalyzedQuery): Map<number, string> {
  return new Map(
    queryShards(entry.terms.length, query).map((index) => [
      index,
      store.resolve(entry.base + entry.terms[index]!),
    ]),
  );
}

const textUrl = (store: FileStore, entry: Entry, file: number) =>
  store.resolve(entry.base + entry.texts[file]!);

/** The term shards, if all are read already. */
function termShardsNow(store: FileStore, urls: ReadonlyMap<number, string>): Map<number, TermShard> | null {
  const shards = new Map<number, TermShard>();
  for (const [index, url] of urls) {
    const shard = store.peek<TermShard>(url);
    if (shard === undefined) return null;
    shards.set(index, shard);
  }
  return shards;
}

/** The text files an answer reads (`textFilesWithin`): a file already asked for costs nothing. */
function textFiles(store: FileStore, loaded: Loaded, slots: number[], spent: Spent): Set<number> {
  const { entry, docs, deltaTexts } = loaded;
  // The delta's texts are in the entry: only the others' files are read.
  const wanted = slots.filter((slot) => !deltaTexts.has(slot)).map((slot) => docs.get(slot)!.textFile);
  return textFilesWithin(entry, wanted, (file) => store.asked(textUrl(store, entry, file)), spent);
}

/** Reads the text files of `chosen` that hold texts of the slots shown (in parallel). */
async function loadTexts(store: FileStore, loaded: Loaded, slots: number[], chosen: Set<number>) {
  const { byFile } = textSources(loaded, slots, chosen);
  await Promise.all(
    [...byFile.keys()].map((file) => store.load(textUrl(store, loaded.entry, file), TEXT_FILE)),
  );
}

/** The texts of the slots shown, if every file of `chosen` holding them is read already. */
function textsNow(
  store: FileStore,
  loaded: Loaded,
  slots: number[],
  chosen: Set<number>,
): Map<number, string> | null {
  const { found, byFile } = textSources(loaded, slots, chosen);
  for (const [file, wanted] of byFile) {
    const texts = store.peek<TextFile>(textUrl(store, loaded.entry, file));
    if (texts === undefined) return null;
    takeTexts(texts, wanted, found);
  }
  return found;
}

/** What a query has asked for already: the entry (`cold`), and term shards by the page's hint. */
interface Asked {
  cold: boolean;
  guessed: ReadonlySet<string>;
}

/** `search`'s answer from one entry. */
/** A query's answer from the files read (`peek`), and the text files it reads within `spent`'s budget. */
interface ReadAnswer {
  answer: ReturnType<typeof answerOf>;
  chosen: Set<number>;
  /** The texts of the excerpt windows, or null while a text file of `chosen` is still to come. */
  texts: Map<number, string> | null;
}

/**
 * The one way an answer is made, from the files read: null while a term shard it needs is still
 * to come. `searchNow` answers with it or not at all; `search` loads what it lacks, then asks again.
 */
function answerFromRead(
  store: FileStore,
  loaded: Loaded,
  query: string,
  searchOptions: Omit<SearchOptions, 'onPartial' | 'after'>,
  spent: Spent,
): ReadAnswer | null {
  const analyzed = analyzeQuery(query, loaded.entry.gram);
  const shards = termShardsNow(store, shardUrls(store, loaded.entry, analyzed));
  if (!shards) return null;
  const ranked = rankOf(loaded, analyzed, () => corpusOf(loaded, shards));
  const answer = answerOf(query, loaded, analyzed, ranked, searchOptions);
  const chosen = textFiles(store, loaded, answer.slots, spent);
  return { answer, chosen, texts: textsNow(store, loaded, answer.slots, chosen) };
}

async function answerFrom(
  store: FileStore,
  shardReader: TermShardReader,
  loaded: Loaded,
  query: string,
  { onPartial, after, ...searchOptions }: SearchOptions,
  { cold, guessed }: Asked,
): Promise<SearchResponse> {
  const urls = shardUrls(store, loaded.entry, analyzeQuery(query, loaded.entry.gram));
  const spent = spentOn(loaded.entry, urls, cold, guessed, store.asked);
  if (after) await after;
  await Promise.all([...urls.values()].map((url) => shardReader.load(url)));
  const read = answerFromRead(store, loaded, query, searchOptions, spent);
  if (!read) throw new SearchIndexError(t('search.index.mismatch'));
  const { answer, chosen, texts } = read;
  // Texts in memory: the full answer at once, no first one with the leads (a screen would
  // draw the results twice for one keystroke).
  if (texts) return answer.response(texts);
  onPartial?.(answer.response(loaded.deltaTexts));
  await loadTexts(store, loaded, answer.slots, chosen);
  const full = textsNow(store, loaded, answer.slots, chosen);
  if (!full) throw new SearchIndexError(t('search.index.mismatch'));
  return answer.response(full);
}

/** `searchNow`'s answer from the entry read: `null` when a file it needs is still to fetch. */
function answerNow(
  store: FileStore,
  loaded: Loaded,
  query: string,
  searchOptions: Omit<SearchOptions, 'onPartial' | 'after'>,
): SearchResponse | null {
  try {
    // What `search` would read: the files it has, and any new one a later query's budget allows.
    const read = answerFromRead(store, loaded, query, searchOptions, NOTHING_SPENT);
    return read?.texts ? read.answer.response(read.texts) : null;
  } catch {
    // A file that cannot answer (a text missing from its file): `search` says so.
    return null;
  }
}

/**
 * A searcher over the index whose entry is at `options.entryUrl`. `search`, `searchNow` and
 * `searchTitles` share the files it has read (`file-store.ts`) and the entry.
 */
export function createSearcher(options: SearcherOptions): Required<Searcher> {
  const store = createFileStore(options.entryUrl, options.fetchJson);
  const entries = entryReader(store, options.entryUrl);
  const shardReader = termShardReader(store, options.shardHint);
  return {
    async search(query, searchOptions = {}) {
      if (asksNothing(query)) return emptyResponse(query);
      const cold = entries.cold();
      const reading = entries.load();
      // The entry read names the shards: a guess by the hint is for a query asked before it.
      const guessed = entries.now() ? new Set<string>() : shardReader.guess(query);
      const loaded = await reading;
      try {
        return await answerFrom(store, shardReader, loaded, query, searchOptions, { cold, guessed });
      } catch (error) {
        // A file withdrawn since the entry was read (an open tab over a takedown): the new entry answers.
        const renewed = await entries.after(loaded, error);
        return answerFrom(store, shardReader, renewed, query, searchOptions, {
          cold: false,
          guessed: new Set(),
        });
      }
    },

    searchNow(query, searchOptions = {}) {
      if (asksNothing(query)) return emptyResponse(query);
      const loaded = entries.now();
      return loaded && answerNow(store, loaded, query, searchOptions);
    },

    async searchTitles(query, searchOptions = {}) {
      if (asksNothing(query)) return emptyResponse(query);
      const loaded = await entries.load();
      const analyzed = analyzeQuery(query, loaded.entry.gram);
      const ranked = rankOf(loaded, analyzed, () => titleCorpus(loaded, analyzed));
      // The leads as excerpts, or the delta's texts: no text file is read for this answer.
      return answerOf(query, loaded, analyzed, ranked, searchOptions).response(loaded.deltaTexts);
    },
  };
}
