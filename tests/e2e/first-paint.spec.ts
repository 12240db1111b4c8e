/**
 * The first paint needs nothing but the HTML: pages reference no script file, and the
 * JavaScript they do use (islands, sliders, the web font download) is fetched only after the
 * first contentful paint. This checks the order of events, not how fast they are.
 *
 * Pages open with `page.goto`, not `site.goto`: `site.goto` points at waiting list islands right
 * after the load event to hydrate them, and on a busy machine the first paint can come after the
 * load event, so its hydration would be counted as the page's.
 */
import { test, expect } from './support/test.ts';
import { detailIds } from './support/built-site.ts';
import { staticRoutes } from './support/routes.ts';

const pages = [
  ...staticRoutes.map(({ path }) => path),
  `/info/blog/${detailIds('info/blog')[0]!}`,
  `/info/patent/${detailIds('info/patent')[0]!}`,
];

for (const path of pages) {
  test(`${path}: 스크립트 파일 없이 그려지고, 스크립트는 첫 화면 뒤에 받는다`, async ({ page }) => {
    const response = await page.request.get(path);
    // Page scripts are inlined; islands and sliders load their code with import() later on.
    expect((await response.text()).match(/<script[^>]+\bsrc=/g)).toBeNull();

    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // On a busy machine the first paint can be recorded after the network has gone quiet.
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      {
        timeout: 10_000,
      },
    );
    const { fcp, early } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const fetched = performance
        .getEntriesByType('resource')
        .filter((entry) => /\.(js|css)(\?|$)/.test(new URL(entry.name).pathname));
      return {
        fcp: paint?.startTime ?? null,
        early: fetched
          .filter((entry) => paint && entry.startTime < paint.startTime)
          .map((entry) => entry.name),
      };
    });
    expect(fcp).not.toBeNull();
    expect(early).toEqual([]);
  });
}
