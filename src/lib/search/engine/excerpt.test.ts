import { describe, expect, it } from 'vitest';
import { markRanges } from './excerpt.ts';

const marked = (text: string, needles: string[]) =>
  markRanges(text, needles).map(([a, b]) => text.slice(a, b));

describe('markRanges', () => {
  it('finds a needle across every kind of whitespace the text may hold', () => {
    for (const space of [' ', '\t', '\n', '\u00a0', '\u3000', '\u2009', '\ufeff'])
      expect(marked(`AI 구조화${space}면접 안내`, ['구조화면접']), JSON.stringify(space)).toEqual([
        `구조화${space}면접`,
      ]);
  });

  it('ignores case, and keeps offsets when lowercasing lengthens the text', () => {
    expect(marked('ISMS 인증과 isms-p', ['isms'])).toEqual(['ISMS', 'isms']);
    // İ lowercases to two code units: the offsets still point into the original text.
    expect(marked('İstanbul 지사 ISMS', ['isms'])).toEqual(['ISMS']);
  });
});
