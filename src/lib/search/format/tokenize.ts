/**
 * Index terms of a text: Hangul syllable grams (also across the spaces between Hangul words, so
 * 구조화면접 and 구조화 면접 share every gram), a one-syllable word as itself, Latin words and
 * numbers lowercased whole. Korean has no reliable word boundaries for a search to rely on
 * (particles stick to nouns, compounds are spaced either way); grams need no dictionary.
 */
import { isSyllable } from './hangul.ts';

/** A run of one script: Hangul syllables, or Latin letters and digits. */
export interface Run {
  kind: 'hangul' | 'latin';
  text: string;
  /** Offset in the NFC-normalised input. */
  start: number;
}

const LATIN = /[\p{L}\p{N}]/u;

export function normalize(text: string): string {
  return text.normalize('NFC');
}

/** Splits normalised text into runs of Hangul syllables or of other letters and digits. */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let current: Run | null = null;
  let offset = 0;
  for (const char of text) {
    const kind = isSyllable(char) ? 'hangul' : LATIN.test(char) ? 'latin' : null;
    if (kind === null) current = null;
    else if (current && current.kind === kind) current.text += kind === 'latin' ? char.toLowerCase() : char;
    else {
      current = { kind, text: kind === 'latin' ? char.toLowerCase() : char, start: offset };
      runs.push(current);
    }
    offset += char.length;
  }
  return runs;
}

/** Whether only spaces separate the end of `a` from the start of `b` in `text`. */
function onlySpaceBetween(text: string, a: Run, b: Run): boolean {
  const between = text.slice(a.start + a.text.length, b.start);
  return between.length > 0 && /^[ \t\u00a0]+$/.test(between);
}

/**
 * The index terms of a text for a gram index: at every syllable of a Hangul run (runs joined
 * across spaces, as the bigrams are), the grams of 2 to `max` syllables starting there, so a
 * query word of up to `max` syllables is one term in one shard; a one-syllable word as itself;
 * Latin words and numbers lowercased whole. `length` is the text's length in bigrams (what BM25
 * normalises by), the same for any `max`.
 */
export function gramTerms(input: string, max: number): { terms: string[]; length: number } {
  const text = normalize(input);
  const runs = runsOf(text);
  const terms: string[] = [];
  let length = 0;
  let chain: string[] = [];
  const flush = () => {
    for (let i = 0; i < chain.length; i++) {
      for (let n = 2; n <= max && i + n <= chain.length; n++) terms.push(chain.slice(i, i + n).join(''));
    }
    length += Math.max(0, chain.length - 1);
    chain = [];
  };
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (run.kind === 'latin') {
      flush();
      terms.push(run.text);
      length++;
      continue;
    }
    const syllables = [...run.text];
    if (syllables.length === 1) {
      terms.push(syllables[0]!);
      length++;
    }
    chain.push(...syllables);
    const next = runs[i + 1];
    if (!(next && next.kind === 'hangul' && onlySpaceBetween(text, run, next))) flush();
  }
  flush();
  return { terms, length };
}

/**
 * `gramTerms(input, max).length` without the terms: the text's length in bigrams (Latin words and
 * one-syllable words one each), for a builder that needs every document's length before any
 * document's terms (BM25's averages), without holding them all.
 */
export function gramLength(input: string): number {
  const text = normalize(input);
  const runs = runsOf(text);
  let length = 0;
  let chain = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (run.kind === 'latin') {
      length += Math.max(0, chain - 1) + 1;
      chain = 0;
      continue;
    }
    const syllables = [...run.text].length;
    if (syllables === 1) length++;
    chain += syllables;
    const next = runs[i + 1];
    if (!(next && next.kind === 'hangul' && onlySpaceBetween(text, run, next))) {
      length += Math.max(0, chain - 1);
      chain = 0;
    }
  }
  return length + Math.max(0, chain - 1);
}

/**
 * Where the grams covering a word of `length` syllables start: 0, then steps of at most
 * `max - 1` with the last gram ending at the word's end. A step below `max` lets every shorter
 * spelling of the word (a particle stripped: 자기소개서를 → 자기소개서) use the same starts, so
 * its grams sit in the shards the word needs already.
 */
export function coverStarts(length: number, max: number): number[] {
  const starts: number[] = [];
  for (let s = 0; ; s = Math.min(s + max - 1, length - max)) {
    starts.push(s);
    if (s + max >= length) return starts;
  }
}

/** The grams of `word` (no spaces) from the given starts, each up to `max` long, none inside the one before. */
export function coverGrams(word: string, starts: readonly number[], max: number): string[] {
  const syllables = [...word];
  if (syllables.length === 1) return [word];
  const grams: string[] = [];
  let end = 0;
  for (const start of starts) {
    if (start >= syllables.length) break;
    const stop = Math.min(start + max, syllables.length);
    if (stop <= end || stop - start < 2) continue;
    grams.push(syllables.slice(start, stop).join(''));
    end = stop;
  }
  return grams;
}
