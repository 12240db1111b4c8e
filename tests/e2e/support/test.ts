/**
 * The Playwright `test` of the end-to-end specs: after `page.goto` and `page.reload` it waits
 * until every island has hydrated. List islands use `client:afterpaint`, so a test that clicked right
 * after the load event could otherwise press a button that React does not handle yet (a
 * visitor's early click falls back to the plain HTML form and links, which tests check apart).
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

/** Resolves once no `astro-island` is waiting to hydrate (at once when scripts are off). */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(
    // Astro removes `ssr` from an island when it hydrates; without JavaScript `Astro` never exists.
    () => !('Astro' in window) || document.querySelector('astro-island[ssr]') === null,
    undefined,
    { timeout: 15_000 },
  );
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
