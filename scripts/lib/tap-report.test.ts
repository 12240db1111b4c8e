import { describe, expect, it } from 'vitest';
import { budgets } from './perf-budgets.ts';
import {
  allTapMet,
  checkTapBudgets,
  describeFailedRun,
  describeTapRun,
  formatTapTable,
  ratios,
  tapMedians,
  type TapRun,
} from './tap-report.ts';

const run = (over: Partial<TapRun> = {}): TapRun => ({
  first: 900,
  second: 700,
  network: 600,
  navigated: { first: false, second: false },
  ...over,
});

const news = { name: '뉴스룸', path: '/newsRoom', firstTap: '페이지 2' };

describe('ratios and tapMedians', () => {
  it('hold each run against its own network figure and take the median of the ratios', () => {
    expect(ratios(run())).toEqual({ first: 1.5, second: 700 / 600 });
    // A fast network figure with a slow tap and the reverse: the ratio median is not ms median / ms median.
    const m = tapMedians([
      run({ first: 1000, network: 500 }),
      run({ first: 1200, network: 800 }),
      run({ first: 900, network: 900 }),
    ]);
    expect(m.first).toBe(1000);
    expect(m.network).toBe(800);
    expect(m.firstRatio).toBe(1.5);
    expect(m.worstFirstRatio).toBe(2);
    expect(m.runs).toBe(3);
    expect(m.navigatedRuns).toBe(0);
  });

  it('counts a run as navigated when either tap loaded a new document', () => {
    const m = tapMedians([
      run({ navigated: { first: true, second: false } }),
      run({ navigated: { first: false, second: true } }),
      run(),
    ]);
    expect(m.navigatedRuns).toBe(2);
  });

  it('refuses no runs and never divides by a zero network figure', () => {
    expect(() => tapMedians([])).toThrow();
    expect(ratios(run({ network: 0, first: 5 })).first).toBe(5);
  });
});

describe('checkTapBudgets', () => {
  const row = (runs: TapRun[], failed = 0) => ({ scenario: news, runs, failed });

  it('allows 1.5 × the network for the first tap, 1.2 × for the second, and no navigation', () => {
    expect(budgets.tap).toEqual({ first: 1.5, second: 1.2 });
    expect(allTapMet(checkTapBudgets(row([run({ first: 900, second: 720 })])))).toBe(true);
    expect(checkTapBudgets(row([run({ first: 901 })])).first).toBe(false);
    expect(checkTapBudgets(row([run({ second: 721 })])).second).toBe(false);
    const once = row([run(), run(), run({ navigated: { first: true, second: false } })]);
    expect(checkTapBudgets(once)).toEqual({ first: true, second: true, navigation: false, completed: true });
  });

  it('holds the budget in the worst run, not only the median', () => {
    const oneSlow = row([run(), run(), run(), run(), run({ first: 1300, second: 800 })]);
    expect(tapMedians(oneSlow.runs).firstRatio).toBe(1.5);
    expect(checkTapBudgets(oneSlow)).toMatchObject({ first: false, second: false });
  });

  it('fails a scenario with a run whose result never came, and every budget when none came', () => {
    expect(checkTapBudgets(row([run()], 1))).toEqual({
      first: true,
      second: true,
      navigation: true,
      completed: false,
    });
    expect(allTapMet(checkTapBudgets(row([], 2)))).toBe(false);
    expect(checkTapBudgets(row([], 2))).toMatchObject({ first: false, second: false });
  });
});

describe('describeTapRun', () => {
  it('prints one Korean line with the ratios and the navigation', () => {
    expect(describeTapRun(news, 2, 5, run({ navigated: { first: true, second: false } }))).toBe(
      '  뉴스룸 2/5: 첫 탭 900 ms (1.50×), 두 번째 탭 700 ms (1.17×), 네트워크만 600 ms, 페이지 이동: 첫 탭',
    );
    expect(describeTapRun(news, 1, 1, run())).toMatch(/페이지 이동 없음$/);
    expect(describeFailedRun(news, 3, 5, '시간 초과')).toBe('  뉴스룸 3/5: ✖ 시간 초과');
  });
});

describe('formatTapTable', () => {
  it('prints a Markdown row per scenario with the medians, the ratios and the marks', () => {
    const table = formatTapTable([
      { scenario: news, runs: [run({ first: 1800, navigated: { first: true, second: false } })], failed: 0 },
      { scenario: { name: 'FAQ', path: '/faq', firstTap: '두 번째 분류' }, runs: [run()], failed: 1 },
      { scenario: { name: '주제', path: '/hrcontents', firstTap: '주제 선택' }, runs: [], failed: 2 },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(
      '| 시나리오 | 첫 탭 | 첫 탭 → 결과 (≤ 1.5 × 네트워크, 최악의 실행까지) | 두 번째 탭 (≤ 1.2 ×) | 네트워크만 | 페이지 이동 | 결과 확인 |',
    );
    expect(lines[2]).toBe(
      '| 뉴스룸 `/newsRoom` | 페이지 2 | 1800 ms (3.00×, 최악 3.00×) ✖ | 700 ms (1.17×, 최악 1.17×) ✔ | 600 ms | 1/1회 ✖ | 1/1회 ✔ |',
    );
    expect(lines[3]).toBe(
      '| FAQ `/faq` | 두 번째 분류 | 900 ms (1.50×, 최악 1.50×) ✔ | 700 ms (1.17×, 최악 1.17×) ✔ | 600 ms | 0/1회 ✔ | 1/2회 ✖ |',
    );
    expect(lines[4]).toBe('| 주제 `/hrcontents` | 주제 선택 | — ✖ | — ✖ | — | — | 0/2회 ✖ |');
  });
});
