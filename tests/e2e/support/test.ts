/**
 * The Playwright `test` of the end-to-end specs, with a `site` fixture that opens pages of the
 * built site ready to use: `site.goto(path)` and `site.reload()` navigate the test's page, then
 * wait until every island has hydrated. List islands use `client:interaction`: on a first-page
 * address they hydrate on the visitor's first interaction, so the fixture points at each waiting
 * island (a `pointerover`, as a mouse would) and waits for it; otherwise they hydrate after the
 * first paint, and a test that clicked right after the load event could press a button React does
 * not handle yet. `page.goto` stays Playwright's own, for the tests of a page before hydration
 * (first-paint, lazy-start and stale-deploy specs, the FAQ's click before hydration).
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page, Request, Route } from '@playwright/test';

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
  await page.waitForFunction(
    () => !('Astro' in window) || document.querySelector('astro-island[ssr]') === null,
    undefined,
    {
      timeout: 15_000,
    },
  );
}

/** The built site as the test's page opens it: every navigation waits for the islands. */
export interface Site {
  /** `page.goto(url, options)`, then {@link waitForIslands}. */
  goto(url: string, options?: Parameters<Page['goto']>[1]): ReturnType<Page['goto']>;
  /** `page.reload(options)`, then {@link waitForIslands}. */
  reload(options?: Parameters<Page['reload']>[0]): ReturnType<Page['reload']>;
}

export const test = base.extend<{ site: Site }>({
  site: async ({ page }, use) => {
    await use({
      async goto(url, options) {
        const response = await page.goto(url, options);
        await waitForIslands(page);
        return response;
      },
      async reload(options) {
        const response = await page.reload(options);
        await waitForIslands(page);
        return response;
      },
    });
  },
});
