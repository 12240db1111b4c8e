/**
 * What a visitor's query asks for: its words, each with the spellings that count as a match
 * (the word as typed, and without the particles and endings Korean attaches to it), a prefix for
 * the word still being typed, and the grams that join the words (a phrase ranks higher).
 */
import { hasFinal, isConsonantJamo, isJamo, isSyllable, withoutFinal } from './hangul.ts';
import { coverGrams, coverStarts, normalize, runsOf } from './tokenize.ts';
import { termShardOf } from './shard-names.ts';

/** The longest gram of an index built with the defaults (`gram` in the entry says which). */
export const DEFAULT_GRAM = 4;

/** Terms starting with `start` (a Latin prefix, or Hangul syllables followed by one more). */
export interface Prefix {
  start: string;
  /** For a Hangul prefix: the next syllable's initial consonant, when the visitor typed it already. */
  initial?: string;
}

export interface Variant {
  /** Every one must be in the document. */
  terms: string[];
  /** And, when set, at least one term it expands to. */
  prefix?: Prefix;
  /** The text to highlight for this variant (no spaces). */
  text: string;
}

export interface QueryWord {
  text: string;
  kind: 'hangul' | 'latin';
  /** Alternatives: the word matches when any one matches. The first is the word as typed. */
  variants: Variant[];
}

export interface AnalyzedQuery {
  words: QueryWord[];
  /** Grams across the spaces between Hangul words: present in a document they mean a phrase. */
  joins: string[];
  /** Set for a query made only of initial consonants (ㅇㅂㄷ): matched against titles' initials. */
  initials?: string;
}

/**
 * Particles and endings, longest first so 에서는 goes before 는. Only stripped when at least two
 * syllables remain: a one-syllable remainder is too often a different word.
 */
const SUFFIXES = [
  '했습니다',
  '합니다',
  '됩니다',
  '입니다',
  '습니다',
  '으로는',
  '에서는',
  '에게서',
  '이라고',
  '이라는',
  '했는데',
  '하기',
  '하는',
  '하다',
  '했다',
  '해요',
  '하고',
  '하여',
  '해서',
  '되는',
  '되다',
  '된다',
  '에서',
  '에게',
  '으로',
  '로는',
  '에는',
  '까지',
  '부터',
  '처럼',
  '보다',
  '이나',
  '이랑',
  '라고',
  '라는',
  '에도',
  '만의',
  '적인',
  '적으로',
  '들은',
  '들이',
  '들을',
  '들의',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '께',
  '로',
  '와',
  '과',
  '도',
  '만',
  '나',
  '랑',
  '들',
  '된',
  '한',
  '할',
  '적',
].sort((a, b) => b.length - a.length);

/** The word without particles and endings, each step at least two syllables long (면접관에게는 → 면접관에게, 면접관). */
export function stripSuffixes(word: string): string[] {
  const out: string[] = [];
  let current = word;
  for (;;) {
    const syllables = [...current];
    const suffix = SUFFIXES.find((s) => current.endsWith(s) && syllables.length - [...s].length >= 2);
    if (!suffix) return out;
    current = current.slice(0, current.length - suffix.length);
    out.push(current);
  }
}

function hangulVariants(
  word: string,
  last: boolean,
  pendingInitial: string | undefined,
  gram: number,
): Variant[] {
  const variants: Variant[] = [];
  const syllables = [...word];
  // The typed word's starts serve its shorter spellings too: one set of shards for all of them.
  const starts = coverStarts(syllables.length, gram);
  const grams = (text: string) => coverGrams(text, starts, gram);
  const add = (v: Variant) => {
    if (!variants.some((o) => o.text === v.text && o.prefix?.start === v.prefix?.start)) variants.push(v);
  };
  if (last && pendingInitial) {
    // 트렌ㄷ: the visitor has typed the next syllable's consonant: a gram 트렌 + a syllable
    // starting with ㄷ, in the shard of the word's first syllable while the word is short.
    if (syllables.length < gram) {
      add({ terms: [], prefix: { start: word, initial: pendingInitial }, text: word });
    } else {
      add({
        terms: grams(word),
        prefix: { start: syllables.slice(1 - gram).join(''), initial: pendingInitial },
        text: word,
      });
    }
    return variants;
  }
  if (last && syllables.length === 1) add({ terms: [], prefix: { start: word }, text: word });
  else add({ terms: grams(word), text: word });
  for (const stripped of stripSuffixes(word)) add({ terms: grams(stripped), text: stripped });
  const lastSyllable = syllables[syllables.length - 1]!;
  if (last && hasFinal(lastSyllable)) {
    // 온볻: an IME still composing shows the next syllable's consonant as this one's final.
    const open = syllables.slice(0, -1).join('') + withoutFinal(lastSyllable);
    add(
      syllables.length === 1
        ? { terms: [], prefix: { start: open }, text: open }
        : { terms: grams(open), text: open },
    );
  }
  return variants;
}

/**
 * The gram that says two adjacent words stand as a phrase: from the first word's start when it
 * is shorter than a gram (its shard is fetched already), else the bigram across the space.
 */
function joinOf(a: string, b: string, gram: number): string {
  const first = [...a];
  if (first.length < gram) return [...first, ...b].slice(0, gram).join('');
  return first[first.length - 1]! + [...b][0]!;
}

export function analyzeQuery(input: string, gram: number = DEFAULT_GRAM): AnalyzedQuery {
  const query = normalize(input).trim();
  const compact = query.replace(/\s+/g, '');
  if (compact.length > 0 && [...compact].every(isConsonantJamo)) {
    return { words: [], joins: [], initials: compact };
  }
  // A jamo typed last is a syllable still being composed; anywhere else it is noise.
  let pendingInitial: string | undefined;
  let text = query;
  const chars = [...text];
  const lastChar = chars[chars.length - 1];
  if (lastChar && isJamo(lastChar) && chars.length > 1 && isSyllable(chars[chars.length - 2]!)) {
    if (isConsonantJamo(lastChar)) pendingInitial = lastChar;
    text = chars.slice(0, -1).join('');
  }
  text = [...text].map((c) => (isJamo(c) ? ' ' : c)).join('');
  const runs = runsOf(text);
  const words: QueryWord[] = runs.map((run, i) => {
    const last = i === runs.length - 1 && !/\s$/.test(query);
    if (run.kind === 'latin') {
      return {
        text: run.text,
        kind: 'latin',
        variants: [
          last
            ? { terms: [], prefix: { start: run.text }, text: run.text }
            : { terms: [run.text], text: run.text },
        ],
      };
    }
    return {
      text: run.text,
      kind: 'hangul',
      variants: hangulVariants(run.text, last, last ? pendingInitial : undefined, gram),
    };
  });
  const joins: string[] = [];
  for (let i = 0; i + 1 < runs.length; i++) {
    const a = runs[i]!;
    const b = runs[i + 1]!;
    if (
      a.kind === 'hangul' &&
      b.kind === 'hangul' &&
      /^\s+$/.test(text.slice(a.start + a.text.length, b.start))
    ) {
      joins.push(joinOf(a.text, b.text, gram));
    }
  }
  return { words, joins };
}

/**
 * The `^` terms a 초성 query looks up (`doc-terms.ts` posts a title's initials of 2 to `gram`):
 * the initials whole when they fit, else grams covering them; none for a lone initial (it would
 * match nearly every title).
 */
export function initialsQueryTerms(initials: string, gram: number): string[] {
  const length = [...initials].length;
  if (length < 2) return [];
  return coverGrams(initials, coverStarts(length, gram), gram).map((term) => `^${term}`);
}

/**
 * The term a prefix is looked up by: a one-character start by its `*` term (its best documents,
 * in one shard), a longer one by its start (every expansion has the start's key).
 */
export function prefixLookup(prefix: Prefix): string {
  return [...prefix.start].length === 1 ? `*${prefix.start}${prefix.initial ?? ''}` : prefix.start;
}

/** Every term a query may look up: its words' terms, their prefixes, the joins, its initials. */
export function lookedUp(query: AnalyzedQuery, gram: number): string[] {
  const terms: string[] = [...query.joins];
  for (const word of query.words) {
    for (const variant of word.variants) {
      terms.push(...variant.terms);
      if (variant.prefix) terms.push(prefixLookup(variant.prefix));
    }
  }
  if (query.initials !== undefined) terms.push(...initialsQueryTerms(query.initials, gram));
  return terms;
}

/** The term shards a query reads, by index, of `count`. */
export function queryShards(count: number, query: AnalyzedQuery, gram: number): number[] {
  return [...new Set(lookedUp(query, gram).map((term) => termShardOf(term, count)))];
}
