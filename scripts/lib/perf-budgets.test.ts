import { describe, expect, it } from 'vitest';
import {
  allMet,
  budgets,
  checkBudgets,
  figuresOf,
  formatTable,
  KB,
  lcpAllowance,
  median,
  medianFigures,
  overFloor,
  type Figures,
  type PageResult,
} from './perf-budgets.ts';

const lhr = (score: number | null, extra: Record<string, number> = {}) => ({
  categories: { performance: { score } },
  audits: {
    'first-contentful-paint': { numericValue: 700 },
    'largest-contentful-paint': { numericValue: 720 },
    'total-blocking-time': { numericValue: 12 },
    'cumulative-layout-shift': { numericValue: 0.002 },
    'total-byte-weight': { numericValue: 50_000 },
    'network-requests': {
      details: {
        items: [
          { url: '/', resourceType: 'Document', transferSize: 9000 },
          { url: '/a.js', resourceType: 'Script', transferSize: 3000 },
          { url: '/b.js', resourceType: 'Script', transferSize: 2000 },
          // A worker's script runs off the page's main thread: in the bytes, not in the JS.
          { url: '/w.js', resourceType: 'Script', transferSize: 600, sessionTargetType: 'worker' },
          { url: '/c.css', resourceType: 'Stylesheet', transferSize: 1000 },
        ],
      },
    },
    ...Object.fromEntries(Object.entries(extra).map(([id, numericValue]) => [id, { numericValue }])),
  },
});

const figures = (over: Partial<Figures> = {}): Figures => ({
  score: 100,
  fcp: 700,
  lcp: 700,
  tbt: 10,
  cls: 0,
  bytes: 40 * KB,
  documentBytes: 12 * KB,
  jsBytes: 0,
  ...over,
});

describe('figuresOf', () => {
  it('reads the score, the metrics and the compressed bytes of the page’s scripts (not a worker’s)', () => {
    expect(figuresOf(lhr(0.985))).toEqual({
      score: 99,
      fcp: 700,
      lcp: 720,
      tbt: 12,
      cls: 0.002,
      bytes: 50_000,
      documentBytes: 9000,
      jsBytes: 5000,
    });
  });

  it('refuses a run without a score or a metric', () => {
    expect(() => figuresOf(lhr(null))).toThrow(/점수/);
    const broken = lhr(1);
    delete (broken.audits as Record<string, unknown>)['largest-contentful-paint'];
    expect(() => figuresOf(broken)).toThrow(/largest-contentful-paint/);
  });
});

describe('median and medianFigures', () => {
  it('take the middle value, figure by figure', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
    const m = medianFigures([
      figures({ lcp: 900, tbt: 0 }),
      figures({ lcp: 700, tbt: 90 }),
      figures({ lcp: 800, tbt: 30 }),
    ]);
    expect(m).toMatchObject({ lcp: 800, tbt: 30 });
  });
});

const result = (over: Partial<Figures> = {}, lcpOverFloor = 50, tbtOverFloor = 0): PageResult => ({
  figures: figures(over),
  lcpOverFloor,
  tbtOverFloor,
});

describe('overFloor', () => {
  it('takes each round’s difference to the floor page of that round, then their median', () => {
    const floors = [
      figures({ lcp: 600, tbt: 0 }),
      figures({ lcp: 700, tbt: 200 }),
      figures({ lcp: 650, tbt: 10 }),
    ];
    const runs = [
      figures({ lcp: 700, tbt: 40 }),
      figures({ lcp: 820, tbt: 260 }),
      figures({ lcp: 760, tbt: 30 }),
    ];
    const page = overFloor(runs, floors);
    // Differences 100, 120, 110 and 40, 60, 20: the slow round's 260 ms was mostly the host's.
    expect(page.lcpOverFloor).toBe(110);
    expect(page.tbtOverFloor).toBe(40);
    // Not the difference of the medians (TBT 40 − 10 = 30), which pairs runs of different rounds.
    expect(page.figures).toMatchObject({ lcp: 760, tbt: 40 });
  });

  it('may go below zero, and refuses unpaired runs', () => {
    expect(overFloor([figures({ tbt: 0 })], [figures({ tbt: 30 })]).tbtOverFloor).toBe(-30);
    expect(() => overFloor([figures()], [])).toThrow();
  });
});

describe('checkBudgets', () => {
  it('holds each figure against its budget, LCP and TBT over the floor', () => {
    const home = { js: 'home', lcp: 'home' } as const;
    const list = { js: 'list' } as const;
    const plain = { js: 'plain' } as const;
    expect(allMet(checkBudgets(result({ jsBytes: 90 * KB }), home))).toBe(true);
    expect(checkBudgets(result({ jsBytes: 90 * KB + 1 }), home).js).toBe(false);
    expect(checkBudgets(result({ jsBytes: 85 * KB + 1 }), list).js).toBe(false);
    expect(checkBudgets(result({ jsBytes: 2 * KB }), plain).js).toBe(true);
    expect(checkBudgets(result({ jsBytes: 2 * KB + 1 }), plain).js).toBe(false);
    expect(checkBudgets(result({}, 150), plain).lcp).toBe(true);
    expect(checkBudgets(result({}, 151), plain).lcp).toBe(false);
    expect(checkBudgets(result({ documentBytes: 14_600 }), plain).document).toBe(true);
    expect(checkBudgets(result({ documentBytes: 14_601 }), plain).document).toBe(false);
    expect(checkBudgets(result({ score: 99 }), plain).score).toBe(false);
    expect(checkBudgets(result({ cls: 0.011 }), plain).cls).toBe(false);
    expect(budgets.score).toBe(100);
  });

  it('judges TBT over the floor page, whatever the page measured alone', () => {
    const plain = { js: 'plain' } as const;
    expect(checkBudgets(result({ tbt: 250 }, 50, 50), plain).tbt).toBe(true);
    expect(checkBudgets(result({ tbt: 51 }, 50, 51), plain).tbt).toBe(false);
    expect(checkBudgets(result({ tbt: 0 }, 50, -20), plain).tbt).toBe(true);
  });

  it('gives the home 250 ms over the floor for LCP and every other page one round trip (150 ms)', () => {
    expect(lcpAllowance({ lcp: 'home' })).toBe(250);
    expect(lcpAllowance({})).toBe(150);
    expect(checkBudgets(result({}, 250), { js: 'home', lcp: 'home' }).lcp).toBe(true);
    expect(checkBudgets(result({}, 251), { js: 'home', lcp: 'home' }).lcp).toBe(false);
    // A product page has the home's JS budget but not its LCP allowance.
    expect(checkBudgets(result({}, 200), { js: 'home' }).lcp).toBe(false);
  });
});

describe('formatTable', () => {
  it('prints a Markdown row per page with the figures over the floor, marks, and the floor last', () => {
    const table = formatTable(
      [
        {
          route: { name: '홈', path: '/', js: 'home', lcp: 'home' },
          result: result({ jsBytes: 46 * KB, lcp: 780, tbt: 60 }, 148, 47.6),
        },
        {
          route: { name: '상세', path: '/d', js: 'plain' },
          result: result({ jsBytes: 24 * KB, lcp: 1200 }, 568, -3),
        },
      ],
      figures({ lcp: 632 }),
    );
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(
      '| 페이지 | 점수 (100) | FCP | LCP | LCP − 기준 (≤ 150 ms, 홈 ≤ 250 ms) | TBT | TBT − 기준 (≤ 50 ms) | CLS (≤ 0.01) | 문서 (≤ 14.3 KB) | 전송량 | JS (예산) |',
    );
    expect(lines[2]).toBe(
      '| 홈 `/` | 100 ✔ | 700 ms | 780 ms | +148 ms ✔ | 60 ms | +48 ms ✔ | 0.000 ✔ | 12.0 KB ✔ | 40.0 KB | 46.0 KB / 90.0 KB ✔ |',
    );
    expect(lines[3]).toContain('+568 ms ✖');
    expect(lines[3]).toContain('−3 ms ✔');
    expect(lines[3]).toContain('24.0 KB / 2.0 KB ✖');
    expect(lines[4]).toMatch(/^\| 기준: .* \| 632 ms \| — \| 10 ms \| — \|/);
  });
});
