/**
 * The long-task trace of `npm run bench` (`--only trace` alone): each page loaded once in a fresh
 * context at the calibrated CPU slowdown and DevTools' "Slow 4G" (the network Lighthouse's
 * simulation stands for: 150 ms × 3.75 round trip), recorded with the Performance panel's trace
 * categories until the network has been quiet for a while, and every main-thread task after the
 * first paint longer than 50 ms listed with what it spent its time on (long-tasks.ts).
 *
 * Lighthouse's TBT is simulated from the tasks of an unthrottled load, each multiplied by the
 * slowdown; here the browser really runs slowed, so a task's length is what the phone would see.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser } from 'playwright';
import { formatLongTasks, longTasksAfterPaint, type LongTask, type TraceEvent } from './long-tasks.ts';
import { watchNetwork } from './quiet-network.ts';
import { launchBenchBrowser, slowPhonePage } from './slow-phone-page.ts';

/** The Performance panel's categories, and V8's for the compile events. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'loading',
  'blink.user_timing',
  'toplevel',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
];

/** After `load`: quiet this long, and then this much more for late work (font swaps, idle tasks). */
const QUIET_MS = 1_000;
const TAIL_MS = 3_000;

export interface TraceBenchOptions {
  siteUrl: string;
  chromePath: string;
  cpuMultiplier: number;
  paths: readonly string[];
  runs: number;
  /** Keeps each trace as JSON here (open it in DevTools' Performance panel), when given. */
  saveDir?: string | undefined;
  log?(line: string): void;
}

export interface TracedPage {
  path: string;
  runs: LongTask[][];
}

async function traceOnce(browser: Browser, url: string, options: TraceBenchOptions): Promise<TraceEvent[]> {
  const { context, page } = await slowPhonePage(browser, options.cpuMultiplier);
  try {
    await browser.startTracing(page, { categories: CATEGORIES });
    const requests = watchNetwork(page);
    await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    await requests.untilQuiet(QUIET_MS, 20_000);
    await page.waitForTimeout(TAIL_MS);
    const buffer = await browser.stopTracing();
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  } finally {
    await context.close();
  }
}

/** Traces every path `runs` times and prints each run's long tasks. */
export async function runTraceBench(options: TraceBenchOptions): Promise<TracedPage[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const browser = await launchBenchBrowser(options.chromePath);
  try {
    const pages: TracedPage[] = [];
    for (const path of options.paths) {
      const runs: LongTask[][] = [];
      for (let index = 1; index <= options.runs; index++) {
        const events = await traceOnce(browser, `${options.siteUrl}${path}`, options);
        if (options.saveDir) {
          const name = `${path.replace(/[^a-zA-Z0-9]+/g, '_') || '_'}-${index}.json`;
          writeFileSync(join(options.saveDir, name), JSON.stringify({ traceEvents: events }));
        }
        const tasks = longTasksAfterPaint(events);
        runs.push(tasks);
        log(`  ${path} ${index}/${options.runs}: 첫 페인트 뒤 50 ms 넘는 작업 ${tasks.length}개`);
        for (const line of formatLongTasks(tasks)) log(line);
      }
      pages.push({ path, runs });
    }
    return pages;
  } finally {
    await browser.close();
  }
}
