/**
 * The site search at `npm run bench`'s slow-phone profile, in Chromium on the built site: the CPU
 * slowed by the calibrated multiplier (cpu-calibration.ts: the host's `benchmarkIndex`, measured
 * in a page as Lighthouse measures it, over TARGET_BENCHMARK_INDEX) and DevTools' Slow 4G
 * (tap-bench.ts) for the cold first query. Timings on the page's own clock:
 * - cold page → first result: a fresh context per query, the home page loaded and quiet, then
 *   Ctrl+K and the query typed at once; from the first keydown to the frame that shows a result
 *   (the dialog's code, the entry and the shards all come over Slow 4G on the slowed CPU);
 * - the entry alone: then, from the same page, the index's entry file fetched past the HTTP
 *   cache (`cache: 'no-store'`), as the tap bench times its request alone: the network's share;
 * - keystroke → results once loaded: in one open dialog whose index files are loaded, each query
 *   put into the emptied box as one input event (the last keystroke of a word, or a paste), made
 *   inside the page, to the frame whose status line counts its results;
 * - the engine alone: the same query asked of the page's searcher itself (the state
 *   search-client.ts shares on `globalThis`), on the slowed CPU: the rest of a keystroke is
 *   React and the browser's rendering.
 */
import { chromium, type Page } from 'playwright';
// Lighthouse's own benchmark (the `benchmarkIndex` of its reports), run here in a page.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { calibrate, type Calibration } from '../lib/cpu-calibration.ts';
import { throttlePage, VIEWPORT } from '../lib/slow-phone-page.ts';
import { watchNetwork } from '../lib/quiet-network.ts';
import { median } from './figures.ts';

export interface SlowPhoneOptions {
  siteUrl: string;
  chromePath: string;
  /** A fixed multiplier (`--cpu`); calibrated on this host when absent. */
  cpuMultiplier?: number | undefined;
  /** Queries typed on a cold page, one fresh context each. */
  coldQueries: readonly string[];
  /** Queries typed one after another once the index is loaded. */
  warmQueries: readonly string[];
}

export interface SlowPhoneResult {
  calibration: Calibration;
  /**
   * `benchmarkIndex` measured in a page with the slowdown on (Lighthouse measures before it): a
   * check on the phone simulated, as noisy as the host's load.
   */
  throttledIndex: number;
  /** Cold page → first result, ms, one per cold query. */
  cold: number[];
  /** The entry file alone over Slow 4G from the same page, ms, one per cold query. */
  entryAlone: number[];
  /** Keystroke → results, ms, one per warm query. */
  warm: number[];
  /** The engine's search alone for each warm query, ms. */
  engine: number[];
}

/** Long enough for the dialog to have dropped the last answer, slowed CPU included. */
const SETTLE_MS = 400;
/** The index's entry file (src/features/search/search-entry.ts). */
const ENTRY_PATH = '/search/index.json';
/** The registered symbol under which search-client.ts keeps the page's searcher. */
const SHARED_SEARCH = 'insighthire:site-search';

async function benchmarkIndex(page: Page): Promise<number> {
  return page.evaluate(pageFunctions.computeBenchmarkIndex as () => number);
}

const newContext = (browser: import('playwright').Browser) =>
  browser.newContext({
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    locale: 'ko-KR',
  });

/** The first keydown's time, on the page's clock, kept where the timing reads it. */
const KEYDOWN_PROBE = `addEventListener('keydown', (event) => { window.__firstKey ??= event.timeStamp; }, { capture: true });`;

async function coldQuery(
  browser: import('playwright').Browser,
  options: SlowPhoneOptions,
  multiplier: number,
  query: string,
) {
  const context = await newContext(browser);
  try {
    await context.addInitScript({ content: KEYDOWN_PROBE });
    const page = await context.newPage();
    await throttlePage(context, page, multiplier);
    const requests = watchNetwork(page);
    await page.goto(`${options.siteUrl}/`, { waitUntil: 'load', timeout: 60_000 });
    await requests.untilQuiet(1_000, 30_000);
    // Playwright's helper script runs on the first wait: paid here, not inside the timing.
    await page.waitForFunction(() => true);
    await page.keyboard.press('Control+k');
    await page.keyboard.type(query);
    const handle = await page.waitForFunction(
      () =>
        document.querySelector('.search-option-title') &&
        performance.now() - (window as unknown as { __firstKey: number }).__firstKey,
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const firstResult = (await handle.jsonValue()) as number;
    // The same page and connection pool, past the HTTP cache.
    const entryAlone = await page.evaluate(async (url) => {
      const start = performance.now();
      const response = await fetch(url, { cache: 'no-store' });
      await response.text();
      return performance.now() - start;
    }, ENTRY_PATH);
    return { firstResult, entryAlone };
  } finally {
    await context.close();
  }
}

/** Types every query once in an open dialog so that all the index files they need are loaded. */
async function loadShardsFor(page: Page, queries: readonly string[]): Promise<void> {
  const box = page.getByRole('combobox');
  const status = page.locator('.search-dialog [role="status"]');
  for (const query of queries) {
    await box.fill(query);
    await status.filter({ hasText: /\d/ }).waitFor();
    await box.fill('');
    await page.waitForTimeout(SETTLE_MS);
  }
}

/**
 * One keystroke → results, made and timed inside the page: Playwright's own work for a `fill`
 * and a polling wait runs on the same (slowed) main thread and, at a high slowdown, landed inside
 * the timing. The box is emptied and left until the dialog has dropped the last answer.
 */
function timeKeystroke(page: Page, query: string): Promise<number> {
  return page.evaluate(
    async ({ query, settle }) => {
      const box = document.querySelector<HTMLInputElement>('.search-dialog [role="combobox"]')!;
      const status = document.querySelector('.search-dialog [role="status"]')!;
      const type = (value: string) => {
        box.value = value;
        box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      };
      type('');
      await new Promise((resolve) => setTimeout(resolve, settle));
      const counted = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!/\d/.test(status.textContent ?? '')) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(status, { childList: true, subtree: true, characterData: true });
      });
      const start = performance.now();
      type(query);
      await counted;
      // The frame that shows it.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - start;
    },
    { query, settle: SETTLE_MS },
  );
}

/** The same query asked of the page's own searcher (search-client.ts), without React or rendering. */
function timeEngine(page: Page, query: string): Promise<number> {
  return page.evaluate(
    async ({ query, key }) => {
      const shared = (
        globalThis as unknown as Record<
          symbol,
          { searcher: { search(q: string, o: object): Promise<unknown> } | null }
        >
      )[Symbol.for(key)];
      if (!shared?.searcher) throw new Error('검색기가 없습니다.');
      const start = performance.now();
      await shared.searcher.search(query, { limit: 8 });
      return performance.now() - start;
    },
    { query, key: SHARED_SEARCH },
  );
}

/**
 * Keystroke → results once the index is loaded, and the engine's share of it: what a visitor
 * waits for on every word after the first, which the cold timing above cannot show (there the
 * network dominates). The shards are loaded at full speed first, then the CPU is slowed and each
 * warm query timed, in the page and through the engine alone.
 */
async function warmQueries(
  browser: import('playwright').Browser,
  options: SlowPhoneOptions,
  multiplier: number,
) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${options.siteUrl}/`, { waitUntil: 'load' });
    await page.keyboard.press('Control+k');
    // Every shard the queries need, loaded first: the timing is the visitor's once the index is there.
    await loadShardsFor(page, options.warmQueries);
    await throttlePage(context, page, multiplier, false);
    await page.waitForFunction(() => true);
    const times: number[] = [];
    for (const query of options.warmQueries) times.push(await timeKeystroke(page, query));
    const engine: number[] = [];
    for (const query of options.warmQueries) engine.push(await timeEngine(page, query));
    return { times, engine };
  } finally {
    await context.close();
  }
}

export async function benchSlowPhone(options: SlowPhoneOptions): Promise<SlowPhoneResult> {
  const browser = await chromium.launch({
    executablePath: options.chromePath,
    args: ['--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${options.siteUrl}/`, { waitUntil: 'load' });
    let calibration: Calibration;
    // Three runs each, the median: the host's speed moves with what else runs on it.
    const index = async () =>
      median([await benchmarkIndex(page), await benchmarkIndex(page), await benchmarkIndex(page)]);
    if (options.cpuMultiplier === undefined) {
      calibration = calibrate(await index());
    } else {
      calibration = { hostIndex: null, multiplier: options.cpuMultiplier, source: 'option', clamped: null };
    }
    await throttlePage(context, page, calibration.multiplier, false);
    const throttledIndex = await index();
    await context.close();

    const cold: number[] = [];
    const entryAlone: number[] = [];
    for (const query of options.coldQueries) {
      const run = await coldQuery(browser, options, calibration.multiplier, query);
      cold.push(run.firstResult);
      entryAlone.push(run.entryAlone);
    }
    const warm = await warmQueries(browser, options, calibration.multiplier);
    return { calibration, throttledIndex, cold, entryAlone, warm: warm.times, engine: warm.engine };
  } finally {
    await browser.close();
  }
}
