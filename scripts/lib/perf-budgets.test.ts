import { describe, expect, it } from 'vitest';
import {
  allMet,
  budgets,
  checkBudgets,
  figuresOf,
  formatTable,
  KB,
  lcpLimit,
  median,
  medianFigures,
  type Figures,
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

describe('checkBudgets', () => {
  it('holds each figure against its budget, LCP against the floor', () => {
    const home = { js: 'home', lcp: 'home' } as const;
    const list = { js: 'list' } as const;
    const none = { js: 'none' } as const;
    expect(allMet(checkBudgets(figures({ jsBytes: 90 * KB }), home, 700))).toBe(true);
    expect(checkBudgets(figures({ jsBytes: 90 * KB + 1 }), home, 700).js).toBe(false);
    expect(checkBudgets(figures({ jsBytes: 85 * KB + 1 }), list, 700).js).toBe(false);
    expect(checkBudgets(figures({ jsBytes: 1 }), none, 700).js).toBe(false);
    expect(checkBudgets(figures({ lcp: 950 }), none, 800).lcp).toBe(true);
    expect(checkBudgets(figures({ lcp: 951 }), none, 800).lcp).toBe(false);
    expect(checkBudgets(figures({ documentBytes: 14_600 }), none, 800).document).toBe(true);
    expect(checkBudgets(figures({ documentBytes: 14_601 }), none, 800).document).toBe(false);
    expect(checkBudgets(figures({ score: 99 }), none, 700).score).toBe(false);
    expect(checkBudgets(figures({ cls: 0.011 }), none, 700).cls).toBe(false);
    expect(checkBudgets(figures({ tbt: 51 }), none, 700).tbt).toBe(false);
    expect(checkBudgets(figures({ tbt: 50 }), none, 700).tbt).toBe(true);
    expect(budgets.score).toBe(100);
  });

  it('gives the home 250 ms over the floor for LCP and every other page one round trip (150 ms)', () => {
    expect(lcpLimit({ lcp: 'home' }, 800)).toBe(1050);
    expect(lcpLimit({}, 800)).toBe(950);
    // The same allowance whatever the floor: a slower simulated phone does not tighten it.
    expect(lcpLimit({}, 1600)).toBe(1750);
    expect(checkBudgets(figures({ lcp: 1050 }), { js: 'home', lcp: 'home' }, 800).lcp).toBe(true);
    expect(checkBudgets(figures({ lcp: 1051 }), { js: 'home', lcp: 'home' }, 800).lcp).toBe(false);
    // A product page has the home's JS budget but not its LCP allowance.
    expect(checkBudgets(figures({ lcp: 1000 }), { js: 'home' }, 800).lcp).toBe(false);
  });
});

describe('formatTable', () => {
  it('prints a Markdown row per page with marks and the floor last', () => {
    const table = formatTable(
      [
        {
          route: { name: '홈', path: '/', js: 'home', lcp: 'home' },
          figures: figures({ jsBytes: 46 * KB, lcp: 780 }),
        },
        {
          route: { name: '상세', path: '/d', js: 'none' },
          figures: figures({ jsBytes: 24 * KB, lcp: 1200 }),
        },
      ],
      figures({ lcp: 632 }),
    );
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(
      '| 페이지 | 점수 (100) | FCP | LCP (≤ 기준 + 150 ms, 홈 + 250 ms) | TBT (≤ 50 ms) | CLS (≤ 0.01) | 문서 (≤ 14.3 KB) | 전송량 | JS (예산) |',
    );
    expect(lines[2]).toBe(
      '| 홈 `/` | 100 ✔ | 700 ms | 780 ms ✔ | 10 ms ✔ | 0.000 ✔ | 12.0 KB ✔ | 40.0 KB | 46.0 KB / 90.0 KB ✔ |',
    );
    expect(lines[3]).toContain('1200 ms ✖');
    expect(lines[3]).toContain('24.0 KB / 0.0 KB ✖');
    expect(lines[4]).toMatch(/^\| 기준: .* \| 632 ms \(한도 782 ms, 홈 882 ms\) \|/);
  });
});
