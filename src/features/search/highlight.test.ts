import { describe, expect, it } from 'vitest';
import { markPieces } from './highlight.ts';

describe('markPieces', () => {
  it('cuts the text at the matched ranges', () => {
    expect(markPieces('구조화 면접 가이드', [[0, 3]])).toEqual([
      { text: '구조화', mark: true },
      { text: ' 면접 가이드', mark: false },
    ]);
  });

  it('sorts, merges and clips ranges instead of throwing on them', () => {
    expect(
      markPieces('abcdef', [
        [4, 9],
        [1, 3],
        [2, 4],
        [-2, 0],
      ]),
    ).toEqual([
      { text: 'a', mark: false },
      { text: 'bcdef', mark: true },
    ]);
  });

  it('keeps a hostile title as text', () => {
    const title = '<img src=x onerror=alert(1)>';
    expect(
      markPieces(title, [[1, 4]])
        .map((piece) => piece.text)
        .join(''),
    ).toBe(title);
  });

  it('returns the whole text unmarked without ranges', () => {
    expect(markPieces('온보딩', [])).toEqual([{ text: '온보딩', mark: false }]);
  });
});
