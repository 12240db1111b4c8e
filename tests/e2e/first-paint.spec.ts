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

for (const [path, firstAfter] of [
  ['/newsRoom', 'site-footer'],
  ['/', 'customers'],
] as const) {
  test(`${path}: 첫 화면이 다 파싱된 뒤 한 번에 그려진다 (느린 회선)`, async ({ page, browserName }) => {
    test.skip(browserName !== 'chromium', 'rel=expect is a Chromium feature');
    // A slow phone's parser yields between the document's packets: without the wait, the first
    // frame showed the header alone and the page's layout came after it, as one long task.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 12 * 1024,
      uploadThroughput: 12 * 1024,
    });
    await page.addInitScript((id) => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameSaw: boolean }).firstFrameSaw =
          document.getElementById(id) !== null;
      });
    }, firstAfter);
    await page.goto(path);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { firstFrameSaw?: boolean }).firstFrameSaw))
      .toBe(true);
    // The home waits for its banner, a phone's first screen, not for the whole page.
    if (path === '/') {
      expect(await page.evaluate(() => document.getElementById('banner')?.nextElementSibling?.id)).toBe(
        firstAfter,
      );
    }
  });
}

// A `content-visibility: auto` footer near the first screen (within the distance at which the
// browser lays such a box out) is laid out before the first paint whatever its styles; should they
// come after the paint, the footer is laid out a second time then, a long task of a slow phone.
// Such a page carries the footer's styles itself (SiteFooter's `styles="inline"`).
for (const { path } of staticRoutes) {
  test(`${path}: 첫 화면과 함께 배치되는 바닥글은 스타일을 문서에 담아 온다 (휴대폰)`, async ({
    page,
    browserName,
  }) => {
    test.skip(
      browserName !== 'chromium' || test.info().project.name !== 'mobile',
      'content-visibility as the phone project lays it out',
    );
    // The footer's later stylesheet held back: the footer shows only what the document carries.
    await page.route(/\/_astro\/site-footer\.[^/]+\.css(\?|$)/, (route) => route.abort());
    await page.goto(path);
    await page.waitForLoadState('load');
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const footer = await page.evaluate(() => {
      const element = document.getElementById('site-footer')!;
      return {
        laidOut: element.querySelector('section')!.checkVisibility({ contentVisibilityAuto: true }),
        styled: getComputedStyle(element).visibility === 'visible',
      };
    });
    expect(footer.styled || !footer.laidOut, '첫 화면과 함께 배치된 바닥글에 스타일이 없다').toBe(true);
  });
}
