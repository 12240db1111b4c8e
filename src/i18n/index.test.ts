import { describe, expect, it } from 'vitest';
import { formatDate, interpolate, isoDay, t } from './index.ts';

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

describe('formatDate', () => {
  it("keeps the API's own calendar date", () => {
    expect(formatDate('2026-10-02T23:30:00-09:00')).toBe('2026.10.02');
    expect(isoDay('2026-10-02')).toBe('2026-10-02');
    expect(formatDate(null)).toBe('');
  });
});
