/**
 * Web fonts stay off the critical path (src/lib/fonts/font-loading.ts): a first visit paints
 * and stays in the system font and downloads Pretendard in the background after the load
 * event; the next page applies it before its first paint from the cache.
 */
import { test, expect } from './support/test.ts';

test('첫 방문은 시스템 글꼴로 그리고, 다음 페이지부터 Pretendard를 쓴다', async ({
  page,
  site,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', '화면 폭과 관계없는 동작입니다.');
  const fontRequests: { url: string; beforeLoad: boolean }[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    if (/\.woff2$|\/fonts\/pretendard-/.test(request.url()))
      fontRequests.push({ url: request.url(), beforeLoad: !loaded });
  });
  // Records every font stylesheet or `@font-face` rule added to the document after the load
  // event (the page adds other styles after its first paint: the footer's, a list island's).
  await page.addInitScript(() => {
    const added: string[] = [];
    (window as unknown as { addedStyles: string[] }).addedStyles = added;
    addEventListener('load', () => {
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            const font =
              (node instanceof HTMLStyleElement && /@font-face/.test(node.textContent ?? '')) ||
              (node instanceof HTMLLinkElement &&
                /stylesheet|preload/.test(node.rel) &&
                (/\/fonts\//.test(node.href) || node.as === 'font'));
            if (font) {
              added.push(node.outerHTML.slice(0, 120));
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
  });

  await site.goto('/faq', { waitUntil: 'load' });
  const href = await page.locator('html').getAttribute('data-web-fonts');
  expect(href).toMatch(/^\/fonts\/pretendard-[0-9a-f]+\.css$/);
  // Nothing font-related before the load event; afterwards the files are fetched into the cache.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('web-fonts'))).toBe(href);
  expect(fontRequests.filter((r) => r.url.endsWith('.woff2')).length).toBeGreaterThan(1);
  expect(fontRequests.filter((r) => r.beforeLoad)).toEqual([]);
  // …and the first visit does no style work for them: no stylesheet and no font face was added.
  expect(await page.evaluate(() => (window as unknown as { addedStyles: string[] }).addedStyles)).toEqual([]);
  await expect(page.locator('link[rel="stylesheet"][href^="/fonts/"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.fonts.size)).toBe(0);

  // The next page: the head script adds the stylesheet, render-blocking, and the text uses it,
  // with every font file of the first page's text taken from the HTTP cache.
  const firstFiles = new Set(
    fontRequests.filter((r) => r.url.endsWith('.woff2')).map((r) => new URL(r.url).pathname),
  );
  await site.goto('/hrcontents', { waitUntil: 'load' });
  await expect(page.locator('html')).toHaveAttribute('data-web-fonts-applied', '');
  await expect(page.locator('link[rel="stylesheet"][href^="/fonts/"]')).toHaveAttribute('blocking', 'render');
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px "Pretendard Variable"', 'HR 이야기')))
    .toBe(true);
  const loadedFamilies = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.status === 'loaded')
      .map((face) => face.family.replaceAll('"', '')),
  );
  expect(loadedFamilies).toContain('Pretendard Variable');
  const fromNetwork = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter(
        (entry) => entry.name.endsWith('.woff2') && (entry as PerformanceResourceTiming).transferSize > 0,
      )
      .map((entry) => new URL(entry.name).pathname),
  );
  expect(fromNetwork.filter((path) => firstFiles.has(path))).toEqual([]);
});
