import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from './build-index.ts';
import { indexInputDigest, readPrebuiltIndex, writePrebuiltIndex } from './prebuilt-index.ts';
import type { SearchDoc } from '../format/types.ts';

const work = mkdtempSync(join(tmpdir(), 'prebuilt-index-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const docs: SearchDoc[] = [
  {
    id: 'faq:1',
    type: 'faq',
    title: '면접 일정은 어떻게 정하나요?',
    url: '/faq#1',
    text: '채용 담당자가 정합니다.',
  },
  {
    id: 'news:2',
    type: 'news',
    title: 'AI 역량검사 공정성 백서',
    url: '/newsRoom',
    text: '공정성 검증 결과를 공개했습니다.',
  },
];

describe('the index the rebuild hands to the build', () => {
  const file = join(work, 'index.json');
  const index = buildSearchIndex(docs);
  const input = indexInputDigest(docs, '/out/current');
  writePrebuiltIndex(file, input, index);

  it('is taken for the same documents over the same previous index', () => {
    expect(readPrebuiltIndex(file, indexInputDigest(docs, '/out/current'))).toEqual(index);
  });

  it('is not taken when a document or the previous index differs, or without a file', () => {
    const edited = [{ ...docs[0]!, text: '담당 컨설턴트가 함께 정합니다.' }, docs[1]!];
    expect(readPrebuiltIndex(file, indexInputDigest(edited, '/out/current'))).toBeNull();
    expect(readPrebuiltIndex(file, indexInputDigest(docs, undefined))).toBeNull();
    expect(readPrebuiltIndex(undefined, input)).toBeNull();
    expect(readPrebuiltIndex(join(work, 'missing.json'), input)).toBeNull();
  });

  it('is not taken from a file cut short', () => {
    const cut = join(work, 'cut.json');
    writeFileSync(cut, '{"version":1,"input":"');
    expect(readPrebuiltIndex(cut, input)).toBeNull();
  });
});
