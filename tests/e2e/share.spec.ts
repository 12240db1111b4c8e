/**
 * Sharing on KakaoTalk, Naver, Facebook and X: every detail and product page has its own share
 * picture in the build (1200×630 JPEG or PNG, at most 100 KB), and the share row's `링크 복사`
 * and `공유하기` buttons work (clipboard, Web Share API where it exists).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { test, expect, type Page } from './support/test.ts';
import { builtPages, canonicalOf, decodeEntities, detailIds, distDir, metaOf } from './support/built-site.ts';

const PRODUCT_PAGES = [
  'soft-skill',
  'bei',
  'guider',
  'free-interview',
  'result',
  'self-introduction',
  'operation',
  'whitepaper',
];
const DETAIL_PAGE = /^\/(info\/blog|cad_archive|info\/patent)\/[^/]+\/$/;
const MAX_BYTES = 100 * 1024;

test.describe('공유 이미지', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', '빌드 결과만 읽는 검사라 한 번만 실행합니다.');
  });

  test('상세·제품 페이지마다 고유한 1200×630 공유 이미지가 빌드에 있다', async ({ request }) => {
    const pages = builtPages();
    const site = canonicalOf(pages.find((page) => page.path === '/')!.html)!;
    const own = pages.filter(
      (page) => DETAIL_PAGE.test(page.path) || PRODUCT_PAGES.includes(page.path.replace(/^\/|\/$/g, '')),
    );
    // Every detail of the build and every product page is checked.
    const details = ['info/blog', 'cad_archive', 'info/patent'].reduce(
      (sum, prefix) => sum + detailIds(prefix).length,
      0,
    );
    expect(own.length).toBe(details + PRODUCT_PAGES.length);

    const seen = new Map<string, string>();
    for (const { path, html } of own) {
      const image = metaOf(html, 'og:image') ?? '';
      expect(image, path).toMatch(new RegExp(`^${site.replace(/[.?]/g, '\\$&')}og/.+\\.(jpe?g|png)$`));
      expect(seen.get(image), `${path}: ${image} is shared with another page`).toBeUndefined();
      seen.set(image, path);
      // X reads the picture from og:image (SeoHead.astro leaves its own tag out).
      expect(metaOf(html, 'twitter:image'), path).toBeUndefined();
      expect(metaOf(html, 'og:image:width'), path).toBe('1200');
      expect(metaOf(html, 'og:image:height'), path).toBe('630');
      const alt = decodeEntities(metaOf(html, 'og:image:alt') ?? '');
      const h1 = decodeEntities(/<h1[^>]*>([^<]*)</.exec(html)?.[1] ?? '').trim();
      expect(alt, path).toContain(h1);

      const file = join(distDir, new URL(image).pathname);
      expect(existsSync(file), `${path}: ${file}`).toBe(true);
      const bytes = readFileSync(file);
      expect(bytes.byteLength, `${path}: ${file}`).toBeLessThanOrEqual(MAX_BYTES);
      const meta = await sharp(bytes).metadata();
      expect(['jpeg', 'png'], `${path}: ${file}`).toContain(meta.format);
      expect(metaOf(html, 'og:image:type'), path).toBe(`image/${meta.format}`);
      expect([meta.width, meta.height], `${path}: ${file}`).toEqual([1200, 630]);
    }

    // Served as an image by the static server.
    const sample = await request.get(new URL(metaOf(own[0]!.html, 'og:image')!).pathname);
    expect(sample.status()).toBe(200);
    expect(sample.headers()['content-type']).toMatch(/^image\/(jpeg|png)/);

    // Other pages keep the default picture.
    for (const path of ['/', '/faq/', '/hrcontents/']) {
      const html = pages.find((page) => page.path === path)!.html;
      expect(metaOf(html, 'og:image'), path).toBe(`${site}og-default.png`);
    }
  });
});

const blogPath = () => `/info/blog/${detailIds('info/blog')[0]}`;
const copyButton = (page: Page) => page.getByRole('button', { name: '링크 복사', exact: true });
const shareButton = (page: Page) => page.getByRole('button', { name: '공유하기', exact: true });
const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

test.describe('공유 버튼', () => {
  test('링크 복사는 정규 주소를 복사하고 화면과 스크린 리더에 알린다', async ({
    page,
    site,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await site.goto(blogPath());
    const status = page.locator('[data-share-status]');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveText('');

    // Keyboard: the button is a real button in the tab order.
    await copyButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '링크를 복사했습니다.' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await canonical(page));
    expect(copied).toMatch(/^https?:\/\/[^/]+\/info\/blog\/[^/]+\/$/);
  });

  test('복사할 수 없으면 한국어로 안내한다', async ({ page, site }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        configurable: true,
        get: () => ({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }),
      });
      document.execCommand = () => false;
    });
    await site.goto(blogPath());
    await copyButton(page).click();
    await expect(page.locator('[data-share-status]')).toHaveText(/복사하지 못했습니다/);
  });

  test('Web Share API가 있으면 공유하기가 제목과 정규 주소로 공유 창을 연다', async ({ page, site }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    await site.goto(blogPath());
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await expect(shareButton(page)).toBeVisible();
    await shareButton(page).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
      .toEqual([{ title, url: await canonical(page) }]);
    // Closing the sheet is not an error.
    await expect(page.locator('[data-share-status]')).toHaveText('');
  });

  test('Web Share API가 없으면 공유하기 버튼이 없다', async ({ page, site }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await site.goto(blogPath());
    await expect(copyButton(page)).toBeVisible();
    await expect(shareButton(page)).toHaveCount(0);
    await expect(page.locator('[data-share-action="native"]')).toBeHidden();
  });

  test('공유 줄은 키보드로 차례대로 지나가며 화면 밖으로 넘치지 않는다', async ({ page, site }) => {
    await site.goto(blogPath());
    const row = page.locator('[data-share-row]');
    const names = ['X(트위터)에 공유', '네이버 블로그에 공유', '페이스북에 공유', '링크 복사'];
    await page.getByRole('link', { name: names[0]!, exact: true }).focus();
    for (const name of names.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveAttribute('aria-label', name);
    }
    const box = (await row.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
});
