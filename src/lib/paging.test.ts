import { describe, expect, it } from 'vitest';
import { pageBlock, serverBlock, totalPages, totalPosts } from './paging.ts';

describe('paging: blocks, arrows and the total fallbacks', () => {
  it('treats a total under 1 as 1 post, so there is always one page', () => {
    expect(totalPosts(0)).toBe(1);
    expect(totalPosts(-3)).toBe(1);
    expect(totalPosts(undefined)).toBe(1);
    expect(totalPosts(Number.NaN)).toBe(1);
    expect(totalPages(0, 9)).toBe(1);
  });

  it('rounds total pages up', () => {
    expect(totalPages(9, 9)).toBe(1);
    expect(totalPages(10, 9)).toBe(2);
    expect(totalPages(61, 6)).toBe(11);
  });

  it('shows blocks of five page numbers around the current page', () => {
    expect(pageBlock(1, 100, 9)).toMatchObject({ startPage: 1, endPage: 5, now: 1 });
    expect(pageBlock(5, 100, 9)).toMatchObject({ startPage: 1, endPage: 5 });
    expect(pageBlock(6, 100, 9)).toMatchObject({ startPage: 6, endPage: 10 });
    expect(pageBlock(12, 100, 9)).toMatchObject({ startPage: 11, endPage: 12, totalPages: 12 });
  });

  it('sends the previous arrow to the page before the block start, at least 1', () => {
    expect(pageBlock(3, 100, 9)).toMatchObject({ prevPage: 1, hasPrev: false });
    expect(pageBlock(7, 100, 9)).toMatchObject({ prevPage: 5, hasPrev: true });
  });

  it('sends the next arrow to the page after the block end, at most the last page', () => {
    expect(pageBlock(2, 100, 9)).toMatchObject({ nextPage: 6, hasNext: true });
    expect(pageBlock(11, 100, 9)).toMatchObject({ nextPage: 12, hasNext: false });
    expect(pageBlock(1, 20, 9)).toMatchObject({ endPage: 3, nextPage: 3, hasNext: false });
  });

  it('clamps a page past the end to the last page', () => {
    expect(pageBlock(99999, 20, 9)).toMatchObject({ now: 3, startPage: 1, endPage: 3 });
    expect(pageBlock(-4, 20, 9)).toMatchObject({ now: 1 });
  });

  it('gives the server the block of the requested page, clamped to the last page', () => {
    expect(serverBlock(1, 23, 9)).toEqual({ start_page: 1, end_page: 3 });
    expect(serverBlock(7, 61, 9)).toEqual({ start_page: 6, end_page: 7 });
    expect(serverBlock(50, 23, 9)).toEqual({ start_page: 1, end_page: 3 });
    expect(serverBlock(1, 0, 9)).toEqual({ start_page: 1, end_page: 1 });
  });
});
