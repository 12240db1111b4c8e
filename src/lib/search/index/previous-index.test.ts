import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSearchIndex } from './build-index.ts';
import { previousIndexOptions, readPreviousIndex } from './previous-index.ts';
import type { SearchDoc } from '../format/types.ts';

const docs: SearchDoc[] = [
  { id: 'a', type: 'faq', title: '온보딩 안내', url: '/faq#a', text: '첫 90일이 중요합니다.' },
  {
    id: 'b',
    type: 'news',
    title: '구조화 면접',
    url: '/news#b',
    date: '2025-01-02',
    text: '같은 질문을 묻습니다.',
  },
];

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** A release root holding an index as the site build writes it. */
function release(index = buildSearchIndex(docs)): string {
  const root = mkdtempSync(join(tmpdir(), 'search-previous-'));
  roots.push(root);
  mkdirSync(join(root, 'search'));
  mkdirSync(join(root, 'search-index'));
  writeFileSync(join(root, 'search', 'index.json'), JSON.stringify(index.entry));
  for (const file of index.files) writeFileSync(join(root, 'search-index', file.name), file.body);
  return root;
}

describe('the previous release index', () => {
  it('is read from a release root and keeps every base file of the next build', () => {
    const first = buildSearchIndex(docs);
    const read = readPreviousIndex(release(first));
    if (typeof read === 'string') throw new Error(read);
    const next = buildSearchIndex(
      docs.map((d) => (d.id === 'a' ? { ...d, text: `${d.text} 추가.` } : d)),
      { previous: read },
    );
    expect(next.fresh).toBe(false);
    // Every term shard by name; the edited text's old file may give way to one without it.
    const terms = (files: { name: string }[]) =>
      files.map((f) => f.name).filter((n) => n.startsWith('terms-'));
    expect(terms(next.files)).toEqual(terms(first.files));
  });
  it('gives no previous index, with one log line, for a root without an index', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const root = mkdtempSync(join(tmpdir(), 'search-previous-'));
    roots.push(root);
    expect(previousIndexOptions(root)).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('검색 색인');
    expect(previousIndexOptions(undefined)).toEqual({});
  });
  it('logs one line when the index read cannot be used, and the build makes a fresh base', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const root = release();
    writeFileSync(join(root, 'search', 'index.json'), JSON.stringify({ v: 1 }));
    const built = buildSearchIndex(docs, previousIndexOptions(root));
    expect(built.fresh).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(built.files).toEqual(buildSearchIndex(docs).files);
  });
});
