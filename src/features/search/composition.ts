/**
 * What to search for while the visitor types through an IME. A Korean syllable is built in
 * steps (ㅇ → 오 → 온); while it is half-built (`isComposing`), the text so far is a prefix
 * query for the engine (its last word is matched as a prefix), except a trailing lone jamo: it
 * matches nothing a syllable would not, so it is left out until the syllable forms. A query of
 * jamo only is kept whole: it is a 초성 query (ㅇㅂㄷ).
 */
const TRAILING_JAMO = /[\u3131-\u318E]$/u;
const ONLY_JAMO = /^[\u3131-\u318E\s]+$/u;

/** The query to run for the input's `value`; `composing` is the input event's `isComposing`. */
export function liveQuery(value: string, composing: boolean): string {
  if (!composing || ONLY_JAMO.test(value)) return value.trim();
  return value.replace(TRAILING_JAMO, '').trim();
}
