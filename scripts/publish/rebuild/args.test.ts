import { describe, expect, it } from 'vitest';
import { parseRebuildArgs, UsageError } from './args.ts';

describe('parseRebuildArgs', () => {
  it('reads the options and rejects bad ones', () => {
    expect(parseRebuildArgs(['--out', 'o', '--keep', '3', '--min-ratio', '0.8'], '/srv')).toMatchObject({
      out: '/srv/o',
      keep: 3,
      keepDays: 14,
      minRatio: 0.8,
      rollback: false,
      resume: false,
      allowEmpty: false,
      timeoutMs: 30_000,
      everyMs: null,
    });
    expect(
      parseRebuildArgs(['--out', 'o', '--every', '5m', '--allow-empty', '--resume'], '/srv'),
    ).toMatchObject({
      everyMs: 300_000,
      allowEmpty: true,
      resume: true,
    });
    expect(() => parseRebuildArgs([], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--keep', '0'], '/srv')).toThrow(UsageError);
    expect(parseRebuildArgs(['--out', 'o', '--keep-days', '0'], '/srv')).toMatchObject({ keepDays: 0 });
    expect(() => parseRebuildArgs(['--out', 'o', '--keep-days', '1.5'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--min-ratio', '2'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--bogus'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--every', '1s'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--every', 'soon'], '/srv')).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--out', 'o', '--rollback', '--resume'], '/srv')).toThrow(UsageError);
  });

  it('takes a fractional --rate, and refuses one under a call per 100 s (1e-9 once crashed the queue timer)', () => {
    expect(parseRebuildArgs(['--out', 'o', '--rate', '0.5'], '/srv')).toMatchObject({ rate: 0.5 });
    expect(parseRebuildArgs(['--out', 'o', '--rate', '2.5'], '/srv')).toMatchObject({ rate: 2.5 });
    expect(parseRebuildArgs(['--out', 'o', '--rate', '0'], '/srv')).toMatchObject({ rate: 0 });
    for (const rate of ['0.001', '1e-9', '-1', 'fast'])
      expect(() => parseRebuildArgs(['--out', 'o', '--rate', rate], '/srv'), rate).toThrow(UsageError);
  });
});
