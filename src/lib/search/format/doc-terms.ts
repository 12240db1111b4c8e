/**
 * A document's terms with their BM25 weights, as the term shards post them: written by the builder
 * for the base, and derived the same way in the browser for the delta's documents. Besides the
 * grams and words of title and text (`gramTerms`): the title's initials (`^ㅇㅂㄷ`, for 초성
 * queries, titles being out of the entry) and the one-character prefixes' answers (`*온`, `*온ㅂ`,
 * `*i`: a prefix of one character would otherwise expand over every shard).
 */
import { initialOf, initialsOf, isSyllable } from './hangul.ts';
import { gramTerms } from './tokenize.ts';

/** BM25's length normalisation, and a title hit's weight against a body hit's (rank.ts). */
export const BM25_B = 0.75;
export const TITLE_WEIGHT = 3;

/** A document's term counts: term → [count in title, count in body], and its fields' lengths. */
export interface DocCounts {
  counts: Map<string, [number, number]>;
  titleLength: number;
  bodyLength: number;
  /** The title's initials (`initialsOf`). */
  initials: string;
}

export function countDocTerms(title: string, text: string, gram: number): DocCounts {
  const counts = new Map<string, [number, number]>();
  const add = (terms: readonly string[], field: 0 | 1) => {
    for (const term of terms) {
      let pair = counts.get(term);
      if (!pair) counts.set(term, (pair = [0, 0]));
      pair[field]++;
    }
  };
  const titleTerms = gramTerms(title, gram);
  const bodyTerms = gramTerms(text, gram);
  add(titleTerms.terms, 0);
  add(bodyTerms.terms, 1);
  return {
    counts,
    titleLength: titleTerms.length,
    bodyLength: bodyTerms.length,
    initials: initialsOf(title),
  };
}

/** The field averages BM25 normalises by. */
export interface Averages {
  averageTitle: number;
  averageBody: number;
}

const norm = (count: number, length: number, average: number) =>
  count / (1 - BM25_B + (BM25_B * length) / Math.max(1, average));

/** Whether a term is a word or gram of the text (not `^` initials, not a `*` prefix). */
const isTextTerm = (term: string) => !term.startsWith('^') && !term.startsWith('*');

/** The `*` prefix terms a text term answers, with its combined weight: `*온`, `*온ㅂ` for 온보; `*i` for isms. */
function prefixTermsOf(term: string): string[] {
  const chars = [...term];
  const first = chars[0]!;
  if (!isSyllable(first)) return [`*${first}`];
  if (chars.length !== 2) return [];
  return [`*${first}`, `*${first}${initialOf(chars[1]!)}`];
}

/** The title's initials as `^` terms of 2 to `gram` initials: each with its first place and the initials' length. */
function initialsTerms(initials: string, gram: number): Map<string, [number, number]> {
  const chars = [...initials];
  const terms = new Map<string, [number, number]>();
  for (let i = 0; i < chars.length; i++)
    for (let n = 2; n <= gram && i + n <= chars.length; n++) {
      const term = `^${chars.slice(i, i + n).join('')}`;
      if (!terms.has(term)) terms.set(term, [i, chars.length]);
    }
  return terms;
}

/**
 * Term → [title weight, body weight] of one document: BM25's normalised frequencies for its
 * words and grams; for a `*` prefix, its expansions' best title weight and best combined weight
 * (title weighed as `rank` weighs it, with the body: the ranking reads it whole); and
 * [place, length] for its title's initials.
 */
export function docWeights(doc: DocCounts, averages: Averages, gram: number): Map<string, [number, number]> {
  const weights = new Map<string, [number, number]>();
  for (const [term, [inTitle, inBody]] of doc.counts) {
    if (!isTextTerm(term)) continue;
    const title = norm(inTitle, doc.titleLength, averages.averageTitle);
    const body = norm(inBody, doc.bodyLength, averages.averageBody);
    weights.set(term, [title, body]);
    const combined = TITLE_WEIGHT * title + body;
    for (const prefix of prefixTermsOf(term)) {
      const best = weights.get(prefix);
      if (!best) weights.set(prefix, [title, combined]);
      else weights.set(prefix, [Math.max(best[0], title), Math.max(best[1], combined)]);
    }
  }
  for (const [term, value] of initialsTerms(doc.initials, gram)) weights.set(term, value);
  return weights;
}
