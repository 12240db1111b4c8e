/**
 * Firefox ESR (Debian `firefox-esr`) through WebDriver BiDi, which Firefox speaks natively, with
 * puppeteer-core: no geckodriver, no downloaded browser. Headless, so no X display is needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { scrollIntoViewSettled, type Driver, type Key } from './driver.ts';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function launchFirefox(): Promise<Driver> {
  const profile = mkdtempSync(join(tmpdir(), 'engines-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      // No update checks, telemetry or first-run pages; system fonts as the site sets them.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'browser.shell.checkDefaultBrowser': false,
    },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (error) =>
    errors.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });

  const driver: Driver = {
    engine: 'firefox',
    version: `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`,
    async setViewport(width, height) {
      try {
        await page.setViewport({ width, height });
      } catch (error) {
        // puppeteer sends the screen's orientation beside the viewport, a command Firefox ESR 140
        // does not know; it tolerates such an answer for touch, not for this. The viewport
        // command itself is sent all the same: wait until the page has the size.
        if (!String(error).includes('setScreenOrientationOverride')) throw error;
        // Polled from here, as the WebKit driver does: the page's CSP blocks the `Function()` a
        // `waitForFunction` uses.
        const deadline = Date.now() + 10_000;
        const sized = () => page.evaluate((w, h) => innerWidth === w && innerHeight === h, width, height);
        while (!(await sized())) {
          if (Date.now() > deadline)
            throw new Error(`Firefox 창 크기를 맞추지 못했습니다 (목표 ${width}×${height})`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    // Read in the page: puppeteer learns of a `history.pushState` from an event Firefox ESR 140
    // does not send, so its own `page.url()` stays on the address the page was loaded with.
    // Between two documents there is no page to ask: puppeteer's then.
    url: () => page.evaluate(() => location.href).catch(() => page.url()),
    // The page's own history: the lists' entries are one document's (`pushState`), and
    // puppeteer's goBack waits for a navigation event Firefox ESR 140 does not send for them.
    // The tests wait for the address and the list themselves.
    async back() {
      await page.evaluate(() => history.back());
    },
    async forward() {
      await page.evaluate(() => history.forward());
    },
    async click(selector, index = 0) {
      await page.waitForSelector(selector, { timeout: 10_000 });
      const all = await page.$$(selector);
      const element = all[index];
      if (!element) throw new Error(`요소가 없습니다: ${selector} (${index}번째)`);
      await Promise.all(all.filter((other) => other !== element).map((other) => other.dispose()));
      await page.evaluate(scrollIntoViewSettled, selector, index);
      await element.click();
      await element.dispose();
    },
    async type(selector, text, { clear = false } = {}) {
      const element = await page.waitForSelector(selector, { timeout: 10_000 });
      if (!element) throw new Error(`요소가 없습니다: ${selector}`);
      await element.focus();
      if (clear) await element.evaluate((el) => ((el as HTMLInputElement).value = ''));
      await element.type(text);
      await element.dispose();
    },
    async select(selector, value) {
      await page.select(selector, value);
    },
    async press(key: Key) {
      await page.keyboard.press(key === 'Space' ? ' ' : key);
    },
    evaluate: ((fn: (...args: unknown[]) => unknown, ...args: unknown[]) =>
      page.evaluate(fn, ...args)) as Driver['evaluate'],
    async screenshot({ fullPage = false } = {}) {
      return Buffer.from(await page.screenshot({ fullPage, type: 'png' }));
    },
    takeEngineErrors: () => errors.splice(0),
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return driver;
}
