import { describe, expect, it } from 'vitest';
import { parseTakedownArgs } from './args.ts';

describe('parseTakedownArgs', () => {
  it('takes one item id, the output folder (relative to where npm ran) and the optional deploy and purge', () => {
    expect(
      parseTakedownArgs(['faq-0012', '--out', 'out', '--to', 'deploy@web1:/srv/site', '--purge'], '/work'),
    ).toEqual({
      item: 'faq-0012',
      out: '/work/out',
      to: 'deploy@web1:/srv/site',
      purge: true,
    });
    expect(parseTakedownArgs(['hr-1', '--out', '/srv/out'], '/work')).toEqual({
      item: 'hr-1',
      out: '/srv/out',
      to: null,
      purge: false,
    });
  });

  it('refuses an id that is not one the site could publish, a missing id or output folder', () => {
    expect(() => parseTakedownArgs(['../etc', '--out', 'out'], '/w')).toThrow('항목 ID로 쓸 수 없는 값');
    expect(() => parseTakedownArgs(['.hidden', '--out', 'out'], '/w')).toThrow('항목 ID로 쓸 수 없는 값');
    expect(() => parseTakedownArgs(['--out', 'out'], '/w')).toThrow('ID를 하나');
    expect(() => parseTakedownArgs(['a', 'b', '--out', 'out'], '/w')).toThrow('ID를 하나');
    expect(() => parseTakedownArgs(['faq-1'], '/w')).toThrow('--out');
    expect(parseTakedownArgs(['--help'], '/w')).toBe('help');
  });
});
