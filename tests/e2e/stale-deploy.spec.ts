/**
 * A deploy under an open page: the hashed files the page was built with are gone from the host
 * (every `/_astro/*.js` now answers 404, as after a deploy that pruned them). No part of the page
 * may stay dead: it says, in Korean, that a new version is out and offers a reload, and a list
 * island goes back to waiting so a later interaction tries again. Pages open with `page.goto`,
 * not `site.goto`, which would hydrate the islands itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Locator, type Page } from './support/test.ts';
import { detailIds, distDir } from './support/built-site.ts';
import { moduleImports } from '../../src/features/lists/first-tap/module-downloads.ts';

/** From now on the host has none of the page's hashed script files. */
async function deleteChunks(page: Page): Promise<void> {
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'text/plain',
      headers: { 'cache-control': 'no-store' },
      body: 'Not found',
    }),
  );
}

/**
 * Every file the island's prefetch downloads and hands to the browser to compile: its first files
 * and all they name (module-downloads.ts), read from the build.
 */
async function prefetchedFiles(island: Locator): Promise<string[]> {
  const { roots, lazy } = await island.evaluate((el) => ({
    roots: ['component-url', 'renderer-url'].map(
      (name) => new URL(el.getAttribute(name)!, location.href).href,
    ),
    lazy: el.querySelector('[data-lazy-code]') !== null,
  }));
  const named = roots.flatMap((url) =>
    moduleImports(readFileSync(join(distDir, new URL(url).pathname), 'utf8'), url, lazy),
  );
  return [...new Set([...roots, ...named])];
}

// Astro retries a failed import once, a second later, before it gives up; a busy machine adds to that.
const notice = (page: Page) =>
  page.getByRole('alert').filter({ hasText: '사이트가 새 버전으로 업데이트되었습니다.' });

test('목록 섬: 파일이 사라진 뒤 첫 상호작용에 새 버전 안내와 새로 고침 버튼을 보이고, 다음 상호작용에 다시 시도한다', async ({
  page,
}) => {
  // Gone before the island's code reached the page: its download after the first paint fails
  // too. (Once downloaded and compiled, the code no longer needs the host: see the next test.)
  await deleteChunks(page);
  await page.goto('/newsRoom');
  const island = page.locator('astro-island').first();
  await expect(island).toHaveAttribute('data-hydrate-on-interaction', '');

  await page.getByRole('region', { name: '뉴스 목록', exact: true }).hover();
  await expect(notice(page)).toBeVisible({ timeout: 15_000 });
  await expect(notice(page).getByRole('button', { name: '새로 고침' })).toBeVisible();
  // Still waiting: the island was not left half-started, and its links work without it.
  await expect(island).toHaveAttribute('data-hydrate-on-interaction', '');
  await expect(island).toHaveAttribute('ssr', '');

  // The host has the files again (a retry after a moment): the next interaction starts the island.
  await page.unroute(/\/_astro\/.*\.js(\?.*)?$/);
  await page.mouse.move(0, 0);
  await page.getByRole('region', { name: '뉴스 목록', exact: true }).hover();
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
});

test('목록 섬: 코드를 받아 컴파일해 둔 뒤에 파일이 사라지면, 안내 없이 그대로 시작한다', async ({ page }) => {
  await page.goto('/newsRoom');
  const island = page.locator('astro-island').first();
  await expect(island).toHaveAttribute('data-hydrate-on-interaction', '');
  // A pointer on the page, away from the list: the prefetch compiles at the first interaction.
  await page.getByRole('banner').hover({ position: { x: 2, y: 2 } });
  // The prefetch has handed every file it downloaded to the browser to compile (modulepreload),
  // one file a task: all of them, not only those linked so far. A routed page skips the HTTP
  // cache, so a file not compiled by then would be asked for again, and missing.
  const files = await prefetchedFiles(island);
  await expect
    .poll(() =>
      page.evaluate((expected) => {
        const linked = new Set(
          [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
            (link) => link.href,
          ),
        );
        const done = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
        return expected.filter((url) => !linked.has(url) || !done.has(url));
      }, files),
    )
    .toEqual([]);
  await deleteChunks(page);

  await page.getByRole('region', { name: '뉴스 목록', exact: true }).hover();
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  await expect(notice(page)).toHaveCount(0);
});

test('주소가 첫 페이지가 아닐 때(곧바로 시작하는 섬)도 안내한다', async ({ page }) => {
  await deleteChunks(page);
  await page.goto('/newsRoom?page=2');
  await expect(notice(page)).toBeVisible({ timeout: 15_000 });
});

test('실시간 상세(쿼리 주소)의 섬 파일이 없으면 끝없는 로딩 대신 안내한다', async ({ page }) => {
  await deleteChunks(page);
  await page.goto(`/info/blog?portal=${encodeURIComponent(detailIds('info/blog')[0]!)}`);
  await expect(notice(page)).toBeVisible({ timeout: 15_000 });
});

test('새로 고침 뒤에도 곧바로 다시 실패하면 되풀이 대신 잠시 기다려 달라고 안내한다', async ({ page }) => {
  await deleteChunks(page);
  await page.goto('/newsRoom?page=2');
  await expect(notice(page)).toBeVisible({ timeout: 15_000 });
  await notice(page).getByRole('button', { name: '새로 고침' }).click();
  await page.waitForLoadState('load');
  await expect(notice(page)).toBeVisible({ timeout: 15_000 });
  await expect(notice(page)).toContainText(
    '새 버전을 아직 불러오지 못했습니다. 잠시 후 다시 새로 고쳐 주세요.',
  );
});
