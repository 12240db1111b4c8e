/**
 * Ranking: BM25 over two fields (a title hit weighs more than a body hit), every query word
 * required; the bigrams joining the words add to the score when present (the words stand as a
 * phrase); equal scores in slot order (newest first within a type). A query with no document holding every word falls back
 * to documents holding most of each long word (a typo, a longer spelling), never to documents
 * missing a word entirely. A result repeating the text of one ranked above it goes after every
 * result that says something new (`repeatsLast`).
 */
import type { AnalyzedQuery, Prefix, QueryWord, Variant } from '../format/query.ts';
import { initialOf, isSyllable } from '../format/hangul.ts';
import { TITLE_WEIGHT } from '../format/doc-terms.ts';

/**
 * One document's weights for one term: [doc key, title weight, body weight], BM25's normalised
 * term frequencies (`tf / (1 - b + b·len/avg)`), as the index's postings carry them.
 */
export type Posting = [number, number, number];

export interface Corpus {
  count: number;
  /** Postings of a term, or undefined when no document has it. */
  postings(term: string): Posting[] | undefined;
  /** Every indexed term a prefix expands to. */
  expand(prefix: Prefix): string[];
}

export interface Ranked {
  key: number;
  score: number;
}

const K1 = 1.2;
const PARTIAL_SHARE = 0.6;
const PARTIAL_MIN_TERMS = 3;

/**
 * Whether a term is in a prefix's expansion: for Hangul, the grams one syllable longer than the
 * prefix (longer ones add nothing a shorter one did not find) whose next syllable has the typed
 * initial, if any; for Latin, every word starting with it.
 */
export function prefixMatches(prefix: Prefix, term: string): boolean {
  if (!term.startsWith(prefix.start)) return false;
  const start = [...prefix.start];
  if (!isSyllable(start[0] ?? '')) return true;
  const syllables = [...term];
  if (syllables.length !== start.length + 1) return false;
  return prefix.initial === undefined || initialOf(syllables[start.length]!) === prefix.initial;
}

function termScores(corpus: Corpus, term: string): Map<number, number> {
  const scores = new Map<number, number>();
  const postings = corpus.postings(term);
  if (!postings) return scores;
  const df = postings.length;
  const idf = Math.log(1 + (corpus.count - df + 0.5) / (df + 0.5));
  for (const [key, title, body] of postings) {
    const tf = TITLE_WEIGHT * title + body;
    scores.set(key, (idf * tf * (K1 + 1)) / (tf + K1));
  }
  return scores;
}

class ScoreCache {
  private readonly cache = new Map<string, Map<number, number>>();
  private readonly corpus: Corpus;
  constructor(corpus: Corpus) {
    this.corpus = corpus;
  }
  of(term: string): Map<number, number> {
    let scores = this.cache.get(term);
    if (!scores) {
      scores = termScores(this.corpus, term);
      this.cache.set(term, scores);
    }
    return scores;
  }
}

/** Document → score for a variant: every term present, and one of the prefix's terms when it has one. */
function variantScores(variant: Variant, corpus: Corpus, cache: ScoreCache): Map<number, number> {
  let result: Map<number, number> | null = null;
  for (const term of variant.terms) {
    const scores = cache.of(term);
    const next = new Map<number, number>();
    if (result === null) for (const [key, s] of scores) next.set(key, s);
    else for (const [key, s] of result) if (scores.has(key)) next.set(key, s + scores.get(key)!);
    result = next;
    if (result.size === 0) return result;
  }
  if (variant.prefix) {
    const best = new Map<number, number>();
    const expansion = corpus.expand(variant.prefix);
    for (const term of expansion) {
      for (const [key, s] of cache.of(term)) {
        if (result !== null && !result.has(key)) continue;
        if (s > (best.get(key) ?? 0)) best.set(key, s);
      }
    }
    const next = new Map<number, number>();
    for (const [key, s] of best) next.set(key, s + (result?.get(key) ?? 0));
    result = next;
  }
  return result ?? new Map();
}

function wordScores(word: QueryWord, corpus: Corpus, cache: ScoreCache): Map<number, number> {
  const best = new Map<number, number>();
  for (const variant of word.variants) {
    for (const [key, s] of variantScores(variant, corpus, cache)) {
      if (s > (best.get(key) ?? 0)) best.set(key, s);
    }
  }
  return best;
}

/** Documents holding most of a long word's bigrams, scored by what they hold, halved. */
function partialScores(word: QueryWord, cache: ScoreCache): Map<number, number> {
  const terms = word.variants[0]?.terms ?? [];
  const result = new Map<number, number>();
  if (terms.length < PARTIAL_MIN_TERMS) return result;
  const need = Math.ceil(terms.length * PARTIAL_SHARE);
  const hits = new Map<number, { count: number; score: number }>();
  for (const term of new Set(terms)) {
    for (const [key, s] of cache.of(term)) {
      const h = hits.get(key) ?? { count: 0, score: 0 };
      h.count++;
      h.score += s;
      hits.set(key, h);
    }
  }
  for (const [key, h] of hits) if (h.count >= need) result.set(key, h.score / 2);
  return result;
}

/**
 * Best first; equal scores in slot order: a type's base slots run newest first (the index has no
 * dates before the fragments), and the delta's after the base's.
 */
export function byScore(a: Ranked, b: Ranked): number {
  const diff = b.score - a.score;
  if (Math.abs(diff) > 1e-9) return diff;
  return a.key - b.key;
}

/** Every matching document, best first. */
export function rank(query: AnalyzedQuery, corpus: Corpus): Ranked[] {
  if (query.words.length === 0) return [];
  const cache = new ScoreCache(corpus);
  const perWord = query.words.map((word) => wordScores(word, corpus, cache));
  let combined = intersect(perWord);
  if (combined.size === 0) {
    const loose = query.words.map((word, i) => {
      const merged = new Map(partialScores(word, cache));
      for (const [key, s] of perWord[i]!) merged.set(key, Math.max(s, merged.get(key) ?? 0));
      return merged;
    });
    combined = intersect(loose);
  }
  for (const join of query.joins) {
    for (const [key, s] of cache.of(join)) if (combined.has(key)) combined.set(key, combined.get(key)! + s);
  }
  return [...combined].map(([key, score]) => ({ key, score })).sort(byScore);
}

function intersect(maps: Map<number, number>[]): Map<number, number> {
  const [first, ...rest] = [...maps].sort((a, b) => a.size - b.size);
  const result = new Map<number, number>();
  if (!first) return result;
  outer: for (const [key, s] of first) {
    let total = s;
    for (const other of rest) {
      const o = other.get(key);
      if (o === undefined) continue outer;
      total += o;
    }
    result.set(key, total);
  }
  return result;
}

/**
 * The ranking with each result whose text repeats one ranked above it (`textOf` gives equal keys)
 * moved after all the others, in their order: a content team reposts a news item or reruns a
 * seminar under a new title with the same description, and ten places that say the same thing
 * would push every other answer off the first page. The repeats stay found and counted.
 */
export function repeatsLast(ranked: readonly Ranked[], textOf: (key: number) => string): Ranked[] {
  const seen = new Set<string>();
  const first: Ranked[] = [];
  const repeats: Ranked[] = [];
  for (const item of ranked) {
    const text = textOf(item.key);
    if (seen.has(text)) repeats.push(item);
    else {
      seen.add(text);
      first.push(item);
    }
  }
  return repeats.length === 0 ? [...ranked] : [...first, ...repeats];
}
