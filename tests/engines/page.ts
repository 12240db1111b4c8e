/** Visitor-level helpers over a Driver: open a page and wait for its islands, wait for a condition, pick elements by text. */
import type { Driver } from './driver.ts';

export class Site {
  readonly driver: Driver;
  readonly siteUrl: string;

  constructor(driver: Driver, siteUrl: string) {
    this.driver = driver;
    this.siteUrl = siteUrl;
  }

  /** Opens a site path and waits until every island has hydrated (Astro removes `ssr` when it does). */
  async open(path: string): Promise<void> {
    await this.driver.goto(this.siteUrl + path);
    await this.waitForIslands();
  }

  /**
   * List islands on a first-page address hydrate on the visitor's first interaction
   * (`data-hydrate-on-interaction`): each waiting one gets a `pointerover`, as a mouse would;
   * the others hydrate after the first paint. How a page behaves before hydration is tested in
   * Chromium (tests/e2e/lazy-start.spec.ts).
   */
  async waitForIslands(): Promise<void> {
    await this.waitFor(
      () => {
        if (document.readyState !== 'complete') return false;
        if (!('Astro' in window)) return true;
        const waiting = [...document.querySelectorAll('astro-island[ssr]')];
        if (!waiting.every((island) => island.hasAttribute('data-hydrate-on-interaction'))) return false;
        for (const island of waiting)
          island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        return true;
      },
      [],
      '아일랜드 준비',
      20_000,
    );
    await this.waitFor(
      () => document.querySelector('astro-island[ssr]') === null,
      [],
      '아일랜드 하이드레이션',
      20_000,
    );
  }

  /** Polls a function in the page until it returns a truthy value; returns that value. */
  async waitFor<T, A extends unknown[]>(
    fn: (...args: A) => T,
    args: A,
    what: string,
    timeout = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        last = await this.driver.evaluate(fn, ...args);
        if (last) return last as T;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) {
        const detail = last instanceof Error ? last.message : JSON.stringify(last);
        throw new Error(`${what}: ${timeout / 1000}초 안에 이루어지지 않았습니다 (마지막 값 ${detail})`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The path and query of the current address. */
  async location(): Promise<string> {
    const url = new URL(await this.driver.url());
    return url.pathname + url.search;
  }

  async waitForLocation(test: RegExp, what = `주소 ${test}`): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const current = await this.location();
      if (test.test(current)) return current;
      if (Date.now() > deadline) throw new Error(`${what}: 주소가 ${current}입니다.`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The trimmed text of the first element matching the selector ('' when none). */
  text(selector: string): Promise<string> {
    return this.driver.evaluate(
      (sel: string) => (document.querySelector(sel)?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      selector,
    );
  }

  /**
   * The position, among the elements matching `selector`, of the first whose text equals `text`.
   * (Nothing is written into the page: an island still hydrating would see a changed DOM.)
   */
  async indexOf(selector: string, text: string): Promise<number> {
    const index = await this.waitFor(
      (sel: string, wanted: string) =>
        [...document.querySelectorAll(sel)].findIndex(
          (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim() === wanted,
        ) + 1,
      [selector, text],
      `${selector} 중 "${text}"`,
    );
    return index - 1;
  }

  async clickText(selector: string, text: string): Promise<void> {
    await this.driver.click(selector, await this.indexOf(selector, text));
  }

  /** Script errors, failed loads of the site's own files and CSP violations since the page opened. */
  async errors(): Promise<string[]> {
    const host = new URL(this.siteUrl).hostname;
    const inPage = await this.driver.evaluate(
      () => (window as unknown as { __engineErrors?: string[] }).__engineErrors ?? [],
    );
    const engine = this.driver.takeEngineErrors();
    // Pictures and embeds on other hosts cannot load on this offline machine; they are not the site's fault.
    const offline = (message: string) =>
      /^load failed: https?:\/\//.test(message) && !message.includes(`//${host}`);
    // Firefox reports through puppeteer what the page it is leaving could not finish: a font
    // download cut short (NS_BINDING_ABORTED), a chunk import cut off by the navigation. A chunk
    // that fails on a live page shows in the page's own record (an island error or rejection).
    const aborted = (message: string) =>
      /NS_BINDING_ABORTED|status=2152398850|error loading dynamically imported module/.test(message);
    return [
      ...inPage.filter((message) => !offline(message)),
      ...engine.filter((message) => !aborted(message)),
    ];
  }
}
