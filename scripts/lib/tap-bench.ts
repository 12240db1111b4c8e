/**
 * The tap-to-result bench of `npm run bench`: a phone visitor opens a list screen, taps twice
 * (a page number, a category, a search, a topic) and waits for the list to show the result. Debian
 * Chromium through Playwright, a fresh browser context per run (cold cache, nothing stored), a
 * 390 × 844 touch screen, DevTools' "Slow 4G" and the CPU slowdown `npm run bench` calibrated for
 * Lighthouse, both from the very first request. Each tap is held against the same API request made
 * alone from the page afterwards (tap-report.ts).
 *
 * A tap is timed on the page's own clock, from its `pointerdown` (tap-probe.ts records it) to the
 * first animation frame at which the result is in the DOM (the probe checks each change of the DOM).
 * A tap that loads a new document (a plain link or form before the island hydrated) takes that
 * clock away, and the run is marked as navigated. It is then timed on the epoch clock
 * (`timeOrigin + now`, comparable across documents) from the pointerdown the old document left in
 * sessionStorage; failing that, from a Node timestamp taken just before the tap, converted to the
 * page's clock. The Node timestamp is the fallback only: it also counts Playwright's checks before
 * the touch, 0.1–0.2 s at a 7× CPU slowdown.
 */
import { errors, type Browser, type Page } from 'playwright';
import { launchBenchBrowser, slowPhonePage, SLOW_4G, untilFirstPaint, VIEWPORT } from './slow-phone-page.ts';
import { watchNetwork } from './quiet-network.ts';
import {
  describeView,
  probeScript,
  type ListView,
  type ProbeGlobals,
  type ResultMoment,
} from './tap-probe.ts';
import { paginationLabel, tapScenarios, type TapScenarioSpec, type TapStep } from './tap-scenarios.ts';
import { describeFailedRun, describeTapRun, type TapReportRow, type TapRun } from './tap-report.ts';

/** One line for the report: the network and the device. */
export function describeNetwork(): string {
  const mbps = (bytesPerSecond: number) => (bytesPerSecond * 8) / 1e6;
  return (
    `네트워크: DevTools "Slow 4G" (지연 ${SLOW_4G.latency} ms, 내려받기 ${mbps(SLOW_4G.downloadThroughput)} Mbps, ` +
    `올려보내기 ${mbps(SLOW_4G.uploadThroughput) * 1000} kbps), 화면 ${VIEWPORT.width}×${VIEWPORT.height} 터치, 실행마다 빈 캐시`
  );
}

export interface TapBenchOptions {
  siteUrl: string;
  /** The content API's address: the first tap's request to it is the one measured alone. */
  apiUrl: string;
  chromePath: string;
  /** `Emulation.setCPUThrottlingRate` (the calibrated multiplier, cpu-calibration.ts). */
  cpuMultiplier: number;
  runs: number;
  scenarios?: readonly TapScenarioSpec[];
  log?(line: string): void;
}

export interface TapScenarioResult extends TapReportRow {
  scenario: TapScenarioSpec;
}

/** A tap's result may wait for the island's code and a request on Slow 4G with a slowed CPU. */
const RESULT_TIMEOUT = 30_000;
/** How often Node asks the page whether its result came; the page's own clock times it. */
const RESULT_POLL_MS = 100;
/** After `load`, how long to wait for the network to fall quiet (images of a slow page may never let it). */
const IDLE_TIMEOUT = 15_000;
/** Quiet means no request open for this long (what Playwright's `networkidle` means by it). */
const QUIET_MS = 500;

interface TapOutcome {
  ms: number;
  navigated: boolean;
}

/** The page's clock (`timeOrigin + now`, epoch ms) minus Node's, from the middle of a round trip. */
async function clockOffset(page: Page): Promise<number> {
  const sent = Date.now();
  const pageEpoch = await page.evaluate(() => performance.timeOrigin + performance.now());
  return pageEpoch - (sent + Date.now()) / 2;
}

/** Does one step: the untimed preparation, then the timed tap until its result is on screen. */
async function timedTap(page: Page, step: TapStep, which: string): Promise<TapOutcome> {
  await step.prepare?.(page);
  const { target, expect } = await step.locate(page);
  // Scrolled first, so the Node timestamp (used only after a navigation) is close to the touch.
  await target.scrollIntoViewIfNeeded();
  const before = await page.evaluate((label) => {
    const probe = window as unknown as ProbeGlobals;
    probe.__tapBenchReset();
    return { view: probe.__tapBenchView(label), doc: probe.__tapBenchDoc };
  }, paginationLabel);
  await page.evaluate(
    ({ label, expectation }) => (window as unknown as ProbeGlobals).__tapBenchArm(label, expectation),
    { label: paginationLabel, expectation: expect(before.view as ListView) },
  );
  const offset = await clockOffset(page);
  const tappedAt = Date.now();
  await target.tap();
  await step.complete?.(page, target);
  // The page notes the moment itself (tap-probe.ts); this only asks for it now and then, and asks
  // the new document when the tap loaded one.
  const waiting = page.waitForFunction(
    () => (window as unknown as Partial<ProbeGlobals>).__tapBenchResult ?? false,
    undefined,
    { polling: RESULT_POLL_MS, timeout: RESULT_TIMEOUT },
  );
  const handle = await waiting.catch(async (error: unknown) => {
    if (!(error instanceof errors.TimeoutError)) throw error;
    const view = await page
      .evaluate((label) => (window as unknown as ProbeGlobals).__tapBenchView(label), paginationLabel)
      .then(describeView, () => '읽지 못함');
    throw new Error(`${which}의 결과가 ${RESULT_TIMEOUT / 1000}초 안에 나오지 않았습니다 (화면: ${view})`);
  });
  const result = (await handle.jsonValue()) as ResultMoment;
  await handle.dispose();
  if (result.doc !== before.doc) {
    const start = result.downAt ?? tappedAt + offset;
    return { ms: result.timeOrigin + result.now - start, navigated: true };
  }
  if (result.down === null) throw new Error('탭의 pointerdown이 기록되지 않았습니다.');
  return { ms: result.now - result.down, navigated: false };
}

/** One visit in a fresh context: load, two taps, then the first tap's request alone. */
async function oneRun(browser: Browser, spec: TapScenarioSpec, options: TapBenchOptions): Promise<TapRun> {
  const { context, page } = await slowPhonePage(browser, options.cpuMultiplier, probeScript());
  try {
    const apiOrigin = new URL(options.apiUrl).origin;
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const type = request.resourceType();
      if ((type === 'fetch' || type === 'xhr') && new URL(request.url()).origin === apiOrigin)
        apiRequests.push(request.url());
    });

    const requests = watchNetwork(page);
    await page.goto(`${options.siteUrl}${spec.path}`, { waitUntil: 'load', timeout: 60_000 });
    // The quiet counts from the first paint on, which starts the island's prefetch: at a slow
    // phone's CPU the stretch between the load event and the paint outlasted QUIET_MS, and two
    // FAQ first taps of five came before the prefetch had begun (3.5 s, where a settled page
    // answers in 0.8 s).
    await untilFirstPaint(page);
    requests.countFromNow();
    await requests.untilQuiet(QUIET_MS, IDLE_TIMEOUT);
    // The first wait for a page function makes Playwright run its helper script in the page
    // (about 60 ms of the main thread at an 11× slowdown, in a trace): not the visitor's cost,
    // so it is paid here rather than inside the first tap's timing.
    await page.waitForFunction(() => true);

    const seen = apiRequests.length;
    const first = await timedTap(page, spec.steps[0], '첫 탭');
    const firstRequest = apiRequests[seen];
    if (firstRequest === undefined) throw new Error('첫 탭이 콘텐츠 API를 부르지 않았습니다.');
    const second = await timedTap(page, spec.steps[1], '두 번째 탭');

    // The same request alone, from the same page and connection pool, bypassing the HTTP cache.
    const network = await page.evaluate(async (url) => {
      const start = performance.now();
      const response = await fetch(url, { cache: 'no-store' });
      await response.text();
      return performance.now() - start;
    }, firstRequest);

    return {
      first: first.ms,
      second: second.ms,
      network,
      navigated: { first: first.navigated, second: second.navigated },
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs every scenario `runs` times. A run that fails (a result that never came) is not repeated:
 * it is counted, and the report fails the scenario (tap-report.ts), since a repeat would hide a
 * tap that a visitor can lose too.
 */
export async function runTapBench(options: TapBenchOptions): Promise<TapScenarioResult[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const browser = await launchBenchBrowser(options.chromePath);
  try {
    const results: TapScenarioResult[] = [];
    for (const scenario of options.scenarios ?? tapScenarios) {
      const runs: TapRun[] = [];
      let failed = 0;
      for (let index = 1; index <= options.runs; index++) {
        try {
          const run = await oneRun(browser, scenario, options);
          runs.push(run);
          log(describeTapRun(scenario, index, options.runs, run));
        } catch (error) {
          failed++;
          const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
          log(describeFailedRun(scenario, index, options.runs, reason));
        }
      }
      results.push({ scenario, runs, failed });
    }
    return results;
  } finally {
    await browser.close();
  }
}
