import { describe, expect, it } from 'vitest';
import { newReleaseName } from './release.ts';

describe('newReleaseName', () => {
  it('names releases by time, uniquely', () => {
    const now = new Date('2026-11-21T03:00:00.123Z');
    expect(newReleaseName(now, [])).toBe('2026-11-21T03-00-00-123Z');
    expect(newReleaseName(now, ['2026-11-21T03-00-00-123Z'])).toBe('2026-11-21T03-00-00-123Z-1');
  });
});
