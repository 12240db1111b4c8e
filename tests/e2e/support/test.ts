/**
 * The Playwright `test` of the end-to-end specs: after `page.goto` and `page.reload` it waits
 * until every island has hydrated. List islands use `client:afterpaint`: on a first-page address
 * they hydrate on the visitor's first interaction, so the fixture points at each waiting island
 * (a `pointerover`, as a mouse would) and waits for it; otherwise they hydrate after the first
 * paint, and a test that clicked right after the load event could press a button React does not
 * handle yet. How a page behaves before hydration is tested apart (lazy-start.spec.ts), with
 * Playwright's own `test`.
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/** Resolves once no `astro-island` is waiting to hydrate (at once when scripts are off). */
export async function waitForIslands(page: Page): Promise<void> {
  // Astro removes `ssr` from an island when it hydrates; without JavaScript `Astro` never exists.
  // An island waiting for an interaction carries `data-hydrate-on-interaction`: give it one.
  await page.waitForFunction(
    () => {
      if (!('Astro' in window)) return true;
      const waiting = [...document.querySelectorAll('astro-island[ssr]')];
      if (!waiting.every((island) => island.hasAttribute('data-hydrate-on-interaction'))) return false;
      for (const island of waiting) island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      return true;
    },
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForFunction(() => !('Astro' in window) || document.querySelector('astro-island[ssr]') === null, undefined, {
    timeout: 15_000,
  });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await waitForIslands(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await waitForIslands(page);
      return response;
    };
    await use(page);
  },
});
