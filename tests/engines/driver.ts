/**
 * The thin browser interface the cross-engine suite is written against. One implementation
 * drives WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver, `webkit.ts`), the other
 * Firefox ESR through WebDriver BiDi with puppeteer-core (`firefox.ts`); `site.test.ts` runs
 * the same tests on both.
 *
 * Selectors are CSS selectors. Interactions are the engine's own input (WebDriver element
 * click and key actions, puppeteer's mouse and keyboard), not `element.click()` in the page.
 */
export type EngineName = 'webkit' | 'firefox';

export interface Driver {
  readonly engine: EngineName;
  /** Browser name and version, e.g. `MiniBrowser (WebKitGTK) 2.50.6`. */
  readonly version: string;
  /** Sets the page's viewport (CSS pixels) to exactly this size. */
  setViewport(width: number, height: number): Promise<void>;
  /** Opens an absolute address and waits for the load event. */
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  back(): Promise<void>;
  forward(): Promise<void>;
  /** Clicks the element matching the selector (the `index`-th match, default the first), scrolled into view first. */
  click(selector: string, index?: number): Promise<void>;
  /** Focuses the element and types the text into it (after clearing it when `clear`). */
  type(selector: string, text: string, options?: { clear?: boolean }): Promise<void>;
  /** Chooses the option with this value in a <select> as a visitor would. */
  select(selector: string, value: string): Promise<void>;
  /** Presses a key on the focused element: `Enter`, `Tab`, `ArrowRight`, `ArrowLeft`, `ArrowDown`, `Home`, `End`, `Escape`. */
  press(key: Key): Promise<void>;
  /** Runs a function in the page with JSON arguments and returns its JSON result. */
  evaluate<T, A extends unknown[] = unknown[]>(
    fn: (...args: A) => T | Promise<T>,
    ...args: A
  ): Promise<Awaited<T>>;
  /** A PNG of the viewport, or of the whole page when `fullPage`. */
  screenshot(options?: { fullPage?: boolean }): Promise<Buffer>;
  /** Errors the engine itself reported since the last call (Firefox only; WebKit has no such channel). */
  takeEngineErrors(): string[];
  close(): Promise<void>;
}

export type Key =
  | 'Enter'
  | 'Tab'
  | 'ArrowRight'
  | 'ArrowLeft'
  | 'ArrowDown'
  | 'ArrowUp'
  | 'Home'
  | 'End'
  | 'Escape'
  | 'Space';

/**
 * Runs in the page: scrolls the `index`-th match of `selector` to the centre of the screen and
 * waits until it stays put. Sections, cards and questions below the first screen are
 * `content-visibility: auto`: rendering them when they come near takes their real height, and
 * an engine without scroll anchoring (WebKit) then moves the element after the scroll. A click
 * at the position computed right after the scroll could land beside it.
 */
export async function scrollIntoViewSettled(selector: string, index: number): Promise<void> {
  const element = document.querySelectorAll(selector)[index];
  if (!element) throw new Error(`요소가 없습니다: ${selector} (${index}번째)`);
  // No named inner functions: this is sent to the page as text, and a transform that keeps
  // function names would wrap them in a helper the page does not have.
  for (let attempt = 0; attempt < 10; attempt++) {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const before = element.getBoundingClientRect();
    for (let frames = 0; frames < 2; frames++)
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const after = element.getBoundingClientRect();
    if (before.top === after.top && before.left === after.left) return;
  }
}
