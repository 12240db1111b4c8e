/**
 * The pure parts of the tap-to-result bench (tap-bench.ts): what one run of a scenario measured,
 * the medians over runs, the budget checks (`budgets.tap` in perf-budgets.ts) and the Markdown
 * table. A tap is held against the same request made alone from the same page, so the figure
 * says what the site adds to the network (code to download, hydration, rendering), whatever the
 * network emulation.
 */
import { budgets, median } from './perf-budgets.ts';

/** One run of one scenario, in milliseconds of the page's own clock. */
export interface TapRun {
  /** First tap of the visit → its result on screen. */
  first: number;
  /** Second tap → its result on screen. */
  second: number;
  /** The first tap's API request made alone from the page (`fetch` and reading the body). */
  network: number;
  /** Which taps loaded a new document instead of updating the list in place. */
  navigated: { first: boolean; second: boolean };
}

export interface TapScenario {
  /** Label in the table (Korean). */
  name: string;
  path: string;
  /** What the first tap does, for the table: `페이지 2`. */
  firstTap: string;
}

export interface TapMedians {
  /** Medians of the milliseconds. */
  first: number;
  second: number;
  network: number;
  /** Medians of the per-run ratios tap / network alone (each run against its own network figure). */
  firstRatio: number;
  secondRatio: number;
  /** The largest of those ratios: the budgets hold for every run, not only the middle one. */
  worstFirstRatio: number;
  worstSecondRatio: number;
  /** Runs in which either tap loaded a new document. */
  navigatedRuns: number;
  runs: number;
}

/** A run's ratios; a network figure of 0 (impossible, but a clock can be coarse) counts as 1 ms. */
export function ratios(run: TapRun): { first: number; second: number } {
  const network = Math.max(1, run.network);
  return { first: run.first / network, second: run.second / network };
}

export function tapMedians(runs: readonly TapRun[]): TapMedians {
  if (runs.length === 0) throw new Error('측정된 실행이 없습니다.');
  return {
    first: median(runs.map((run) => run.first)),
    second: median(runs.map((run) => run.second)),
    network: median(runs.map((run) => run.network)),
    firstRatio: median(runs.map((run) => ratios(run).first)),
    secondRatio: median(runs.map((run) => ratios(run).second)),
    worstFirstRatio: Math.max(...runs.map((run) => ratios(run).first)),
    worstSecondRatio: Math.max(...runs.map((run) => ratios(run).second)),
    navigatedRuns: runs.filter((run) => run.navigated.first || run.navigated.second).length,
    runs: runs.length,
  };
}

export interface TapVerdict {
  first: boolean;
  second: boolean;
  /** No run loaded a new document: a single one fails, a list must never reload the page. */
  navigation: boolean;
  /** Every run saw both results: a tap whose result never came is the worst miss of all. */
  completed: boolean;
}

/** The runs of one scenario: the ones that saw both results, and how many did not. */
export interface TapReportRow {
  scenario: TapScenario;
  runs: readonly TapRun[];
  failed: number;
}

/**
 * Which budgets a scenario meets, in its worst run: a visitor meets any run, and a slow one in
 * ten hid behind the median (docs/performance.md). With no completed run at all, none.
 */
export function checkTapBudgets(row: TapReportRow): TapVerdict {
  const medians = row.runs.length > 0 ? tapMedians(row.runs) : null;
  return {
    first: medians !== null && medians.worstFirstRatio <= budgets.tap.first,
    second: medians !== null && medians.worstSecondRatio <= budgets.tap.second,
    navigation: medians === null || medians.navigatedRuns === 0,
    completed: row.failed === 0 && medians !== null,
  };
}

export function allTapMet(verdict: TapVerdict): boolean {
  return Object.values(verdict).every(Boolean);
}

const mark = (ok: boolean) => (ok ? '✔' : '✖');
const ms = (value: number) => `${Math.round(value)} ms`;
const times = (ratio: number) => `${ratio.toFixed(2)}×`;

/** Which taps navigated, for a run's line. */
function navigationOf(run: TapRun): string {
  const { first, second } = run.navigated;
  if (first && second) return '페이지 이동: 두 탭 모두';
  if (first) return '페이지 이동: 첫 탭';
  if (second) return '페이지 이동: 두 번째 탭';
  return '페이지 이동 없음';
}

/** One console line per run, like the Lighthouse runs': `  뉴스룸 2/5: 첫 탭 1830 ms (2.81×), …`. */
export function describeTapRun(scenario: TapScenario, index: number, total: number, run: TapRun): string {
  const r = ratios(run);
  return (
    `  ${scenario.name} ${index}/${total}: 첫 탭 ${ms(run.first)} (${times(r.first)}), ` +
    `두 번째 탭 ${ms(run.second)} (${times(r.second)}), 네트워크만 ${ms(run.network)}, ${navigationOf(run)}`
  );
}

/** A failed run's console line. */
export function describeFailedRun(
  scenario: TapScenario,
  index: number,
  total: number,
  reason: string,
): string {
  return `  ${scenario.name} ${index}/${total}: ✖ ${reason}`;
}

/**
 * The report as a Markdown table: per scenario the median milliseconds of each tap with the median
 * and the worst ratio to the network alone and ✔ or ✖ for its budget (held by the worst run), the network figure, how many runs loaded
 * a new document, and how many runs saw both results. The medians are those of the completed runs.
 */
export function formatTapTable(rows: readonly TapReportRow[]): string {
  const { first, second } = budgets.tap;
  const header = [
    `| 시나리오 | 첫 탭 | 첫 탭 → 결과 (≤ ${first} × 네트워크, 최악의 실행까지) | 두 번째 탭 (≤ ${second} ×) | 네트워크만 | 페이지 이동 | 결과 확인 |`,
    '|---|---|---|---|---|---|---|',
  ];
  const body = rows.map((row) => {
    const { scenario, runs, failed } = row;
    const v = checkTapBudgets(row);
    const done = `${runs.length}/${runs.length + failed}회 ${mark(v.completed)}`;
    const name = `| ${scenario.name} \`${scenario.path}\` | ${scenario.firstTap} |`;
    if (runs.length === 0) return `${name} — ✖ | — ✖ | — | — | ${done} |`;
    const m = tapMedians(runs);
    return (
      `${name} ${ms(m.first)} (${times(m.firstRatio)}, 최악 ${times(m.worstFirstRatio)}) ${mark(v.first)} | ` +
      `${ms(m.second)} (${times(m.secondRatio)}, 최악 ${times(m.worstSecondRatio)}) ${mark(v.second)} | ${ms(m.network)} | ` +
      `${m.navigatedRuns}/${m.runs}회 ${mark(v.navigation)} | ${done} |`
    );
  });
  return [...header, ...body].join('\n');
}
