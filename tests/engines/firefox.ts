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
      await page.setViewport({ width, height });
    },
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    url: async () => page.url(),
    async back() {
      await page.goBack({ waitUntil: 'load' });
    },
    async forward() {
      await page.goForward({ waitUntil: 'load' });
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
