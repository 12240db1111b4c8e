import { describe, expect, it } from 'vitest';
import { formatDate, interpolate, isoDay, splitAround, t } from './index.ts';

describe('t', () => {
  it('reads a namespaced key', () => {
    expect(t('list.empty.title')).toBe('현재 등록된 게시물이 없습니다.');
  });

  it('accepts only keys that ko.json has', () => {
    // @ts-expect-error: not a key of ko.json
    expect(t('list.empty.nothing')).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('fills each named placeholder and leaves unknown ones for whoever reads them next', () => {
    expect(interpolate('{{n}}단계: ', { n: 2 })).toBe('2단계: ');
    expect(interpolate('{{index}}번 / {{total}}', { index: 1 })).toBe('1번 / {{total}}');
  });
});

describe('splitAround', () => {
  it('cuts the template at the placeholder', () => {
    expect(splitAround('총 {{count}}개의 질문', 'count')).toEqual(['총 ', '개의 질문']);
    expect(splitAround('{{count}}', 'count')).toEqual(['', '']);
    expect(splitAround('자리 없음', 'count')).toEqual(['자리 없음', '']);
  });
});

describe('formatDate', () => {
  it("keeps the API's own calendar date", () => {
    expect(formatDate('2026-10-02T23:30:00-09:00')).toBe('2026.10.02');
    expect(isoDay('2026-10-02')).toBe('2026-10-02');
    expect(formatDate(null)).toBe('');
  });
});
