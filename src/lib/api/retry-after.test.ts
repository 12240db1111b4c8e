import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.ts';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    const now = Date.parse('2026-11-24T00:00:00Z');
    expect(parseRetryAfter('Tue, 24 Nov 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('곧')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('reads the obsolete date forms a recipient must accept (RFC 9110 §5.6.7)', () => {
    const now = Date.parse('1994-11-06T08:49:30Z');
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).toBe(7000);
  });

  it('treats what is neither whole seconds nor an HTTP date as absent', () => {
    const now = Date.parse('2026-11-24T00:00:00Z');
    for (const junk of [
      '1.5',
      '-1',
      'abc 2',
      '+3',
      '1e3',
      '',
      '2026-11-24T00:00:03Z',
      '24 Nov 2026 00:00:03',
    ])
      expect(parseRetryAfter(junk, now), junk).toBeNull();
    expect(parseRetryAfter('Tue, 31 Feb 2026 00:00:03 GMT', now)).toBeNull();
  });
});
