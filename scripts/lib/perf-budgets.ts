/**
 * The performance budgets of `npm run bench` and the pure parts of the report: reading the
 * figures out of a Lighthouse result, medians, the budget checks and the Markdown table. The
 * budgets hold at the calibrated CPU setting (cpu-calibration.ts): the same simulated phone on
 * every machine.
 */

/** The figures kept from one Lighthouse run. */
export interface Figures {
  /** Performance score, 0–100. */
  score: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes over the wire (compressed), all resources. */
  bytes: number;
  /** Bytes over the wire of the page's HTML document, response headers included. */
  documentBytes: number;
  /**
   * Bytes over the wire of the page's script resources. Scripts a worker loads (the web font
   * download, src/lib/fonts/font-cache.worker.ts) run off the page's main thread and are left out;
   * they count in `bytes`.
   */
  jsBytes: number;
}

/**
 * How much JavaScript a page may ship, by what it does: the home and other pages whose only
 * interaction is sliders and tabs, a list page (React island), or nothing interactive of its own
 * (`plain`, a detail page): only the site's scripts that wait for the paint, one shared file.
 */
export type JsBudget = 'home' | 'list' | 'plain';

/**
 * LCP allowance over the floor page: the home, twelve sections of the spec in one document,
 * gets more than the other pages.
 */
export type LcpBudget = 'home' | 'page';

export interface BenchRoute {
  /** Label in the table. */
  name: string;
  path: string;
  js: JsBudget;
  /** `page` when left out. */
  lcp?: LcpBudget;
}

/** KB in the budgets and the table: 1024 bytes. */
export const KB = 1024;

export const budgets = {
  /** Lighthouse performance score, at least. */
  score: 100,
  /**
   * LCP at most this many milliseconds over the floor page's LCP of the same run: one round trip
   * of the simulated network (150 ms) for a page, the home a little more. A time over the floor
   * rather than a factor of it, so that a slower simulated phone does not tighten the budget
   * for CPU work the floor page does not have.
   */
  lcpOverFloor: { page: 150, home: 250 } satisfies Record<LcpBudget, number>,
  /**
   * The HTML document over the wire, headers included: it must arrive in the first round trip,
   * which a new TCP connection's initial window (10 segments of 1,460 bytes) allows.
   */
  documentBytes: 10 * 1460,
  cls: 0.01,
  /**
   * Total blocking time, ms over the floor page's of the same round: on a shared host the floor
   * page (one heading) itself measures 0-210 ms, which an absolute budget cannot tell from the
   * page's own work.
   */
  tbtOverFloor: 50,
  /**
   * Compressed JavaScript, bytes. A plain page's is the file every page imports once it has
   * painted (the web fonts, the later styles, the sliders' loader: src/integrations/later-scripts),
   * 1.4 KB: what would otherwise travel in every page's first round trip.
   */
  js: { home: 90 * KB, list: 85 * KB, plain: 2 * KB } satisfies Record<JsBudget, number>,
  /**
   * Tap to result on a list (tap-report.ts), at most this many times the same request alone
   * (Slow 4G, calibrated CPU): the first tap of a visit may pay for the island's code, the second
   * only for rendering. No tap may load a new document.
   */
  tap: { first: 1.5, second: 1.2 },
} as const;

/** The parts of a Lighthouse result (LHR) this report reads. */
export interface LighthouseResultLike {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
}

interface NetworkRequestItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  /** `page`, `iframe` or `worker`: which target made the request. */
  sessionTargetType?: string;
}

/** The figures of one run. Throws when Lighthouse could not measure the page (a null score). */
export function figuresOf(lhr: LighthouseResultLike): Figures {
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error('Lighthouse가 성능 점수를 내지 못했습니다.');
  const value = (id: string) => {
    const number = lhr.audits[id]?.numericValue;
    if (typeof number !== 'number') throw new Error(`Lighthouse 결과에 ${id} 값이 없습니다.`);
    return number;
  };
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined;
  const requests = details?.items ?? [];
  return {
    score: Math.round(score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    documentBytes: requests.find((r) => r.resourceType === 'Document')?.transferSize ?? 0,
    jsBytes: requests
      .filter((r) => r.resourceType === 'Script' && r.sessionTargetType !== 'worker')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Figure by figure medians of several runs of one page. */
export function medianFigures(runs: Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    bytes: of('bytes'),
    documentBytes: of('documentBytes'),
    jsBytes: of('jsBytes'),
  };
}

export interface Verdict {
  score: boolean;
  lcp: boolean;
  cls: boolean;
  tbt: boolean;
  js: boolean;
  document: boolean;
}

/** A page's result over its rounds: the medians, and its LCP and TBT over the floor page's. */
export interface PageResult {
  figures: Figures;
  /** Median over the rounds of the page's LCP minus the floor page's of the same round, ms. */
  lcpOverFloor: number;
  /** The same for TBT. */
  tbtOverFloor: number;
}

/**
 * A page's runs against the floor page's runs of the same rounds (`floors[i]` measured just
 * before `runs[i]`): each difference taken within its round, where the host's speed was the same
 * for both, then the median of the differences. A median of each page alone, subtracted
 * afterwards, would set a fast round of one against a slow round of the other.
 */
export function overFloor(runs: readonly Figures[], floors: readonly Figures[]): PageResult {
  if (runs.length !== floors.length) throw new Error('쪽 실행과 기준 페이지 실행의 수가 다릅니다.');
  return {
    figures: medianFigures([...runs]),
    lcpOverFloor: median(runs.map((run, i) => run.lcp - floors[i]!.lcp)),
    tbtOverFloor: median(runs.map((run, i) => run.tbt - floors[i]!.tbt)),
  };
}

/** The LCP allowance over the floor page of a route, ms. */
export function lcpAllowance(route: Pick<BenchRoute, 'lcp'>): number {
  return budgets.lcpOverFloor[route.lcp ?? 'page'];
}

/** Which budgets a page's result meets. */
export function checkBudgets(result: PageResult, route: Pick<BenchRoute, 'js' | 'lcp'>): Verdict {
  const { figures } = result;
  return {
    score: figures.score >= budgets.score,
    lcp: result.lcpOverFloor <= lcpAllowance(route),
    cls: figures.cls <= budgets.cls,
    tbt: result.tbtOverFloor <= budgets.tbtOverFloor,
    js: figures.jsBytes <= budgets.js[route.js],
    document: figures.documentBytes <= budgets.documentBytes,
  };
}

export function allMet(verdict: Verdict): boolean {
  return Object.values(verdict).every(Boolean);
}

const mark = (ok: boolean) => (ok ? '✔' : '✖');
const ms = (value: number) => `${Math.round(value)} ms`;
const overMs = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export interface ReportRow {
  route: BenchRoute;
  result: PageResult;
}

/**
 * The report as a Markdown table: one row per page with its medians, its LCP and TBT over the
 * floor page (medians of the rounds' differences) and, beside each budgeted figure, ✔ or ✖; the
 * floor page last, with its medians and no verdicts.
 */
export function formatTable(rows: readonly ReportRow[], floor: Figures): string {
  const { page, home } = budgets.lcpOverFloor;
  const header = [
    `| 페이지 | 점수 (${budgets.score}) | FCP | LCP | LCP − 기준 (≤ ${page} ms, 홈 ≤ ${home} ms) | TBT | TBT − 기준 (≤ ${budgets.tbtOverFloor} ms) | CLS (≤ ${budgets.cls}) | 문서 (≤ ${kb(budgets.documentBytes)}) | 전송량 | JS (예산) |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const body = rows.map(({ route, result }) => {
    const { figures } = result;
    const v = checkBudgets(result, route);
    return `| ${route.name} \`${route.path}\` | ${figures.score} ${mark(v.score)} | ${ms(figures.fcp)} | ${ms(figures.lcp)} | ${overMs(result.lcpOverFloor)} ${mark(v.lcp)} | ${ms(figures.tbt)} | ${overMs(result.tbtOverFloor)} ${mark(v.tbt)} | ${figures.cls.toFixed(3)} ${mark(v.cls)} | ${kb(figures.documentBytes)} ${mark(v.document)} | ${kb(figures.bytes)} | ${kb(figures.jsBytes)} / ${kb(budgets.js[route.js])} ${mark(v.js)} |`;
  });
  const floorRow = `| 기준: 제목 하나뿐인 HTML | ${floor.score} | ${ms(floor.fcp)} | ${ms(floor.lcp)} | — | ${ms(floor.tbt)} | — | ${floor.cls.toFixed(3)} | ${kb(floor.documentBytes)} | ${kb(floor.bytes)} | ${kb(floor.jsBytes)} |`;
  return [...header, ...body, floorRow].join('\n');
}
