import { describe, expect, it } from 'vitest';
import { repeatsLast, type Ranked } from './rank.ts';

const ranked = (...keys: number[]): Ranked[] => keys.map((key, i) => ({ key, score: 10 - i }));

describe('repeatsLast', () => {
  it('moves each result repeating a better-ranked text after the others, keeping their order', () => {
    const texts: Record<number, string> = { 1: 'a', 2: 'a', 3: 'b', 4: 'a', 5: 'c', 6: 'b' };
    expect(repeatsLast(ranked(1, 2, 3, 4, 5, 6), (key) => texts[key]!).map((r) => r.key)).toEqual([
      1, 3, 5, 2, 4, 6,
    ]);
  });

  it('leaves a ranking without repeats as it is', () => {
    expect(repeatsLast(ranked(3, 1, 2), String).map((r) => r.key)).toEqual([3, 1, 2]);
  });
});
