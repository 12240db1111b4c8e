import * as zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex, type BuiltIndex, type PreviousIndex } from './build-index.ts';
import type { SearchDoc } from '../format/types.ts';

// Counts what is compressed: the entry's weight is taken by compressing it whole.
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, brotliCompressSync: vi.fn(actual.brotliCompressSync) };
});

const docs: SearchDoc[] = Array.from({ length: 40 }, (_, i) => ({
  id: `hrStory:hr-${i}`,
  type: 'hrStory',
  title: `구조화 면접 가이드 ${i}`,
  url: `/info/blog/hr-${i}`,
  date: '2026-11-01',
  text: `면접관 교육과 역량 평가 기준을 정리했습니다. 사례 ${i}번은 블라인드 채용의 공정성을 다룹니다.`,
}));

function previousOf(index: BuiltIndex): PreviousIndex {
  return {
    entry: JSON.parse(JSON.stringify(index.entry)),
    files: new Map(index.files.map((file) => [file.name, file.body])),
  };
}

/** Compressions of a buffer at least as large as the entry: the entry's own weighing. */
function entryPasses(entryBytes: number): number {
  return vi
    .mocked(zlib.brotliCompressSync)
    .mock.calls.filter(([input]) => (input as Buffer).length >= entryBytes).length;
}

describe('the entry’s own weight', () => {
  it('is not taken again when the entry is the previous one (a build for a code change)', () => {
    const first = buildSearchIndex(docs);
    vi.mocked(zlib.brotliCompressSync).mockClear();
    const again = buildSearchIndex(docs, { previous: previousOf(first) });
    expect(again.entry).toEqual(first.entry);
    expect(entryPasses(JSON.stringify(first.entry).length - 64)).toBe(0);
  });

  it('is taken again, once, when a document changed, and is a few bytes off at most', () => {
    const first = buildSearchIndex(docs);
    vi.mocked(zlib.brotliCompressSync).mockClear();
    const edited = docs.map((doc, i) => (i === 3 ? { ...doc, title: `${doc.title} 개정판` } : doc));
    const next = buildSearchIndex(edited, { previous: previousOf(first) });
    expect(next.entry.docs.find((row) => row?.[0] === 'hrStory:hr-3')?.[5]).toContain('개정판');
    expect(entryPasses(JSON.stringify(first.entry).length - 64)).toBe(1);
    const exact = zlib.brotliCompressSync(Buffer.from(JSON.stringify(next.entry)), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    expect(Math.abs(next.entry.sizes!.entry - exact)).toBeLessThanOrEqual(8);
  });
});
