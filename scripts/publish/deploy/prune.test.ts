import { describe, expect, it } from 'vitest';
import { liveUntil, planPrune, type PruneInput } from './prune.ts';
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

/**
 * Three releases deployed 30, 20 and 1 day(s) ago, each replacing the one before; `c` is live.
 * So `a` was live until 20 days ago, `b` until yesterday. Files touched when last deployed.
 */
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
  it('deletes the search files the live release does not name at once, whatever the days (deleted means gone)', () => {
    const plan = planPrune(
      input({
        pool: new Map([
          ['_astro/b.js', daysAgo(20)],
          ['search-index/terms-x-1.json', daysAgo(1)],
          ['search-index/terms-x-1-scrubbed.json', daysAgo(0)],
          ['search-index/texts-old.json', daysAgo(1)],
        ]),
        records: [
          record('b', 20, ['_astro/b.js', 'search-index/terms-x-1.json', 'search-index/texts-old.json']),
          record('c', 1, ['_astro/b.js', 'search-index/terms-x-1-scrubbed.json']),
        ],
      }),
    );
    expect(plan.withdrawn).toEqual(['search-index/terms-x-1.json', 'search-index/texts-old.json']);
    expect(plan.pool).toEqual(['search-index/terms-x-1.json', 'search-index/texts-old.json']);
  });

  it('deletes no search file when the live release has no record to name its own', () => {
    const plan = planPrune(
      input({ pool: new Map([['search-index/terms-x-1.json', daysAgo(1)]]), current: 'z' }),
    );
    expect(plan.withdrawn).toEqual([]);
    expect(plan.pool).toEqual([]);
  });

  it('deletes what no release live within the days needs, and the old records', () => {
    const plan = planPrune(input());
    expect(plan.releases).toEqual(['a']);
    expect(plan.pool).toEqual(['_astro/a.js', '_astro/orphan.js']);
    expect(plan.records?.map((entry) => entry.release)).toEqual(['b', 'c']);
    expect(plan.poolHeld).toBeNull();
  });

  it('keeps the release just replaced and its files, however long ago it was deployed', () => {
    const plan = planPrune(
      input({
        current: 'r2',
        releases: new Map([
          ['r1', daysAgo(30)],
          ['r2', daysAgo(0)],
        ]),
        pool: new Map([
          ['_astro/old.js', daysAgo(30)],
          ['_astro/new.js', daysAgo(0)],
        ]),
        records: [record('r1', 30, ['_astro/old.js']), { ...record('r2', 0, ['_astro/new.js']), from: 'r1' }],
      }),
    );
    expect(plan).toEqual({ releases: [], pool: [], withdrawn: [], records: null, poolHeld: null });
  });

  it('counts from the switch away from a release, by the next record or one naming it as `from`', () => {
    // `b` was switched away from 10 days ago by a deploy whose own line came after a lost one.
    const records = [
      record('a', 30, ['_astro/a.js', '_astro/shared.js']),
      { ...record('c', 1, ['_astro/c.js', '_astro/shared.js']), from: 'b' },
    ];
    const plan = planPrune(input({ records: [records[0]!, record('b', 20, ['_astro/b.js']), records[1]!] }));
    expect(plan.releases).toEqual(['a']);
    // The line of `b` is what tells `a` stopped 20 days ago; without it `a` counts until `c`.
    expect(planPrune(input({ records })).releases).toEqual([]);
  });

  it('keeps everything live within the days', () => {
    const plan = planPrune(input({ keepDays: 25 }));
    expect(plan.releases).toEqual([]);
    expect(plan.pool).toEqual(['_astro/orphan.js']);
  });

  it('never deletes the live release or its files, however old', () => {
    const records = [
      ...input().records,
      { ...record('a', -1, ['_astro/a.js', '_astro/shared.js']), from: 'c' },
    ];
    const plan = planPrune(input({ current: 'a', records, now: new Date(daysAgo(-100)) }));
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
    expect(planPrune(input({ releases })).releases).toEqual([]);
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
    expect(unreadable.releases).toEqual(['a']);
  });

  it('deletes no hashed file when a release live within the days has no record (replaced just now)', () => {
    // `x` was switched to 30 days ago without its line, and replaced by `c` yesterday.
    const records = [
      record('a', 30, ['_astro/a.js']),
      { ...record('c', 1, ['_astro/c.js', '_astro/shared.js']), from: 'x' },
    ];
    const releases = new Map([...input().releases, ['x', daysAgo(30)]]);
    const plan = planPrune(input({ records, releases }));
    expect(plan).toMatchObject({ pool: [], poolHeld: expect.stringContaining('(x)') });
    expect(plan.releases).not.toContain('x');
  });

  it('with keep-days 0 keeps only what the live release needs', () => {
    const plan = planPrune(input({ keepDays: 0 }));
    expect(plan.releases).toEqual(['a', 'b']);
    expect(plan.pool).toEqual(['_astro/a.js', '_astro/b.js', '_astro/orphan.js']);
  });
});

describe('liveUntil', () => {
  it('ends a release at the next switch; the live one and an unrecorded switch away run until now', () => {
    const records = [record('a', 30, []), record('b', 20, []), { ...record('a', 10, []), from: 'b' }];
    expect(liveUntil(records, 'a', now.getTime())).toEqual(
      new Map([
        ['a', now.getTime()],
        ['b', daysAgo(10)],
      ]),
    );
    // `current` moved away from `a` without a line: when is unknown, so it counts as live now.
    expect(liveUntil(records, 'z', now.getTime()).get('a')).toBe(now.getTime());
  });
});
