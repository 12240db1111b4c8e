/**
 * A visitor's first tap on a list, made before the island has started: a page link, a search or
 * a category is answered in the page, never with a new page load; and an address that asks for
 * something other than the pre-rendered first page never shows that first page as its answer.
 * Behaviour, not timing: the island's code and the API are held back by the test, so every
 * in-between state can be looked at. Pages open with `page.goto`, not `site.goto`, which would
 * hydrate the islands itself.
 */
import { test, expect, type Locator, type Page } from './support/test.ts';
import { API, apiList, titleOf } from './support/api.ts';

/** Holds every request matching `pattern` until the returned function is called. */
async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.fallback();
  });
  return release;
}
/**
 * The island's code: every script file but the first-tap runtime, which the page itself loads at
 * its first paint (src/features/lists/first-tap/), a small file the list pages share.
 */
const islandCode = /\/_astro\/(?!first-tap-runtime\.).*\.js$/;
/** Every script file of the release, the runtime's too: what a deploy under an open page removes. */
const everyScript = /\/_astro\/.*\.js$/;

/**
 * Opens /newsRoom with the island's files gone (a deploy under an open page) before its code
 * reached the page, not started yet, and marks the document to tell a navigation from it.
 */
async function openNewsRoomWithIslandFilesGone(page: Page): Promise<void> {
  await page.route(everyScript, (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', headers: { 'cache-control': 'no-store' } }),
  );
  await page.goto('/newsRoom');
  await expect(island(page)).toHaveAttribute('data-hydrate-on-interaction', '');
  await markDocument(page);
}

const island = (page: Page) => page.locator('astro-island').first();
const paging = (page: Page) => page.getByRole('navigation', { name: '페이지' });

/** Sets a mark on the document: it survives anything but a new page load. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
/**
 * Opens `path` with the island's code held back and the document marked: the state of a phone
 * whose first tap comes before the list has started. Returns what lets the code through.
 */
async function openHeld(page: Page, path: string): Promise<() => void> {
  const release = await hold(page, islandCode);
  await page.goto(path);
  await markDocument(page);
  return release;
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Every address the page asks of the content API under `path` (`/faq/`), in order, from now on. */
function apiRequests(page: Page, path: string): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${API}${path}`)) asked.push(request.url());
  });
  return asked;
}

interface Frames {
  /** The page's state in the first frame that showed the card titled as watched, if one did. */
  firstStale?: string;
  /** Frames rendered while the document was still being parsed and had list cards in it. */
  cardsWhileParsing: number;
}

/**
 * Looks at every frame the page renders, from its very first one: is the card titled `title` (a
 * card of the pre-rendered first page) visible in it? Read with {@link frames}.
 */
const watchFrames = (page: Page, title: string) =>
  page.addInitScript((watched) => {
    const seen: Frames = ((window as unknown as { frames_: Frames }).frames_ = {
      cardsWhileParsing: 0,
    });
    const record = () => {
      const headings = document.querySelectorAll('[data-status] h2');
      if (document.readyState === 'loading' && headings.length > 0) seen.cardsWhileParsing++;
      for (const heading of headings)
        if (heading.textContent === watched && heading.checkVisibility({ visibilityProperty: true })) {
          const island = heading.closest('astro-island');
          seen.firstStale ??= JSON.stringify({
            readyState: document.readyState,
            island: island?.getAttributeNames(),
            page: document.documentElement.getAttributeNames(),
            status: heading.closest('[data-status]')?.getAttribute('data-status'),
          });
        }
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  }, title);
const frames = (page: Page) => page.evaluate(() => (window as unknown as { frames_: Frames }).frames_);

const faqCategories = (page: Page) => page.getByRole('group', { name: '질문 분류' });
const faqRegion = (page: Page) => page.getByRole('region', { name: '자주 묻는 질문 목록', exact: true });

/** The FAQ shows category `name` pressed and its list ready. */
async function expectFaqCategoryShown(page: Page, name: string): Promise<void> {
  await expect(faqCategories(page).getByRole('button', { name, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(faqRegion(page)).toHaveAttribute('data-status', 'ready');
}

test.describe('하이드레이션 전의 첫 탭', () => {
  test('2페이지 링크: 문서를 바꾸지 않고, 기다리는 동안 자리표시를 보이다가 2페이지를 보여 준다', async ({
    page,
    request,
  }) => {
    const [first, second] = await Promise.all([
      apiList(request, '/news/search?page=1&term='),
      apiList(request, '/news/search?page=2&term='),
    ]);
    await watchFrames(page, titleOf(first.objects[0]!));
    const release = await hold(page, islandCode);
    await page.goto('/newsRoom');
    await expect(island(page)).toHaveAttribute('data-hydrate-on-interaction', '');
    await markDocument(page);

    await paging(page).getByRole('link', { name: '2', exact: true }).click();
    // Held: the first page turned into placeholders, not left on screen as if it were page 2.
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    await expect(page.getByText(titleOf(first.objects[0]!), { exact: true })).toBeHidden();
    // From here on, no frame may show the first page again, not even while the island takes over.
    await page.evaluate(() => delete (window as unknown as { frames_: Frames }).frames_.firstStale);
    release();

    await expect(paging(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(titleOf(second.objects[0]!), { exact: true })).toBeVisible();
    await expect(island(page)).not.toHaveAttribute('data-list-pending');
    expect(await sameDocument(page)).toBe(true);
    expect((await frames(page)).firstStale).toBeUndefined();
  });

  test('첫 탭이 묻는 API 요청은 섬의 코드를 기다리지 않고 곧바로 떠나고, 섬은 그 답을 받아 쓴다', async ({
    page,
  }) => {
    const asked = apiRequests(page, '/news/search');
    const release = await openHeld(page, '/newsRoom');
    await paging(page).getByRole('link', { name: '2', exact: true }).click();
    // The island's code is still held back, and page 2 is already asked for.
    await expect.poll(() => asked).toEqual([`${API}/news/search?page=2&term=`]);
    await expect(island(page)).toHaveAttribute('ssr', '');
    release();

    await expect(paging(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(page.getByRole('region', { name: '뉴스 목록', exact: true })).toHaveAttribute(
      'data-status',
      'ready',
    );
    // The island took that answer rather than asking again.
    expect(asked).toHaveLength(1);
    expect(await sameDocument(page)).toBe(true);
  });

  test('FAQ 분류: 누르는 순간(손을 떼기 전에) API 요청이 떠나고, 클릭이 되어도 다시 묻지 않는다', async ({
    page,
  }) => {
    const asked = apiRequests(page, '/faq/');
    const release = await openHeld(page, '/faq');
    const categories = faqCategories(page);
    const category = categories.getByRole('button').nth(1);
    const name = (await category.textContent())!.trim();
    const box = (await category.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Still pressed, no click yet: the category's answer is already asked for.
    await expect.poll(() => asked).toHaveLength(1);
    expect(asked[0]).toMatch(/[?&]topic_id=\d+/);
    await page.mouse.up();
    release();

    await expectFaqCategoryShown(page, name);
    expect(asked).toHaveLength(1);
    expect(await sameDocument(page)).toBe(true);
  });

  test('눌렀다가 클릭 없이 떼면(스크롤 등) 아무 것도 바뀌지 않고, 다음 탭은 제 답을 받는다', async ({
    page,
  }) => {
    const release = await openHeld(page, '/faq');
    const categories = faqCategories(page);
    const first = categories.getByRole('button').nth(1);
    const second = categories.getByRole('button').nth(2);
    const name = (await second.textContent())!.trim();
    // A press on one category that never becomes a click, then a tap on another.
    await first.dispatchEvent('pointerdown', { button: 0, isPrimary: true, pointerType: 'touch' });
    await second.click();
    release();

    await expectFaqCategoryShown(page, name);
    await expect(faqRegion(page).locator('summary').first()).toContainText(name);
  });

  test('HR 이야기 주제 목록(390px의 드롭다운): 하이드레이션 전에 고른 주제를 보여 준다', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', '주제 드롭다운은 980px 이하에서 보입니다.');
    const asked = apiRequests(page, '/hrcontents/');
    const release = await openHeld(page, '/hrcontents');
    const select = page.getByRole('combobox', { name: '주제 선택' });
    const option = select.locator('option').nth(1);
    const name = (await option.textContent())!.trim();
    await select.focus();
    await select.selectOption({ index: 1 });
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    // The pick fires input and change; the topic is asked for once (two requests would share the
    // slow network and both arrive late).
    await expect.poll(() => asked).toHaveLength(1);
    release();

    await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${name}`);
    await expect(page).toHaveURL(/[?&]topic_id=\d+/);
    await expect(select).toHaveValue(/\d+/);
    await expect(page.getByRole('region', { name: 'HR 이야기 목록', exact: true })).toHaveAttribute(
      'data-status',
      'ready',
    );
    expect(asked).toHaveLength(1);
    expect(await sameDocument(page)).toBe(true);
  });

  test('HR 이야기 주제: 고른 뒤 change 이벤트보다 하이드레이션이 먼저 와도 고른 주제를 지킨다', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', '주제 드롭다운은 980px 이하에서 보입니다.');
    const release = await hold(page, islandCode);
    await page.goto('/hrcontents');
    const select = page.getByRole('combobox', { name: '주제 선택' });
    const name = (await select.locator('option').nth(1).textContent())!.trim();
    await select.focus();
    // The browser's `input` comes before hydration, its `change` only after it (a slow phone).
    await select.evaluate((element: HTMLSelectElement) => {
      element.selectedIndex = 1;
      element.dispatchEvent(new Event('input', { bubbles: true }));
    });
    release();
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await select.evaluate((element: HTMLSelectElement) =>
      element.dispatchEvent(new Event('change', { bubbles: true })),
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${name}`);
    await expect(page).toHaveURL(/[?&]topic_id=\d+/);
  });

  test('검색: 하이드레이션 전에 제출한 검색어를 문서를 바꾸지 않고 찾아 보여 준다', async ({ page }) => {
    const release = await openHeld(page, '/newsRoom');
    const box = page.getByRole('search').getByRole('searchbox');
    await box.fill('면접');
    await page.getByRole('search').getByRole('button', { name: '검색' }).click();
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    release();

    await expect(page).toHaveURL(/[?&]term=%EB%A9%B4%EC%A0%91/);
    const region = page.getByRole('region', { name: '뉴스 목록', exact: true });
    await expect(region).toHaveAttribute('data-status', 'ready');
    await expect(region.locator('li').first()).toContainText('면접');
    await expect(box).toHaveValue('면접');
    expect(await sameDocument(page)).toBe(true);
  });

  test('FAQ 분류: 하이드레이션 전에 누른 분류를 문서를 바꾸지 않고, 기다리는 동안 자리표시를 보이다가 보여 준다', async ({
    page,
  }) => {
    const release = await openHeld(page, '/faq');
    const categories = faqCategories(page);
    const category = categories.getByRole('button').nth(1);
    const name = (await category.textContent())!.trim();
    const firstQuestion = (await faqRegion(page).locator('summary').first().textContent())!.trim();
    await category.click();
    // Held: the tap shows at once, the questions of "전체" as placeholders, not as its answer.
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    await expect(faqRegion(page).getByText(firstQuestion, { exact: true })).toBeHidden();
    release();

    await expectFaqCategoryShown(page, name);
    await expect(page).toHaveURL(/[?&]topic_id=\d+/);
    await expect(faqRegion(page).locator('summary').first()).toContainText(name);
    await expect(island(page)).not.toHaveAttribute('data-list-pending');
    expect(await sameDocument(page)).toBe(true);
  });

  test('FAQ 분류: 이미 고른 "전체"를 하이드레이션 전에 누르면 목록은 그대로 남는다', async ({ page }) => {
    const release = await openHeld(page, '/faq');
    const all = faqCategories(page).getByRole('button', { name: '전체', exact: true });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    const firstQuestion = faqRegion(page).locator('summary').first();
    await all.click();
    // A tap that changes nothing does not hide the list it leaves as it is.
    await expect(island(page)).not.toHaveAttribute('data-list-pending');
    await expect(firstQuestion).toBeVisible();
    release();

    await expectFaqCategoryShown(page, '전체');
    await expect(firstQuestion).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  test('섬의 파일을 받을 수 없으면 붙잡아 둔 링크를 보통 링크처럼 따라간다', async ({ page }) => {
    // Gone before the island's code reached the page (code already compiled would still start).
    await openNewsRoomWithIslandFilesGone(page);
    await paging(page).getByRole('link', { name: '2', exact: true }).click();
    // Astro retries a failed import once, a second later: then the link is followed.
    await expect(page).toHaveURL(/[?&]page=2/, { timeout: 15_000 });
    await expect.poll(() => sameDocument(page)).toBe(false);
  });
});

/**
 * A click or a submission with no pointer or key event before it, as assistive technology's
 * default action, voice control, an extension or `element.click()` makes it: nothing in it tells
 * the directive the visitor came to the island, so taking it must start the island itself.
 */
const bareClick = (locator: Locator) => locator.evaluate((element: HTMLElement) => element.click());

/** Types `term` into the search box and submits the form, neither focusing nor pressing a key. */
const bareSearch = (page: Page, term: string) =>
  page.getByRole('search').evaluate((form: HTMLFormElement, value) => {
    form.querySelector<HTMLInputElement>('input[type="search"]')!.value = value;
    form.requestSubmit();
  }, term);

/**
 * Resolves once the island's code is downloaded and handed to the browser to compile, which the
 * prefetch does at the visitor's first interaction with the page: a pointer over the header here,
 * away from the list.
 */
async function islandCodeCompiled(page: Page): Promise<void> {
  await page.getByRole('banner').hover({ position: { x: 2, y: 2 } });
  await expect(page.locator('link[rel="modulepreload"]').first()).toBeAttached();
}

test.describe('포인터나 키 없이 온 클릭과 제출(보조 기술, 음성 제어, element.click())', () => {
  for (const when of ['섬의 코드가 오기 전', '섬의 코드를 받은 뒤'] as const) {
    test(`2페이지 링크, ${when}: 섬이 시작되어 2페이지를 보여 주고 바쁨 표시를 거둔다`, async ({
      page,
      request,
    }) => {
      const second = await apiList(request, '/news/search?page=2&term=');
      const release = await openHeld(page, '/newsRoom');
      if (when === '섬의 코드를 받은 뒤') {
        release();
        await islandCodeCompiled(page);
      }
      await expect(island(page)).toHaveAttribute('data-hydrate-on-interaction', '');
      await bareClick(paging(page).getByRole('link', { name: '2', exact: true }));
      release();

      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(paging(page).locator('[aria-current="page"]')).toHaveText('2');
      await expect(page.getByText(titleOf(second.objects[0]!), { exact: true })).toBeVisible();
      await expect(island(page)).not.toHaveAttribute('data-list-pending');
      await expect(island(page)).not.toHaveAttribute('aria-busy');
      expect(await sameDocument(page)).toBe(true);
    });
  }

  test('2페이지 링크, 하이드레이션 중: 섬이 준비되면 2페이지를 보여 준다', async ({ page }) => {
    const release = await openHeld(page, '/newsRoom');
    // The island has started (a pointer came over it) and waits for its code.
    await island(page).dispatchEvent('pointerover');
    await bareClick(paging(page).getByRole('link', { name: '2', exact: true }));
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    release();

    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(paging(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(island(page)).not.toHaveAttribute('aria-busy');
    expect(await sameDocument(page)).toBe(true);
  });

  test('2페이지 링크, 하이드레이션 뒤: React가 받아 2페이지를 보여 준다', async ({ page, site }) => {
    await site.goto('/newsRoom');
    await markDocument(page);
    await bareClick(paging(page).getByRole('link', { name: '2', exact: true }));

    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(paging(page).locator('[aria-current="page"]')).toHaveText('2');
    expect(await sameDocument(page)).toBe(true);
  });

  test('FAQ 분류 버튼: 섬이 시작되어 누른 분류를 보여 준다', async ({ page }) => {
    const release = await openHeld(page, '/faq');
    const category = faqCategories(page).getByRole('button').nth(1);
    const name = (await category.textContent())!.trim();
    await bareClick(category);
    release();

    await expectFaqCategoryShown(page, name);
    await expect(page).toHaveURL(/[?&]topic_id=\d+/);
    await expect(faqRegion(page).locator('summary').first()).toContainText(name);
    expect(await sameDocument(page)).toBe(true);
  });

  test('HR 이야기 주제 버튼(1440px): 섬이 시작되어 고른 주제를 보여 준다', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', '주제 버튼은 980px보다 넓은 화면에서 보입니다.');
    const release = await openHeld(page, '/hrcontents');
    const topic = page.getByRole('group', { name: '주제', exact: true }).getByRole('button').nth(1);
    const name = (await topic.textContent())!.trim();
    await bareClick(topic);
    release();

    await expect(topic).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page).toHaveURL(/[?&]topic_id=\d+/);
    await expect(page.getByRole('region', { name: 'HR 이야기 목록', exact: true })).toHaveAttribute(
      'data-status',
      'ready',
    );
    expect(await sameDocument(page)).toBe(true);
  });

  test('HR 이야기 주제 드롭다운(390px): 초점 없이 고른 주제도 섬이 시작되어 보여 준다', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', '주제 드롭다운은 980px 이하에서 보입니다.');
    const release = await openHeld(page, '/hrcontents');
    const select = page.getByRole('combobox', { name: '주제 선택' });
    const name = (await select.locator('option').nth(1).textContent())!.trim();
    await select.evaluate((element: HTMLSelectElement) => {
      element.selectedIndex = 1;
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    release();

    await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${name}`);
    await expect(page).toHaveURL(/[?&]topic_id=\d+/);
    await expect(select).toHaveValue(/\d+/);
    await expect(island(page)).not.toHaveAttribute('aria-busy');
    expect(await sameDocument(page)).toBe(true);
  });

  test('검색(form.requestSubmit()): 섬이 시작되어 검색어를 찾아 보여 준다', async ({ page }) => {
    const release = await openHeld(page, '/newsRoom');
    await bareSearch(page, '면접');
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    release();

    await expect(page).toHaveURL(/[?&]term=%EB%A9%B4%EC%A0%91/);
    const region = page.getByRole('region', { name: '뉴스 목록', exact: true });
    await expect(region).toHaveAttribute('data-status', 'ready');
    await expect(region.locator('li').first()).toContainText('면접');
    await expect(island(page)).not.toHaveAttribute('aria-busy');
    expect(await sameDocument(page)).toBe(true);
  });

  test('섬의 파일을 받을 수 없으면 붙잡아 둔 링크를 보통 링크처럼 따라간다', async ({ page }) => {
    await openNewsRoomWithIslandFilesGone(page);
    await bareClick(paging(page).getByRole('link', { name: '2', exact: true }));
    await expect(page).toHaveURL(/[?&]page=2/, { timeout: 15_000 });
    await expect.poll(() => sameDocument(page)).toBe(false);
  });

  test('섬의 파일을 받을 수 없으면 붙잡아 둔 검색을 보통 폼처럼 제출한다', async ({ page }) => {
    await openNewsRoomWithIslandFilesGone(page);
    await bareSearch(page, '면접');
    await expect(page).toHaveURL(/[?&]term=%EB%A9%B4%EC%A0%91/, { timeout: 15_000 });
    await expect.poll(() => sameDocument(page)).toBe(false);
  });
});

test.describe('섬이 시작된 뒤의 탭', () => {
  /** Presses `target` with the mouse and keeps it pressed; returns what lets it go. */
  async function press(page: Page, target: Locator): Promise<() => Promise<void>> {
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    return () => page.mouse.up();
  }

  test('FAQ 분류: 누르는 순간 API 요청이 떠나고, 클릭이 되어도 다시 묻지 않는다', async ({ page, site }) => {
    await site.goto('/faq');
    const categories = faqCategories(page);
    await categories.getByRole('button').nth(1).click();
    await expectFaqCategoryShown(page, (await categories.getByRole('button').nth(1).textContent())!.trim());
    const asked = apiRequests(page, '/faq/');

    const category = categories.getByRole('button').nth(2);
    const name = (await category.textContent())!.trim();
    const letGo = await press(page, category);
    // Still pressed, no click yet: the category's answer is already asked for.
    await expect.poll(() => asked).toHaveLength(1);
    expect(asked[0]).toMatch(/[?&]topic_id=\d+/);
    await letGo();
    await expectFaqCategoryShown(page, name);
    expect(asked).toHaveLength(1);
  });

  test('검색: 검색 버튼을 누르는 순간 API 요청이 떠나고, 제출되어도 다시 묻지 않는다', async ({
    page,
    site,
  }) => {
    await site.goto('/newsRoom');
    const asked = apiRequests(page, '/news/search');
    await page.getByRole('search').getByRole('searchbox').fill('면접');
    const letGo = await press(page, page.getByRole('search').getByRole('button', { name: '검색' }));
    // Still pressed, no submission yet: the search's answer is already asked for.
    await expect.poll(() => asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get('term')).toBe('면접');
    await letGo();

    const region = page.getByRole('region', { name: '뉴스 목록', exact: true });
    await expect(page).toHaveURL(/[?&]term=%EB%A9%B4%EC%A0%91/);
    await expect(region).toHaveAttribute('data-status', 'ready');
    await expect(region.locator('li').first()).toContainText('면접');
    expect(asked).toHaveLength(1);
  });
});

test.describe('첫 페이지가 아닌 주소', () => {
  test('?page=2로 열면 2페이지가 화면에 올 때까지 미리 렌더링된 1페이지 대신 로딩 상태를 보인다', async ({
    page,
    request,
  }) => {
    const [first, second] = await Promise.all([
      apiList(request, '/news/search?page=1&term='),
      apiList(request, '/news/search?page=2&term='),
    ]);
    const staleTitle = titleOf(first.objects[0]!);
    await watchFrames(page, staleTitle);
    const releaseCode = await hold(page, islandCode);
    const releaseApi = await hold(page, new RegExp(`^${API}/news/search`));
    await page.goto('/newsRoom?page=2');

    const region = page.getByRole('region', { name: '뉴스 목록', exact: true });
    await expect(island(page)).toHaveAttribute('data-list-pending', '');
    await expect(island(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText(staleTitle, { exact: true })).toBeHidden();
    releaseCode();
    // The island runs and asks the API: its own loading state, still not the first page.
    await expect(page.getByTestId('skeletons')).toBeVisible();
    await expect(island(page)).not.toHaveAttribute('data-list-pending');
    releaseApi();

    await expect(page.getByText(titleOf(second.objects[0]!), { exact: true })).toBeVisible();
    await expect(region).toHaveAttribute('aria-busy', 'false');
    expect((await frames(page)).firstStale).toBeUndefined();
  });

  test('?page=2의 문서가 느린 네트워크에서 조금씩 와도, 목록을 다 읽기 전의 어느 프레임에도 1페이지 카드를 보이지 않는다', async ({
    page,
    request,
  }) => {
    const first = await apiList(request, '/news/search?page=1&term=');
    await watchFrames(page, titleOf(first.objects[0]!));
    await hold(page, islandCode);
    // A slow network: the document arrives in pieces over seconds (uncompressed, so that the
    // list's cards, a few hundred compressed bytes, come in several), and the browser paints what
    // it has parsed in between, before Astro runs the island's directive at the island's end.
    await page.setExtraHTTPHeaders({ 'accept-encoding': 'identity' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 16 * 1024,
      uploadThroughput: -1,
    });
    await page.goto('/newsRoom?page=2', { waitUntil: 'domcontentloaded' });
    await expect(island(page)).toHaveAttribute('data-list-pending', '');

    const seen = await frames(page);
    // Frames were painted with cards parsed and the document still loading: the case looked at.
    expect(seen.cardsWhileParsing).toBeGreaterThan(0);
    expect(seen.firstStale).toBeUndefined();
  });
});
