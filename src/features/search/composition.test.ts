import { describe, expect, it } from 'vitest';
import { liveQuery } from './composition.ts';

describe('liveQuery', () => {
  it('searches the whole value once composition is over', () => {
    expect(liveQuery('온보딩 ', false)).toBe('온보딩');
  });

  it('leaves out a trailing half-built jamo while composing', () => {
    expect(liveQuery('온보ㄷ', true)).toBe('온보');
  });

  it('keeps a composing syllable: it is a prefix query', () => {
    expect(liveQuery('온보디', true)).toBe('온보디');
  });

  it('keeps a 초성 query whole', () => {
    expect(liveQuery('ㅇㅂㄷ', true)).toBe('ㅇㅂㄷ');
  });
});
