import { describe, expect, it } from 'vitest';
import { clearRecent, MAX_RECENT, readRecent, RECENT_KEY, rememberSearch } from './recent-searches.ts';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('recent searches', () => {
  it('keeps the newest first, once each, at most five', () => {
    const store = memoryStore();
    for (const query of ['a', 'b', 'c', 'd', 'e', 'f', 'c']) rememberSearch(query, store);
    expect(readRecent(store)).toEqual(['c', 'f', 'e', 'd', 'b']);
    expect(readRecent(store)).toHaveLength(MAX_RECENT);
  });

  it('ignores blank queries and trims the rest', () => {
    const store = memoryStore();
    rememberSearch('  ', store);
    rememberSearch(' 온보딩 ', store);
    expect(readRecent(store)).toEqual(['온보딩']);
  });

  it('reads nothing from malformed storage, and survives a storage that throws', () => {
    expect(readRecent(memoryStore({ [RECENT_KEY]: '{"x":1}' }))).toEqual([]);
    expect(readRecent(memoryStore({ [RECENT_KEY]: 'not json' }))).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    // The search is still listed for this visit.
    expect(rememberSearch('면접', refusing)).toEqual(['면접']);
    expect(() => clearRecent(refusing)).not.toThrow();
  });

  it('clears', () => {
    const store = memoryStore();
    rememberSearch('면접', store);
    clearRecent(store);
    expect(readRecent(store)).toEqual([]);
  });
});
