/**
 * The few lines of Hangul syllable arithmetic the search needs (Unicode's composition formula:
 * syllable = 0xAC00 + (initial × 21 + medial) × 28 + final).
 */
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;

/** Compatibility jamo of the 19 initial consonants, in Unicode's order. */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

export function isSyllable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
}

/** A compatibility consonant (ㄱ–ㅎ), what an IME shows for a consonant typed on its own. */
export function isConsonantJamo(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x3131 && code <= 0x314e;
}

/** Any compatibility jamo, consonant or vowel (ㄱ–ㅣ). */
export function isJamo(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x3131 && code <= 0x318e;
}

/** The initial consonant of a syllable as a compatibility jamo; other characters unchanged. */
export function initialOf(char: string): string {
  if (!isSyllable(char)) return char;
  return INITIALS[Math.floor(((char.codePointAt(0) ?? 0) - SYLLABLE_FIRST) / 588)] ?? char;
}

/** Whether a syllable has a final consonant. */
export function hasFinal(char: string): boolean {
  return isSyllable(char) && ((char.codePointAt(0) ?? 0) - SYLLABLE_FIRST) % 28 !== 0;
}

/** The syllable without its final consonant (볻 → 보). */
export function withoutFinal(char: string): string {
  if (!isSyllable(char)) return char;
  const code = char.codePointAt(0) ?? 0;
  return String.fromCodePoint(code - ((code - SYLLABLE_FIRST) % 28));
}

/** The initials of every syllable of `text`, other characters dropped (온보딩 가이드 → ㅇㅂㄷㄱㅇㄷ). */
export function initialsOf(text: string): string {
  let out = '';
  for (const char of text) if (isSyllable(char)) out += initialOf(char);
  return out;
}
