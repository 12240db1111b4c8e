/**
 * Nothing starts on a plain page load that the visitor has not come to: list islands on a
 * first-page address hydrate on the first interaction with them, other addresses at once;
 * sliders start when the visitor scrolls near them or touches them, and that first touch is
 * carried out. These check behaviour, not timing. Pages open with `page.goto`, not `site.goto`,
 * which would hydrate the islands itself.
 */
import { test, expect, type Locator, type Page, type Request } from './support/test.ts';
import { noscriptContents } from './support/html.ts';
import { pictureLoaded } from './support/pictures.ts';
import { scrollToStay } from './support/scroll.ts';
import { addLaterStyles } from '../../src/lib/dom/later-styles.ts';

/** Waits until the browser has been idle after the load event (afterFirstPaint work has run). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => setTimeout(resolve, 400), { timeout: 3000 }), {
          timeout: 3000,
        }),
      ),
  );
}

/**
 * What the page itself loads once it has painted, not code of an island or a slider: its scripts
 * that wait for the paint (`later.<hash>.js`, src/integrations/later-scripts/), the web font
 * download's worker (fonts.spec.ts), the list's first-tap runtime and its worker that downloads
 * the island's code (src/features/lists/first-tap/).
 */
const isAfterPaintLoader = (url: string) =>
  /^\/_astro\/(later\.|font-cache\.worker-|module-cache\.worker-|first-tap-runtime\.)/.test(
    new URL(url).pathname,
  );
const isPageScript = (request: Request) =>
  request.resourceType() === 'script' && !isAfterPaintLoader(request.url());

const island = (page: Page) => page.locator('astro-island').first();
/** React marks every element it hydrated with a `__reactFiber$…` property. */
const hasReactFiber = (root: Element) =>
  [root, ...root.querySelectorAll('*')].some((el) =>
    Object.keys(el).some((key) => key.startsWith('__reactFiber$')),
  );
const hydrated = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector('astro-island') !== null && document.querySelector('astro-island[ssr]') === null,
  );

/** Holds every request for a script file until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('목록 섬', () => {
  test('첫 페이지 주소에서는 방문자가 처음 다가갈 때 하이드레이션한다', async ({ page }) => {
    const scripts: string[] = [];
    const downloads: string[] = [];
    page.on('request', (request) => {
      if (isPageScript(request)) scripts.push(request.url());
      else if (request.resourceType() === 'fetch') downloads.push(new URL(request.url()).pathname);
    });
    await page.goto('/newsRoom');
    await expect(island(page)).toHaveAttribute('data-hydrate-on-interaction', '');
    await settle(page);
    await expect(island(page)).toHaveAttribute('ssr', '');
    // Its code, and what that imports, is already downloaded after the first paint, not run.
    const code = await island(page).evaluate((el) => [
      el.getAttribute('component-url')!,
      el.getAttribute('renderer-url')!,
    ]);
    expect(downloads).toEqual(expect.arrayContaining(code));
    expect(downloads.length).toBeGreaterThan(code.length);
    // Not compiled at the load (the compile is background work that a slow phone's page thread
    // paid for while it started up): only once the visitor does something on the page.
    expect(scripts).toEqual([]);
    await page.getByRole('banner').hover({ position: { x: 2, y: 2 } });
    // Then handed to the browser to compile (modulepreload), each file once and only after its
    // download: no file is asked for as a script before the prefetch has it in the cache.
    const codeDownloads = downloads.filter((path) => /^\/_astro\/.*\.js$/.test(path));
    await expect.poll(() => scripts.length).toBe(codeDownloads.length);
    expect(scripts.map((url) => new URL(url).pathname).sort()).toEqual(codeDownloads.sort());
    // Compiled, not run: no element of the list has been touched by React.
    expect(await island(page).evaluate(hasReactFiber)).toBe(false);

    // The first interaction: pointing at the list (a touch or the focus does the same).
    await page.getByRole('region', { name: '뉴스 목록', exact: true }).hover();
    await hydrated(page);
    await expect(island(page)).not.toHaveAttribute('data-hydrate-on-interaction');
    expect(await island(page).evaluate(hasReactFiber)).toBe(true);
    // Hydrated: paging is handled in the page, without a new document.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page
      .getByRole('navigation', { name: '페이지' })
      .getByRole('link', { name: '2', exact: true })
      .click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(
      page.getByRole('navigation', { name: '페이지' }).locator('[aria-current="page"]'),
    ).toHaveText('2');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('첫 화면 뒤에 미리 받는 코드는 첫 탭에 쓸 것뿐이다: FAQ만 답의 HTML을 거르는 코드를 받는다', async ({
    page,
  }) => {
    for (const [path, sanitiser] of [
      ['/newsRoom', false],
      ['/hrcontents', false],
      ['/faq', true],
    ] as const) {
      const downloads: string[] = [];
      const record = (request: import('@playwright/test').Request) => {
        if (request.resourceType() === 'fetch') downloads.push(new URL(request.url()).pathname);
      };
      page.on('request', record);
      await page.goto(path);
      await settle(page);
      // On a loaded host the prefetch after the paint can start after the page has settled: wait
      // for it, then for the network to be quiet, before saying what it did not fetch.
      await expect.poll(() => downloads.length, { message: path }).toBeGreaterThan(2);
      await page.waitForLoadState('networkidle');
      page.off('request', record);
      // DOMPurify (31 KB) compiled at the first paint of a list that never shows HTML was most of
      // the blocking time it added there.
      expect(
        downloads.some((file) => /\/sanitize\.browser\.[\w-]+\.js$/.test(file)),
        path,
      ).toBe(sanitiser);
    }
  });

  test('키보드 포커스도 첫 상호작용이다', async ({ page }) => {
    await page.goto('/faq');
    await expect(island(page)).toHaveAttribute('data-hydrate-on-interaction', '');
    await page.getByRole('searchbox').focus();
    await hydrated(page);
  });

  for (const address of [
    '/newsRoom?page=2',
    '/faq?term=면접',
    '/hrcontents?page=1&topic_id=1',
    '/faq?term=',
  ]) {
    test(`${address}: HTML과 다른 것을 묻는 주소는 상호작용 없이 곧바로 하이드레이션한다`, async ({
      page,
    }) => {
      await page.goto(address);
      await hydrated(page);
    });
  }

  test('하이드레이션 전에 누른 FAQ 질문은 곧바로 열리고, 하이드레이션 뒤에도 열려 있다', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/faq');
    await expect(island(page)).toHaveAttribute('data-hydrate-on-interaction', '');
    // A question is the <summary> of a native <details>: the browser opens it without the island.
    const row = page.locator('details', { has: page.locator('summary[id^="faq-q-"]') }).first();
    const answer = row.locator('[id^="faq-a-"]');
    await expect(row).not.toHaveAttribute('open');
    await row.locator('summary').click();
    await expect(island(page)).toHaveAttribute('ssr', '');
    await expect(answer).toBeVisible();
    release();
    await hydrated(page);
    // Not played again after hydration (only buttons are): the row is still open, not toggled twice.
    await expect(row).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
  });

  test('하이드레이션 전에 입력한 검색어는 남고, 하이드레이션 뒤 Enter로 검색한다', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/newsRoom');
    await expect(island(page)).toHaveAttribute('data-hydrate-on-interaction', '');
    const box = page.getByRole('searchbox');
    await box.click();
    await box.pressSequentially('면접');
    await expect(island(page)).toHaveAttribute('ssr', '');
    release();
    await hydrated(page);
    await expect(box).toHaveValue('면접');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await box.press('Enter');
    await expect(page).toHaveURL(/[?&]term=%EB%A9%B4%EC%A0%91/);
    await expect(box).toHaveValue('면접');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});

type SwiperElement = HTMLElement & { swiper?: { realIndex: number; animating: boolean } };

/** The slide the slider rests on (0-based), or null while it has not started or is moving. */
function settledIndex(slider: Locator): Promise<number | null> {
  return slider.locator('.swiper').evaluate((element) => {
    const swiper = (element as SwiperElement).swiper;
    return swiper && !swiper.animating ? swiper.realIndex : null;
  });
}

test.describe('슬라이더', () => {
  const slider = (page: Page) => page.locator('#features [data-carousel]');

  test('처음 화면에 보이는 슬라이더는 다가가거나 손대기 전에는 시작하지 않고, 첫 점 클릭으로 시작해 그 슬라이드로 간다', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (isPageScript(request)) scripts.push(request.url());
    });
    await page.goto('/soft-skill');
    await settle(page);
    await expect(slider(page).locator('.swiper')).not.toHaveClass(/swiper-initialized/);
    expect(scripts).toEqual([]);
    // The dots are in the HTML before Swiper, the first one current.
    const dots = slider(page).locator('.swiper-pagination-bullet');
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await dots.nth(2).click();
    await expect(slider(page).locator('.swiper')).toHaveClass(/swiper-initialized/);
    await expect.poll(() => settledIndex(slider(page))).toBe(2);
    await expect(slider(page).locator('.swiper-pagination-bullet').nth(2)).toHaveClass(
      /swiper-pagination-bullet-active/,
    );
  });

  test('시작 전에는 뒤 슬라이드의 그림을 받지 않지만 그 이름은 보조 기술에 남고, 그 슬라이드로 가면 그림이 보인다', async ({
    page,
  }) => {
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (/\/soft-skill-[23]\./.test(request.url())) pictures.push(request.url());
    });
    await page.goto('/soft-skill');
    await settle(page);
    expect(pictures).toEqual([]);
    const later = slider(page).locator('[data-picture-wait="slider"]');
    await expect(later).toHaveCount(2);
    // The name is on the box, which stays in the accessibility tree while its content waits.
    const names = await later.evaluateAll((boxes) =>
      boxes.map((box) => box.getAttribute('aria-label') ?? ''),
    );
    expect(names.every((name) => name.length > 0)).toBe(true);
    for (const name of names)
      await expect(slider(page).getByRole('img', { name, exact: true })).toHaveCount(1);

    await slider(page).getByRole('button', { name: '다음 슬라이드' }).click();
    await expect.poll(() => settledIndex(slider(page))).toBe(1);
    const picture = later.first().locator('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => pictureLoaded(picture)).toBe(true);
    expect(pictures.length).toBeGreaterThan(0);
  });

  test('첫 클릭이 화살표여도 시작하고 다음 슬라이드로 간다', async ({ page }) => {
    await page.goto('/soft-skill');
    await settle(page);
    await slider(page).getByRole('button', { name: '다음 슬라이드' }).click();
    await expect.poll(() => settledIndex(slider(page))).toBe(1);
  });

  test('스크롤해서 다가가면 손대지 않아도 시작한다', async ({ page }) => {
    await page.goto('/soft-skill');
    await settle(page);
    await expect(slider(page).locator('.swiper')).not.toHaveClass(/swiper-initialized/);
    await page.evaluate(() => window.scrollBy(0, 200));
    await expect(slider(page).locator('.swiper')).toHaveClass(/swiper-initialized/);
    await expect.poll(() => settledIndex(slider(page))).toBe(0);
  });

  test('화면 밖의 슬라이더는 스크롤로 다가가면 시작한다 (홈, 390px)', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', '홈의 솔루션 슬라이더는 980px 이하에서만 슬라이더입니다.');
    await page.goto('/');
    await settle(page);
    const solution = page.locator('#solution [data-carousel] .swiper');
    await expect(solution).not.toHaveClass(/swiper-initialized/);
    await scrollToStay(solution);
    await expect(solution).toHaveClass(/swiper-initialized/);
  });

  test('슬라이더 코드가 준비되기 전에 이미 스크롤해 다가간 방문자에게는 다시 스크롤하지 않아도 시작한다 (홈, 390px)', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', '홈의 솔루션 슬라이더는 980px 이하에서만 슬라이더입니다.');
    // The loader starts at the first idle moment after the paint, which a slow phone can reach
    // only after the visitor has scrolled: hold every idle callback until the scroll is over.
    await page.addInitScript(() => {
      const original = window.requestIdleCallback.bind(window);
      const held: (() => void)[] = [];
      window.requestIdleCallback = (callback, options) => {
        held.push(() => original(callback, options));
        return 0;
      };
      Object.assign(window, {
        releaseIdle: () => {
          window.requestIdleCallback = original;
          for (const run of held.splice(0)) run();
        },
      });
    });
    await page.goto('/');
    await page.waitForLoadState('load');
    const solution = page.locator('#solution [data-carousel] .swiper');
    // The later styles in first, as the page's own idle callback would bring them (its own
    // function): arriving after the scroll, they lay out the sections above (some 900 px shorter),
    // and in about one run in twenty scroll anchoring did not hold the slider, which the loader then
    // found far above the screen (rightly not approached). The loader adds no second link.
    await page.evaluate(`void (${addLaterStyles.toString()})()`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[data-later]')].every((link) => link.sheet),
    );
    // Its own scroll events do not start the slider: the loader takes a page already scrolled as
    // approached.
    await scrollToStay(solution);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect(solution).not.toHaveClass(/swiper-initialized/);
    await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
    await expect(solution).toHaveClass(/swiper-initialized/);
  });
});

test.describe('아래쪽 그림', () => {
  const cards = (page: Page) => page.locator('#more-products .waiting-picture');
  const thumbnails = /\/(bei|guider|free-interview|result|self-introduction)-1\./;

  test('화면에서 먼 카드 그림은 처음에 받지 않고, 스크롤해서 다가가면 받아 보여 준다 (390px)', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', '카드가 첫 화면에서 먼 휴대폰 폭에서 확인합니다.');
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (thumbnails.test(request.url())) pictures.push(request.url());
    });
    await page.goto('/soft-skill');
    await settle(page);
    expect(pictures).toEqual([]);
    await expect(page.locator('#more-products [data-picture-wait="approach"]')).toHaveCount(5); // the five other products

    await page.locator('#more-products').scrollIntoViewIfNeeded();
    const first = cards(page).first().locator('img');
    await expect(first).toBeVisible();
    await expect.poll(() => pictureLoaded(first)).toBe(true);
    expect(pictures.length).toBeGreaterThan(0);
  });

  test('홈의 문제 아이콘은 다가가면 받고, 고객사 로고는 이름을 지닌 채 보인다 (390px)', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', '아이콘이 첫 화면에서 먼 휴대폰 폭에서 확인합니다.');
    const icons: string[] = [];
    page.on('request', (request) => {
      if (/\/pain-[a-z]+\./.test(request.url())) icons.push(request.url());
    });
    await page.goto('/');
    await settle(page);
    expect(icons).toEqual([]);

    const logos = page.locator('#customers .waiting-picture');
    await expect(logos).toHaveCount(12);
    await expect(page.locator('#customers').getByRole('img', { name: '가람은행' })).toBeVisible();
    await expect
      .poll(() =>
        logos
          .locator('img')
          .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);

    await page.locator('#pain-points').scrollIntoViewIfNeeded();
    const icon = page.locator('#pain-points .waiting-picture img').first();
    await expect(icon).toBeVisible();
    await expect.poll(() => pictureLoaded(icon)).toBe(true);
    expect(icons.length).toBeGreaterThan(0);
    // The box keeps the icon's size: 56 px on a phone.
    expect(Math.round((await icon.boundingBox())?.width ?? 0)).toBe(56);
  });

  // Chromium with script execution turned off by DevTools still parses <noscript> as text (see
  // detail.spec.ts), so the rule that shows waiting pictures without JavaScript is checked in the
  // HTML: a <noscript> in <head> that makes every waiting picture visible.
  // A stylesheet file, not a <style>: the page's policy allows only the one <style> it hashes.
  test('JavaScript가 없으면 기다리는 그림도 모두 보이게 하는 규칙이 head에 있다', async ({ request }) => {
    const html = await (await request.get('/soft-skill')).text();
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
    const noscript = noscriptContents(head);
    const href = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)">/.exec(noscript)?.[1];
    expect(href, noscript).toBeTruthy();
    expect(await (await request.get(href!)).text()).toMatch(
      /\[data-picture-wait\]\s*\{\s*content-visibility:\s*visible\s*!important;?\s*\}/,
    );
    expect(html).toContain('data-picture-wait="approach"');
  });
});
