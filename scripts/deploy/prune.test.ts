import { describe, expect, it } from 'vitest';
import { planPrune, type PruneInput } from './prune.ts';
import type { DeployRecord } from './records.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-24T00:00:00Z');
const daysAgo = (days: number) => now.getTime() - days * DAY;
const record = (release: string, days: number, assets: string[]): DeployRecord => ({
  release,
  at: new Date(daysAgo(days)).toISOString(),
  from: null,
  assets,
});

/** Three releases, 30, 20 and 1 day(s) ago; `c` is live. Files touched when last deployed. */
function input(overrides: Partial<PruneInput> = {}): PruneInput {
  return {
    now,
    keepDays: 14,
    current: 'c',
    releases: new Map([
      ['a', daysAgo(30)],
      ['b', daysAgo(20)],
      ['c', daysAgo(1)],
    ]),
    pool: new Map([
      ['_astro/a.js', daysAgo(30)],
      ['_astro/b.js', daysAgo(20)],
      ['_astro/shared.js', daysAgo(1)],
      ['_astro/c.js', daysAgo(1)],
      ['_astro/orphan.js', daysAgo(40)],
    ]),
    records: [
      record('a', 30, ['_astro/a.js', '_astro/shared.js']),
      record('b', 20, ['_astro/b.js', '_astro/shared.js']),
      record('c', 1, ['_astro/c.js', '_astro/shared.js']),
    ],
    unreadableRecords: 0,
    ...overrides,
  };
}

describe('planPrune', () => {
  it('deletes releases and hashed files no release of the last days needs, and their old records', () => {
    const plan = planPrune(input());
    expect(plan.releases).toEqual(['a', 'b']);
    expect(plan.pool).toEqual(['_astro/a.js', '_astro/b.js', '_astro/orphan.js']);
    expect(plan.records?.map((entry) => entry.release)).toEqual(['c']);
    expect(plan.poolHeld).toBeNull();
  });

  it('keeps everything deployed within the days', () => {
    const plan = planPrune(input({ keepDays: 25 }));
    expect(plan.releases).toEqual(['a']);
    expect(plan.pool).toEqual(['_astro/a.js', '_astro/orphan.js']);
  });

  it('never deletes the live release or its files, however old', () => {
    const plan = planPrune(input({ current: 'a', now: new Date(daysAgo(-100)) }));
    expect(plan.releases).toEqual(['b', 'c']);
    expect(plan.pool).not.toContain('_astro/a.js');
    expect(plan.pool).not.toContain('_astro/shared.js');
  });

  it('keeps a file touched recently even when no record names it (a deploy whose record failed)', () => {
    const pool = new Map(input().pool);
    pool.set('_astro/unrecorded.js', daysAgo(2));
    expect(planPrune(input({ pool })).pool).not.toContain('_astro/unrecorded.js');
  });

  it('keeps a release folder switched to recently, even when its only record is old', () => {
    const releases = new Map(input().releases);
    releases.set('a', daysAgo(3));
    expect(planPrune(input({ releases })).releases).toEqual(['b']);
  });

  it('deletes no hashed file when the live release has no record, or a line did not parse', () => {
    const records = input().records.filter((entry) => entry.release !== 'c');
    expect(planPrune(input({ records }))).toMatchObject({
      pool: [],
      poolHeld: expect.stringContaining('(c)'),
    });
    const unreadable = planPrune(input({ unreadableRecords: 1 }));
    expect(unreadable).toMatchObject({
      pool: [],
      records: null,
      poolHeld: expect.stringContaining('읽을 수 없는 줄'),
    });
    expect(unreadable.releases).toEqual(['a', 'b']);
  });

  it('with keep-days 0 keeps only what the live release needs', () => {
    const plan = planPrune(input({ keepDays: 0 }));
    expect(plan.releases).toEqual(['a', 'b']);
    expect(plan.pool).toEqual(['_astro/a.js', '_astro/b.js', '_astro/orphan.js']);
  });
});
