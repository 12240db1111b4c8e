import { describe, expect, it } from 'vitest';
import { encodePostings, ROW_TOP, type Row, type WeightedPosting } from '../format/format.ts';
import { bestSlots, shardRows } from './shard-rows.ts';

const row = (slot: number): Row => ({ i: `doc-${slot}`, t: 0, d: '', ti: `제목 ${slot}`, u: `/a/${slot}` });

describe('the rows a term shard carries', () => {
  it("takes a word's best documents by the ranking's weights, a title hit over body hits, ties newest (lowest slot) first", () => {
    const postings: WeightedPosting[] = [
      [0, 0, 1, 0],
      [1, 0, 4, 0],
      [2, 2, 0, 0],
      [3, 0, 1, 0],
      [4, 0, 4, 0],
    ];
    expect(bestSlots('면접', encodePostings(postings))).toEqual([2, 1, 4].slice(0, ROW_TOP));
  });
  it("leaves out a repeat of another document's text: the ranking puts it after that one", () => {
    const postings: WeightedPosting[] = [
      [0, 0, 1, 0],
      [1, 0, 8, 1],
      [2, 0, 8, 2],
    ];
    expect(bestSlots('면접', encodePostings(postings))).toEqual([0]);
  });
  it('takes for initials the titles where they come earliest, then the shortest', () => {
    const postings: WeightedPosting[] = [
      [0, 3, 10, 0],
      [1, 0, 20, 0],
      [2, 0, 12, 0],
      [3, 1, 5, 0],
    ];
    expect(bestSlots('^ㅇㅂㄷ', encodePostings(postings, true))).toEqual([2, 1, 3]);
  });
  it('writes each row once, in slot order, for the best documents of every term in the shard', () => {
    const terms: [string, string][] = [
      ['면접', encodePostings([[5, 1, 1, 0]])],
      [
        '온보딩',
        encodePostings([
          [5, 0, 1, 0],
          [40, 0, 2, 0],
        ]),
      ],
    ];
    expect(shardRows(terms, row)).toEqual({ '5': row(5), '14': row(40) });
  });
});
