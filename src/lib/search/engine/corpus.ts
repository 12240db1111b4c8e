/**
 * What the searcher ranks over: the entry, the delta's documents (their postings derived here as
 * the builder derives the base's, `doc-terms.ts`) and the term shards read. Ranking reads the
 * postings alone (weights, repeat marks) and the entry (types by slot): no per-document rows.
 */
import { countDocTerms, docWeights } from '../format/doc-terms.ts';
import {
  decodePostings,
  isInitialsTerm,
  type Delta,
  type DeltaDoc,
  type Entry,
  type TermShard,
  type WeightedPosting,
} from '../format/format.ts';
import { initialsQueryTerms, prefixLookup, type AnalyzedQuery, type Prefix } from '../format/query.ts';
import { termShardOf } from '../format/shard-names.ts';
import type { SearchType } from '../format/types.ts';
import { byScore, prefixMatches, rank, repeatsLast, type Corpus, type Posting, type Ranked } from './rank.ts';

/** The delta's documents, by slot, and their postings (`docWeights` with the entry's averages). */
export interface DeltaIndex {
  docs: Map<number, DeltaDoc>;
  postings: Map<string, WeightedPosting[]>;
}

export function deltaIndexOf(entry: Entry, delta: Delta | null): DeltaIndex {
  const docs = new Map<number, DeltaDoc>();
  const postings = new Map<string, WeightedPosting[]>();
  for (const doc of delta?.d ?? []) {
    docs.set(doc.s, doc);
    const weights = docWeights(countDocTerms(doc.ti, doc.x, entry.gram), entry, entry.gram);
    for (const [term, [title, body]] of weights) {
      const posting: WeightedPosting = [doc.s, title, body, 0];
      const list = postings.get(term);
      if (list) list.push(posting);
      else postings.set(term, [posting]);
    }
  }
  return { docs, postings };
}

/** A slot's type: a delta document's own, a base slot's by the entry's `typeStarts`. */
export function typeOf(entry: Entry, delta: DeltaIndex, slot: number): SearchType | undefined {
  const doc = delta.docs.get(slot);
  if (doc) return entry.types[doc.t];
  let type: number | undefined;
  entry.typeStarts.forEach((start, index) => {
    if (start <= slot && (type === undefined || entry.typeStarts[type]! <= start)) type = index;
  });
  return slot < entry.baseDocs && type !== undefined ? entry.types[type] : undefined;
}

/** What the ranking reads: the entry, the delta, and the shards of a query (by index). */
export interface RankSource {
  entry: Entry;
  delta: DeltaIndex;
  shards: ReadonlyMap<number, TermShard>;
}

/** A term's live postings: the base's (but a changed document's, which the delta holds) and the delta's. */
function livePostings(source: RankSource, term: string, backs: Map<number, number>): WeightedPosting[] {
  const shard = source.shards.get(termShardOf(term, source.entry.shards));
  const base =
    shard && Object.hasOwn(shard.t, term)
      ? decodePostings(shard.t[term]!, isInitialsTerm(term)).filter(([slot]) => !source.delta.docs.has(slot))
      : [];
  for (const [slot, , , back] of base) backs.set(slot, back);
  return [...base, ...(source.delta.postings.get(term) ?? [])];
}

/** The source as `rank`'s corpus. */
function corpusOf(source: RankSource, backs: Map<number, number>): Corpus {
  return {
    count: source.entry.docs,
    postings: (term) => {
      // A `*` prefix's body weight is its expansions' best combined weight (doc-terms.ts).
      const combined = term.startsWith('*');
      const postings = livePostings(source, term, backs)
        .map(([slot, title, body]): Posting => (combined ? [slot, 0, body] : [slot, title, body]))
        .filter(([, title, body]) => title > 0 || body > 0);
      return postings.length > 0 ? postings : undefined;
    },
    expand: (prefix: Prefix) => {
      const lookup = prefixLookup(prefix);
      if (lookup !== prefix.start) return [lookup];
      const shard = source.shards.get(termShardOf(prefix.start, source.entry.shards));
      const terms = new Set([...Object.keys(shard?.t ?? {}), ...source.delta.postings.keys()]);
      return [...terms].filter((term) => !/^[*^]/.test(term) && prefixMatches(prefix, term));
    },
  };
}

/**
 * A 초성 query over the titles' initials (`^` terms): every cover gram present; earlier in a
 * shorter title ranks higher (온보딩 가이드 before a title that mentions it late).
 */
function rankInitials(source: RankSource, initials: string, backs: Map<number, number>): Ranked[] {
  const terms = initialsQueryTerms(initials, source.entry.gram);
  if (terms.length === 0) return [];
  const lists = terms.map((term) => livePostings(source, term, backs));
  const scores = new Map(lists[0]!.map(([slot, at, length]) => [slot, 1 / (1 + at) + 1 / (1 + length)]));
  for (const list of lists.slice(1)) {
    const holding = new Set(list.map(([slot]) => slot));
    for (const slot of scores.keys()) if (!holding.has(slot)) scores.delete(slot);
  }
  return [...scores].map(([key, score]) => ({ key, score })).sort(byScore);
}

/**
 * What tells repeats apart: a base slot's repeat group (the postings' marks), a delta document's
 * (`g`: a base group it repeats, `k`: the first delta document with its text).
 */
function repeatKey(source: RankSource, slot: number, backs: ReadonlyMap<number, number>): string {
  const doc = source.delta.docs.get(slot);
  if (!doc) return String(slot - (backs.get(slot) ?? 0));
  return doc.g !== undefined ? String(doc.g) : `d${doc.k ?? slot}`;
}

/** The query ranked: 초성 over the titles' initials, words by BM25; repeats last. */
export function rankQuery(source: RankSource, analyzed: AnalyzedQuery): Ranked[] {
  const backs = new Map<number, number>();
  const ranked =
    analyzed.initials !== undefined
      ? rankInitials(source, analyzed.initials, backs)
      : rank(analyzed, corpusOf(source, backs));
  return repeatsLast(ranked, (key) => repeatKey(source, key, backs));
}
