/**
 * The benches' phone in a real browser: DevTools' "Slow 4G", a 390 px touch screen and the
 * calibrated CPU slowdown (cpu-calibration.ts), in a fresh context per visit (an empty cache). The
 * first taps (tap-bench.ts) and the long-task trace (trace-bench.ts) load their pages this way.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';

/** DevTools' "Slow 4G" preset (Chromium's network throttling presets), in CDP's units. */
export const SLOW_4G = {
  /** Added to every request's round trip, ms. */
  latency: 562.5,
  /** Bytes per second: 1.47 Mbps down, 675 kbps up. */
  downloadThroughput: 1.47e6 / 8,
  uploadThroughput: 675e3 / 8,
} as const;

export const VIEWPORT = { width: 390, height: 844 } as const;

export function launchBenchBrowser(chromePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: ['--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A page in a new phone context, throttled before its first request so the document and
 * everything after it is slowed; `initScript` runs in every document first. Close the context.
 */
export async function slowPhonePage(
  browser: Browser,
  cpuMultiplier: number,
  initScript?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    locale: 'ko-KR',
  });
  try {
    if (initScript) await context.addInitScript({ content: initScript });
    const page = await context.newPage();
    await throttlePage(context, page, cpuMultiplier);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Slows `page` to the phone: its CPU by `cpuMultiplier`, and its network to Slow 4G unless told not to. */
export async function throttlePage(
  context: BrowserContext,
  page: Page,
  cpuMultiplier: number,
  network = true,
) {
  const cdp = await context.newCDPSession(page);
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      ...SLOW_4G,
      connectionType: 'cellular4g',
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuMultiplier });
}

/**
 * Resolves once `page` has had its first contentful paint. A plain evaluate, not a
 * `waitForFunction`: that one runs Playwright's helper script in the page, main-thread work that
 * the tap bench keeps out of the load (tap-bench.ts).
 */
export function untilFirstPaint(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          resolve();
        });
        observer.observe({ type: 'paint', buffered: true });
      }),
  );
}
