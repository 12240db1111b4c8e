/**
 * Lenient reading of query parameters (contract, "Bad input"): anything the client sends
 * either selects something sensible or is answered with a clear 4xx, never a crash.
 */
import { MAX_TERM_LENGTH } from '../../src/lib/api/endpoints.ts';

/**
 * The requested page: a positive integer, else 1. Huge values (`99999`, `1e30`, 400 nines)
 * stay past the end, so the answer is an empty page with correct paging rather than a silent
 * jump to page 1; they are capped at the largest safe integer to keep page arithmetic exact.
 */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const page = Number(raw);
  // A numeral too long for a double parses as Infinity; the word `Infinity` is not a page.
  if (page === Number.POSITIVE_INFINITY && /\d/.test(raw)) return Number.MAX_SAFE_INTEGER;
  return Number.isInteger(page) && page >= 1 ? Math.min(page, Number.MAX_SAFE_INTEGER) : 1;
}

/** A topic id to filter by, or `undefined` (= all topics) when empty or not an integer. */
export function parseTopicId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\s*-?\d+\s*$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

export type TermResult = { ok: true; term: string } | { ok: false; error: string };

/** Korean message of the 400 answer to an over-long term. */
export const TERM_TOO_LONG = `검색어는 ${MAX_TERM_LENGTH}자 이하로 입력해 주세요.`;

/**
 * The search term, NFC-normalised; missing means empty (= everything). Its length is counted
 * in characters after NFC, so decomposed Hangul (three code points per syllable in NFD) is
 * held to the same limit as precomposed text.
 */
export function parseTerm(raw: string | undefined): TermResult {
  const term = (raw ?? '').normalize('NFC');
  if ([...term].length > MAX_TERM_LENGTH) return { ok: false, error: TERM_TOO_LONG };
  return { ok: true, term };
}
