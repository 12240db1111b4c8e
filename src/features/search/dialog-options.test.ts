import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../lib/search/format/types.ts';
import { dialogOptions, moveActive, sameHitText } from './dialog-options.ts';

const hit = (id: string): SearchHit => ({
  id,
  type: 'faq',
  title: id,
  url: '/faq',
  excerpt: '',
  titleMarks: [],
  excerptMarks: [],
  score: 1,
});

describe('dialog options', () => {
  it('lists recent searches for an empty box and results otherwise', () => {
    expect(dialogOptions(' ', ['면접'], [hit('a')])).toEqual([{ kind: 'recent', query: '면접' }]);
    expect(dialogOptions('면', ['면접'], [hit('a')])).toEqual([{ kind: 'hit', hit: hit('a') }]);
  });

  it('moves the active option with wrap-around, starting from none', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});

describe('sameHitText', () => {
  const base = { ...hit('a'), titleMarks: [[0, 1]] as [number, number][], excerpt: '면접 안내' };
  it('is true for a new object that shows the same', () => {
    expect(sameHitText(base, { ...base, titleMarks: [[0, 1]], score: 2 })).toBe(true);
  });
  it('is false when a mark, the excerpt or the date differs', () => {
    expect(sameHitText(base, { ...base, titleMarks: [[0, 2]] })).toBe(false);
    expect(sameHitText(base, { ...base, titleMarks: [] })).toBe(false);
    expect(sameHitText(base, { ...base, excerpt: '면접' })).toBe(false);
    expect(sameHitText(base, { ...base, date: '2026-01-01' })).toBe(false);
  });
});
