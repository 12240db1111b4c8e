import { describe, expect, it } from 'vitest';
import { describeView, probeScript, viewMatches, type ListView } from './tap-probe.ts';

const view = (over: Partial<ListView> = {}): ListView => ({
  status: 'ready',
  page: '1',
  pressed: ['전체'],
  heading: 'HR 이야기',
  first: '첫 글',
  items: 6,
  content: '첫 글 둘째 글',
  term: null,
  ...over,
});

describe('viewMatches', () => {
  it('wants a ready region and every expected field', () => {
    expect(viewMatches(view(), {})).toBe(true);
    expect(viewMatches(view({ status: 'loading' }), {})).toBe(false);
    expect(viewMatches(view({ page: '2' }), { page: '2' })).toBe(true);
    expect(viewMatches(view(), { page: '2' })).toBe(false);
    expect(viewMatches(view({ pressed: ['요금·도입'] }), { pressed: '요금·도입' })).toBe(true);
    expect(viewMatches(view(), { pressed: '요금·도입' })).toBe(false);
    expect(viewMatches(view({ heading: 'HR 이야기 #리더십' }), { headingIncludes: '#리더십' })).toBe(true);
    expect(viewMatches(view(), { headingIncludes: '#리더십' })).toBe(false);
    expect(viewMatches(view({ term: '채용' }), { term: '채용' })).toBe(true);
    expect(viewMatches(view(), { term: '채용' })).toBe(false);
    expect(viewMatches(view({ items: 0 }), { minItems: 1 })).toBe(false);
  });

  it('is not fooled by what was on screen before the tap (the pre-rendered first page)', () => {
    // A new document for ?page=2 first shows page 1 again, ready, with the address already changed.
    const before = view();
    const expectation = { term: '채용', contentNot: before.content, firstNot: before.first };
    expect(viewMatches(view({ term: '채용' }), expectation)).toBe(false);
    expect(viewMatches(view({ term: '채용', content: '다른 글', first: '다른 글' }), expectation)).toBe(true);
    expect(viewMatches(view({ term: '채용', content: '다른 글' }), expectation)).toBe(false);
  });
});

describe('describeView', () => {
  it('says what was on screen in Korean', () => {
    expect(describeView(view({ term: '투자' }))).toBe(
      '목록 ready, 항목 6개, 현재 페이지 1, 눌린 버튼 [전체], 제목 "HR 이야기", 검색어 "투자"',
    );
  });
});

describe('probeScript', () => {
  it('is self-contained JavaScript that defines the page globals', () => {
    const script = probeScript();
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('window.__tapBenchView =');
    expect(script).toContain('window.__tapBenchMatches =');
  });
});
