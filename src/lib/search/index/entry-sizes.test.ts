import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type BuiltIndex, type PreviousIndex } from './build-index.ts';
import type { SearchDoc } from '../format/types.ts';

const docsOf = (count: number): SearchDoc[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `hrStory:hr-${i}`,
    type: 'hrStory',
    title: `구조화 면접 가이드 ${i}`,
    url: `/info/blog/hr-${i}`,
    date: '2026-11-01',
    text: `면접관 교육과 역량 평가 기준을 정리했습니다. 사례 ${i}번은 블라인드 채용의 공정성을 다룹니다.`,
  }));
const docs = docsOf(40);

function previousOf(index: BuiltIndex): PreviousIndex {
  return {
    entry: JSON.parse(JSON.stringify(index.entry)),
    files: new Map(index.files.map((file) => [file.name, file.body])),
  };
}

const brotli = (value: unknown) =>
  brotliCompressSync(Buffer.from(JSON.stringify(value)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

describe('the entry’s own weight', () => {
  it('is the same entry when the content is (a build for a code change)', () => {
    const first = buildSearchIndex(docs);
    const again = buildSearchIndex(docs, { previous: previousOf(first) });
    expect(again.fresh).toBe(false);
    expect(again.entry).toEqual(first.entry);
    expect(again.files).toEqual(first.files);
  });

  it('is taken again when a document changed, a few bytes off at most', () => {
    const first = buildSearchIndex(docs);
    const edited = docs.map((doc, i) => (i === 3 ? { ...doc, title: `${doc.title} 개정판` } : doc));
    const next = buildSearchIndex(edited, { previous: previousOf(first) });
    expect(next.entry.delta).toBeDefined();
    expect(Math.abs(next.entry.sizes.entry - brotli(next.entry))).toBeLessThanOrEqual(4);
  });

  it('does not grow with the documents: a few hundred bytes for 40 or 2,000', () => {
    const small = buildSearchIndex(docs).entry;
    const large = buildSearchIndex(docsOf(2_000)).entry;
    expect(large.sizes.entry).toBeLessThan(600);
    expect(Math.abs(large.sizes.entry - small.sizes.entry)).toBeLessThan(40);
  });
});
