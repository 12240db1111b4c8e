/**
 * Index terms of a text: Hangul syllable bigrams (also across the spaces between Hangul words, so
 * 구조화면접 and 구조화 면접 share every bigram), a one-syllable word as itself, Latin words and
 * numbers lowercased whole. Korean has no reliable word boundaries for a search to rely on
 * (particles stick to nouns, compounds are spaced either way), bigrams need no dictionary.
 */
import { isSyllable } from './hangul.ts';

export interface Token {
  term: string;
  /** Whether the bigram spans a space: a weaker hint than one inside a word. */
  cross?: boolean;
}

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

/** The terms of a text, with repetitions (their count is the term frequency). */
export function tokenize(input: string): Token[] {
  const text = normalize(input);
  const runs = runsOf(text);
  const tokens: Token[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (run.kind === 'latin') {
      tokens.push({ term: run.text });
      continue;
    }
    const syllables = [...run.text];
    if (syllables.length === 1) tokens.push({ term: syllables[0]! });
    for (let j = 0; j + 1 < syllables.length; j++) tokens.push({ term: syllables[j]! + syllables[j + 1]! });
    const next = runs[i + 1];
    if (next && next.kind === 'hangul' && onlySpaceBetween(text, run, next)) {
      tokens.push({ term: syllables[syllables.length - 1]! + [...next.text][0]!, cross: true });
    }
  }
  return tokens;
}

/** The bigrams (or the one unigram) of a single Hangul word, no spaces inside. */
export function hangulTerms(word: string): string[] {
  const syllables = [...word];
  if (syllables.length === 1) return [word];
  const terms: string[] = [];
  for (let j = 0; j + 1 < syllables.length; j++) terms.push(syllables[j]! + syllables[j + 1]!);
  return terms;
}
