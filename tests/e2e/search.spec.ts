/**
 * The site search's screens on the built site and its real index: the /search page (results in
 * the engine's order with their marks, type chips, the empty and error states, back and forward),
 * the header's button and shortcuts opening the dialog (keyboard, recent searches, IME
 * composition), the page without JavaScript, a hostile title, axe, and what a page pays at load
 * for all of it (nothing but a few hundred inline bytes).
 */
import { test, expect, type APIRequestContext, type Page, type Route } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { noscriptContents } from './support/html.ts';
import { createSearcher } from '../../src/lib/search/engine/searcher.ts';
import type { SearchHit, SearchType } from '../../src/lib/search/format/types.ts';

/** The engine's own answer for `query`, read from the built index the page reads (the page asks for 50, the dialog for 8). */
async function engineHits(
  request: APIRequestContext,
  query: string,
  options: { limit?: number; types?: SearchType[] } = { limit: 50 },
): Promise<SearchHit[]> {
  const searcher = createSearcher({
    entryUrl: '/search/index.json',
    fetchJson: async (url) => (await request.get(url)).json(),
  });
  return (await searcher.search(query, { limit: 50, ...options })).hits;
}

const typeLabels: Record<SearchType, string> = {
  news: '뉴스룸',
  hrStory: 'HR 이야기',
  faq: 'FAQ',
  patent: '특허',
  success: '고객 사례',
  seminar: '세미나',
  video: '영상',
  product: '제품',
};

const results = (page: Page) => page.getByRole('main').locator('ol');
const chips = (page: Page) => page.getByRole('group', { name: '콘텐츠 종류' });
const dialog = (page: Page) => page.getByRole('dialog', { name: '사이트 검색' });
const combobox = (page: Page) => dialog(page).getByRole('combobox', { name: '검색어' });
const options = (page: Page) => dialog(page).getByRole('option');
const headerButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: '검색' });

/**
 * Holds the page's requests matching `pattern` until the returned function is called. A request
 * whose page has gone meanwhile (an early Enter navigated) is let go quietly.
 */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

const desktopOnly = () =>
  test.skip(test.info().project.name === 'mobile', '화면 너비와 무관한 동작은 데스크톱에서만 확인합니다.');

test.describe('검색 페이지', () => {
  test('주소의 검색어로 엔진이 매긴 순서대로 결과를 보여 주고, 맞은 부분을 표시한다', async ({
    page,
    site,
    request,
  }) => {
    const expected = await engineHits(request, '구조화 면접');
    expect(expected.length).toBeGreaterThan(3);
    await site.goto('/search?q=구조화%20면접');
    await expect(page.getByRole('searchbox', { name: '검색어' })).toHaveValue('구조화 면접');
    const items = results(page).getByRole('listitem');
    await expect(items).toHaveCount(expected.length);
    // Results on other hosts (news articles, videos, seminars) say they open a new tab, like the lists.
    await expect(items.getByRole('link')).toHaveText(
      expected.map((hit) => (hit.url.startsWith('/') ? hit.title : `${hit.title} (새 창에서 열림)`)),
    );
    const external = expected.findIndex((hit) => !hit.url.startsWith('/'));
    expect(external).toBeGreaterThanOrEqual(0);
    await expect(items.nth(external).getByRole('link')).toHaveAttribute('target', '_blank');
    await expect(items.nth(external).getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(items.locator('.search-type')).toHaveText(expected.map((hit) => typeLabels[hit.type]));
    const first = items.first();
    const marked = await first.locator('mark').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    for (const text of marked) expect(['구조화', '면접'].some((word) => text.includes(word))).toBe(true);
    await expect(
      page.getByRole('heading', { name: `‘구조화 면접’ 검색 결과 ${expected.length}건` }),
    ).toBeVisible();
  });

  test('종류 칩으로 좁히고, 뒤로·앞으로 가기가 주소의 상태를 되살린다', async ({ page, site, request }) => {
    const hrStories = await engineHits(request, '면접', { types: ['hrStory'] });
    expect(hrStories.length).toBeGreaterThan(1);
    await site.goto('/search?q=면접');
    await expect(results(page).getByRole('listitem').first()).toBeVisible();
    const chip = chips(page).getByRole('button', { name: /^HR 이야기/ });
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/type=hrStory/);
    await expect(results(page).getByRole('link')).toHaveText(hrStories.map((hit) => hit.title));
    expect(hrStories.every((hit) => hit.url.startsWith('/'))).toBe(true);
    await expect(results(page).locator('.search-type')).toHaveText(hrStories.map(() => 'HR 이야기'));

    const box = page.getByRole('searchbox', { name: '검색어' });
    await box.fill('채용 브랜딩');
    await box.press('Enter');
    await expect(page).toHaveURL(/q=%EC%B1%84%EC%9A%A9/);
    await expect(page).not.toHaveURL(/type=/);

    await page.goBack();
    await expect(page).toHaveURL(/type=hrStory/);
    await expect(box).toHaveValue('면접');
    await expect(chips(page).getByRole('button', { name: /^HR 이야기/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goBack();
    await expect(chips(page).getByRole('button', { name: /^전체/ })).toHaveAttribute('aria-pressed', 'true');
    await page.goForward();
    await page.goForward();
    await expect(box).toHaveValue('채용 브랜딩');
  });

  test('결과가 없으면 제안과 목록 링크를 보여 준다', async ({ page, site }) => {
    await site.goto('/search?q=쀍뛟');
    await expect(page.getByText('‘쀍뛟’에 대한 검색 결과가 없습니다.')).toBeVisible();
    await expect(page.getByText('띄어쓰기나 맞춤법을 확인해 보세요.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'HR 이야기' })).toHaveAttribute(
      'href',
      '/hrcontents',
    );
    await expect(results(page)).toHaveCount(0);
  });

  test('색인을 불러오지 못하면 알리고, 다시 시도하면 결과가 나온다', async ({ page, site }) => {
    desktopOnly();
    await page.route('**/search/index.json', (route) => route.fulfill({ status: 503, body: '' }));
    await site.goto('/search?q=면접');
    const alert = page.getByRole('alert').filter({ hasText: '검색 색인을 불러오지 못했습니다.' });
    await expect(alert).toBeVisible();
    // As far from the form above it as the results would be, not touching it.
    const form = await page.getByRole('main').getByRole('search').boundingBox();
    const box = await alert.boundingBox();
    expect(box!.y - (form!.y + form!.height)).toBeGreaterThanOrEqual(24);
    await page.unroute('**/search/index.json');
    await alert.getByRole('button', { name: '다시 시도' }).click();
    await expect(results(page).getByRole('listitem').first()).toBeVisible();
  });

  test('열어 둔 페이지의 검색 파일이 새 배포로 사라지면, 새 색인을 읽어 오류 없이 답한다', async ({
    page,
    site,
    request,
  }) => {
    desktopOnly();
    await site.goto('/search?q=면접');
    await expect(results(page).getByRole('listitem').first()).toBeVisible();
    // A deploy that withdrew every file the page's entry names (404): the new entry names the same
    // content under another base (a fold's: every term shard and fragment under its id; a delta,
    // if any, under its own name), which the page's header does not know either.
    let oldId = '';
    const NEW_ID = 'fedcba9876543210';
    const fetchedNew: string[] = [];
    await page.route('**/search-index/**', async (route) => {
      const url = new URL(route.request().url());
      const name = url.pathname.split('/').pop()!;
      if (!name.includes(NEW_ID))
        return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
      fetchedNew.push(name);
      url.pathname = url.pathname.replace(name, name.replace(NEW_ID, oldId));
      return route.fulfill({ response: await route.fetch({ url: url.href }) });
    });
    await page.route('**/search/index.json', async (route) => {
      const entry = (await (await route.fetch()).json()) as { id: string; delta?: { name: string } };
      oldId = entry.id;
      const delta = entry.delta && { ...entry.delta, name: `delta-${NEW_ID}.json` };
      await route.fulfill({ json: { ...entry, id: NEW_ID, ...(delta ? { delta } : {}) } });
    });

    const expected = await engineHits(request, '채용 브랜딩');
    expect(expected.length).toBeGreaterThan(0);
    const box = page.getByRole('searchbox', { name: '검색어' });
    await box.fill('채용 브랜딩');
    await box.press('Enter');
    await expect(results(page).getByRole('listitem')).toHaveCount(expected.length);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(fetchedNew.length).toBeGreaterThan(0);
    // The engine may still be reading files in the background (the answer does not wait for
    // them): the page closes with a handler's `route.fetch` in flight, whose disposed response
    // Playwright would report as this test's error.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('주소의 검색어와 위험한 제목은 글자로만 보인다', async ({ page, site, request }) => {
    desktopOnly();
    const [first] = await engineHits(request, '다면평가');
    const hostile = '<img src=x onerror="window.__xss=1">';
    // The title as the index stores it (JSON), wherever it is: the result's fragment (or the
    // delta, or the entry).
    const withHostileTitle = async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(
        JSON.stringify(first!.title),
        JSON.stringify(`${hostile} ${first!.title}`),
      );
      await route.fulfill({ response, body });
    };
    await page.route('**/search/index.json', withHostileTitle);
    await page.route('**/search-index/**', withHostileTitle);
    await site.goto(`/search?q=${encodeURIComponent('다면평가')}`);
    await expect(results(page).getByRole('link').first()).toContainText(hostile);

    await site.goto(`/search?q=${encodeURIComponent('<img src=x onerror="window.__xss=2">')}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText('<img src=x');
    await expect(page.getByRole('main').locator('img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('axe 위반 없음 (결과가 있는 페이지)', async ({ page, site }) => {
    await site.goto('/search?q=구조화%20면접');
    await expect(results(page).getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('검색 대화상자', () => {
  test('Ctrl+K로 열려 입력란에 초점이 가고, 화살표와 Enter로 결과를 연다', async ({
    page,
    site,
    request,
  }) => {
    const expected = await engineHits(request, '다면평가', { limit: 8 });
    expect(expected[0]!.url, '첫 결과는 사이트 안의 페이지여야 합니다').toMatch(/^\//);
    await site.goto('/faq');
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.type('다면평가');
    await expect(options(page)).toHaveCount(expected.length);
    await expect(options(page).first()).toContainText(expected[0]!.title);

    await page.keyboard.press('ArrowDown');
    const firstId = await options(page).first().getAttribute('id');
    await expect(combobox(page)).toHaveAttribute('aria-activedescendant', firstId!);
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(options(page).last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new URL(expected[0]!.url, page.url()).href);
  });

  test('친 글자는 기다리지 않고 바로 검색한다: 타이머가 멈춰 있어도 결과가 나온다', async ({
    page,
    site,
    request,
  }) => {
    desktopOnly();
    const expected = await engineHits(request, '온보딩', { limit: 8 });
    await page.clock.install();
    await site.goto('/');
    await page.keyboard.press('Control+k');
    await expect(combobox(page)).toBeFocused();
    // The word's files first: what is timed below is the dialog, not the network.
    await combobox(page).fill('온보딩');
    await expect(options(page).first()).toContainText(expected[0]!.title);
    await combobox(page).fill('');
    await expect(options(page)).toHaveCount(0);
    // From here on no timer fires: a search that waited for one would never come.
    await page.clock.pauseAt(Date.now() + 5_000);
    await page.keyboard.type('온보딩');
    await expect(options(page).first()).toContainText(expected[0]!.title);
    await expect(dialog(page).getByRole('status')).toHaveText(/검색 결과 \d+건/);
  });

  test('문서 조각이 오기 전에 결과의 제목부터 보이고, 조각이 오면 발췌가 맞은 부분으로 보인다', async ({
    page,
    site,
    request,
  }) => {
    desktopOnly();
    const expected = await engineHits(request, '다면평가', { limit: 8 });
    const fragments: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/search-index/frag-')) fragments.push(request.url());
    });
    const release = await holdRequests(page, '**/search-index/frag-*');
    await site.goto('/');
    await page.keyboard.press('Control+k');
    // One input: no fragments of a shorter query's results (다, 다면) in the count below.
    await combobox(page).fill('다면평가');
    // The fragments are held: the results the term shards' rows describe show their titles, in the
    // engine's order, with no excerpt yet, nor a wrong "no results".
    await expect.poll(() => fragments.length).toBe(expected.length);
    await expect(options(page).first()).toContainText(expected[0]!.title);
    const early = await options(page).allTextContents();
    expect(early.length).toBeLessThanOrEqual(expected.length);
    early.forEach((text, i) => expect(text).toContain(expected[i]!.title));
    await expect(options(page).locator('.search-option-excerpt')).toHaveCount(0);
    await expect(dialog(page).getByText('검색 결과가 없습니다.')).toHaveCount(0);
    release();
    await expect(options(page)).toHaveCount(expected.length);
    await expect(options(page).first()).toContainText(expected[0]!.title);
    await expect(options(page).first().locator('.search-option-excerpt')).toContainText(
      expected[0]!.excerpt.replace(/^…/, '').slice(0, 24),
    );
    // One parallel round, one request a shown result.
    expect(new Set(fragments).size).toBe(fragments.length);
    expect(fragments).toHaveLength(expected.length);
  });

  test('결과마다 발췌의 맞은 부분이 화면에 보인다 (휴대폰 너비에서도)', async ({ page, site }) => {
    await site.goto('/newsRoom');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('온보딩');
    const excerpts = options(page).locator('.search-option-excerpt');
    await expect(excerpts.first().locator('mark').first()).toBeAttached();
    // A mark cut off by the excerpt's line clamp lies outside the excerpt's box.
    const hidden = await excerpts.evaluateAll((boxes) =>
      boxes.flatMap((box) => {
        const mark = box.querySelector('mark');
        if (!mark) return [];
        const outer = box.getBoundingClientRect();
        const inner = mark.getBoundingClientRect();
        return inner.bottom <= outer.bottom + 1 && inner.right <= outer.right + 1 ? [] : [box.textContent];
      }),
    );
    expect(hidden).toEqual([]);
  });

  test('버튼으로 열고 Esc로 닫으면 초점이 버튼으로 돌아온다', async ({ page, site }) => {
    await site.goto('/');
    await headerButton(page).click();
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(headerButton(page)).toBeFocused();
  });

  test('대화상자 밖(배경)을 누르면 닫히고 초점이 버튼으로 돌아온다', async ({ page, site }) => {
    desktopOnly();
    await site.goto('/');
    await headerButton(page).click();
    await expect(combobox(page)).toBeFocused();
    // The bottom of a wide screen is backdrop: the dialog stops well above it.
    const viewport = page.viewportSize()!;
    await page.mouse.click(viewport.width / 2, viewport.height - 2);
    await expect(dialog(page)).toBeHidden();
    await expect(headerButton(page)).toBeFocused();
  });

  test('/ 키는 입력란 밖에서만 대화상자를 열고, 닫으면 초점이 있던 곳으로 돌아온다', async ({
    page,
    site,
  }) => {
    desktopOnly();
    await site.goto('/faq');
    const listSearch = page.getByRole('main').getByRole('searchbox');
    await listSearch.click();
    await page.keyboard.type('a/b');
    await expect(listSearch).toHaveValue('a/b');
    await expect(dialog(page)).toBeHidden();

    const logo = page.getByRole('banner').getByRole('link').first();
    await logo.focus();
    await page.keyboard.press('/');
    await expect(combobox(page)).toBeFocused();
    await page.getByRole('button', { name: '닫기' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(logo).toBeFocused();
  });

  test('최근 검색어를 기기에 남기고 지울 수 있다', async ({ page, site }) => {
    await site.goto('/');
    await page.keyboard.press('Control+k');
    await expect(dialog(page).getByText('최근 검색어가 없습니다.')).toBeVisible();
    await combobox(page).fill('채용 브랜딩');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=%EC%B1%84%EC%9A%A9/);
    await expect(results(page).getByRole('listitem').first()).toBeVisible();

    await page.keyboard.press('Control+k');
    const recent = dialog(page).getByRole('listbox', { name: '최근 검색어' });
    await expect(recent.getByRole('option')).toHaveText(['채용 브랜딩']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(combobox(page)).toHaveValue('채용 브랜딩');
    await expect(dialog(page).getByRole('link', { name: '모든 결과 보기' })).toHaveAttribute(
      'href',
      '/search?q=%EC%B1%84%EC%9A%A9+%EB%B8%8C%EB%9E%9C%EB%94%A9',
    );
    await combobox(page).fill('');
    await dialog(page).getByRole('button', { name: '기록 지우기' }).click();
    await expect(dialog(page).getByText('최근 검색어가 없습니다.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('site:recent-searches'))).toBeNull();
  });

  test('한글 조합 중에도 엔진의 접두 검색으로 결과가 따라오고, 글자를 잃지 않는다', async ({
    page,
    site,
    request,
  }) => {
    desktopOnly();
    // 면접ㄱ: the engine reads the last jamo as the next syllable's start (기간), where 면접 alone
    // ranks another page first.
    const [composingTop] = await engineHits(request, '면접ㄱ', { limit: 8 });
    const [withoutJamoTop] = await engineHits(request, '면접', { limit: 8 });
    expect(composingTop!.title).not.toBe(withoutJamoTop!.title);
    const finished = await engineHits(request, '면접기간', { limit: 8 });
    await site.goto('/');
    await page.keyboard.press('Control+k');
    await expect(combobox(page)).toBeFocused();
    // An IME's events, as a browser sends them while 면접기간 is typed.
    const compose = (steps: string[], end: boolean) =>
      combobox(page).evaluate(
        (input: HTMLInputElement, { steps, end }) => {
          if (!input.dataset.composing) {
            input.dataset.composing = 'yes';
            input.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
          }
          for (const value of steps) {
            input.value = value;
            input.dispatchEvent(
              new InputEvent('input', {
                bubbles: true,
                isComposing: true,
                data: value.slice(-1),
                inputType: 'insertCompositionText',
              }),
            );
          }
          if (end) input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '' }));
        },
        { steps, end },
      );
    await compose(['ㅁ', '며', '면', '면ㅈ', '면저', '면접', '면접ㄱ'], false);
    await expect(options(page).first()).toContainText(composingTop!.title);
    await compose(['면접기', '면접기가', '면접기간'], true);
    await expect(combobox(page)).toHaveValue('면접기간');
    await expect(options(page).first()).toContainText(finished[0]!.title);
    await expect(dialog(page).getByRole('link', { name: '모든 결과 보기' })).toHaveAttribute(
      'href',
      `/search?q=${encodeURIComponent('면접기간')}`,
    );
  });

  test('대화상자 코드가 오는 동안 친 글자와 한글 조합은 순서대로 입력란에 옮겨진다', async ({
    page,
    site,
    request,
  }) => {
    desktopOnly();
    const expected = await engineHits(request, '면접기간', { limit: 8 });
    const release = await holdRequests(page, '**/*search-dialog*.js');
    await site.goto('/faq');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('면');
    // A second shortcut while the code is on its way changes nothing.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('접');
    // The IME's half-built syllable as the code arrives: the dialog waits for it.
    const ime = await page.context().newCDPSession(page);
    await ime.send('Input.imeSetComposition', { text: '기', selectionStart: 1, selectionEnd: 1 });
    release();
    await ime.send('Input.imeSetComposition', { text: '기가', selectionStart: 2, selectionEnd: 2 });
    await ime.send('Input.imeSetComposition', { text: '기간', selectionStart: 2, selectionEnd: 2 });
    await ime.send('Input.insertText', { text: '기간' });
    await expect(combobox(page)).toBeFocused();
    await expect(combobox(page)).toHaveValue('면접기간');
    await expect(options(page).first()).toContainText(expected[0]!.title);
    await page.keyboard.type(' 안내');
    await expect(combobox(page)).toHaveValue('면접기간 안내');
    await page.keyboard.press('Escape');
    await expect(page.locator('form[data-search-early]')).toBeHidden();
  });

  test('대화상자 코드가 오기 전에도 친 글자와 엔진이 찾은 결과를 보여 주고, 코드가 오면 대화상자가 이어받는다', async ({
    page,
    site,
    request,
  }) => {
    const expected = await engineHits(request, '온보딩', { limit: 8 });
    const release = await holdRequests(page, '**/*search-dialog*.js');
    await site.goto('/faq');
    await headerButton(page).click();
    await page.keyboard.type('온보딩');
    const early = page.locator('form[data-search-early]');
    const earlyBox = early.getByRole('textbox', { name: '검색어' });
    const panel = page.locator('.search-early');
    await expect(panel.getByRole('link').first()).toBeVisible();
    // The typed text shows in the early form, drawn as the dialog's bar, which kept the focus.
    await expect(earlyBox).toBeFocused();
    await expect(earlyBox).toHaveValue('온보딩');
    expect((await earlyBox.boundingBox())!.width).toBeGreaterThan(200);
    await expect(panel.locator('.search-option-title').first()).toContainText('온보딩');
    await expect(panel.locator('.search-option-title').first()).toHaveText(expected[0]!.title);
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', /^(\/|https:)/);
    release();
    await expect(combobox(page)).toBeFocused();
    await expect(combobox(page)).toHaveValue('온보딩');
    await expect(options(page).first()).toContainText(expected[0]!.title);
    await expect(panel).toHaveCount(0);
    await expect(early).toBeHidden();
  });

  test('대화상자 코드가 오기 전에 Esc로 닫으면 닫힌 채로 있고, 포커스는 검색 버튼으로 돌아간다', async ({
    page,
    site,
  }) => {
    const release = await holdRequests(page, '**/*search-dialog*.js');
    await site.goto('/faq');
    await headerButton(page).click();
    await page.keyboard.type('면접');
    const panel = page.locator('.search-early');
    await expect(panel.locator('.search-option-title').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.locator('form[data-search-early]')).toBeHidden();
    await expect(headerButton(page)).toBeFocused();
    const arrived = page.waitForResponse(/search-dialog/);
    release();
    await arrived;
    // The code that came after the visitor closed it opens nothing.
    await page.waitForTimeout(1500);
    await expect(dialog(page)).toBeHidden();
    await expect(headerButton(page)).toBeFocused();
    await headerButton(page).click();
    await expect(combobox(page)).toBeFocused();
  });

  test('대화상자 코드가 오기 전에 누른 Enter는 그 검색어로 검색한다', async ({ page, site }) => {
    desktopOnly();
    const release = await holdRequests(page, '**/*search-dialog*.js');
    await site.goto('/');
    await headerButton(page).click();
    await page.keyboard.type('채용 브랜딩');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\/?\?q=%EC%B1%84%EC%9A%A9\+%EB%B8%8C%EB%9E%9C%EB%94%A9$/);
    release();
    await expect(page.getByRole('searchbox', { name: '검색어' })).toHaveValue('채용 브랜딩');
    await expect(results(page).getByRole('listitem').first()).toBeVisible();
  });

  test('axe 위반 없음 (결과가 열린 대화상자)', async ({ page, site }) => {
    await site.goto('/');
    await headerButton(page).click();
    await combobox(page).fill('면접');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectNoAxeViolations(page);
  });
});

test.describe('검색이 다른 페이지에 주는 부담', () => {
  test('페이지를 열 때는 대화상자 코드도 색인도 받지 않고, 처음 쓸 때 받는다', async ({ page }) => {
    desktopOnly();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const html = await (await page.request.get('/')).text();
    // Astro joins a page's inline scripts, each wrapped in `(async()=>{…})();`.
    const at = html.indexOf('[data-search-open]`');
    expect(at, '검색 단축키 스크립트가 페이지에 들어 있어야 합니다').toBeGreaterThan(0);
    const start = html.lastIndexOf('(async()=>{', at) + '(async()=>{'.length;
    const shortcut = html.slice(start, html.indexOf('})();', at)).trim();
    // About 120 of these bytes are the early form's (keys typed while the dialog loads), about 40
    // the index's entry requested at the shortcut, beside the code rather than after it, and about
    // 600 the shard guess's (each typed word's term shard leaves with the entry, so a word found
    // only in the texts is not a round trip behind; a 초성 query's shard too, about 20): about 340
    // compressed in the page, which tests/e2e/first-window.spec.ts counts.
    expect(Buffer.byteLength(shortcut)).toBeLessThanOrEqual(1_220);

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const searchFiles = () =>
      requested.filter((path) =>
        /search-start|search-dialog|\/search\/index\.json|\/search-index\//.test(path),
      );
    expect(searchFiles()).toEqual([]);

    await headerButton(page).click();
    await combobox(page).fill('면접');
    await expect(options(page).first()).toBeVisible();
    expect(searchFiles().some((path) => path.includes('search-dialog'))).toBe(true);
    expect(searchFiles().filter((path) => path === '/search/index.json')).toHaveLength(1);
  });

  test('단축키를 누르면 색인의 첫 파일과 대화상자의 첫 코드를 함께 받고, 첫 파일은 한 번만 받는다', async ({
    page,
    site,
    request,
  }) => {
    desktopOnly();
    const expected = await engineHits(request, '온보딩', { limit: 8 });
    const release = await holdRequests(page, '**/*search-start*.js');
    const entries: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/search/index.json') entries.push(request.url());
    });
    await site.goto('/');
    const startRequested = page.waitForRequest(/search-start/);
    const entryRequested = page.waitForRequest('**/search/index.json');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('온보딩');
    // Both leave while the code is still held: the entry does not wait for it.
    await Promise.all([startRequested, entryRequested]);
    release();
    await expect(options(page).first()).toContainText(expected[0]!.title);
    await expect(combobox(page)).toHaveValue('온보딩');
    expect(entries).toHaveLength(1);
  });

  test('본문에만 있는 낱말은 색인의 첫 파일과 대화상자 코드를 기다리지 않고 그 낱말의 색인 조각을 받고, 조각은 한 번만 받는다', async ({
    page,
    site,
    request,
  }) => {
    desktopOnly();
    const expected = await engineHits(request, '관대화', { limit: 8 });
    expect(expected.length).toBeGreaterThan(0);
    const releaseEntry = await holdRequests(page, '**/search/index.json');
    const shards: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/search-index/terms-')) shards.push(request.url());
    });
    await site.goto('/');
    // From here every script file is held, the dialog's and any other: the page's own inline
    // script names the shard, in the round trip that brings the entry.
    const releaseCode = await holdRequests(page, '**/_astro/*.js');
    const shardRequested = page.waitForRequest('**/search-index/terms-*');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('관대화');
    // The entry and every script file are held: the page named the shard itself.
    await shardRequested;
    releaseEntry();
    releaseCode();
    await expect(options(page).first()).toContainText(expected[0]!.title);
    expect(new Set(shards).size).toBe(shards.length);
  });
});

test('검색 페이지는 스크립트 파일 없이 그려지고, 섬의 코드와 색인은 첫 화면 뒤에 받는다', async ({
  page,
}) => {
  desktopOnly();
  const html = await (await page.request.get('/search?q=면접')).text();
  expect(html.match(/<script[^>]+\bsrc=/g)).toBeNull();
  await page.goto('/search?q=면접');
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
  const { fcp, early } = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      fcp: paint?.startTime ?? null,
      early: performance
        .getEntriesByType('resource')
        .filter((entry) => paint && entry.startTime < paint.startTime)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /\.(js|css|json)$/.test(path)),
    };
  });
  expect(fcp).not.toBeNull();
  expect(early).toEqual([]);
});

test.describe('자바스크립트 없이', () => {
  test.use({ javaScriptEnabled: false });

  test('헤더의 검색은 /search 링크이고, 검색 폼은 /search로 보낸다', async ({ page }) => {
    await page.goto('/faq');
    await expect(headerButton(page)).toHaveAttribute('href', '/search');
    await headerButton(page).click();
    await expect(page).toHaveURL(/\/search\/?$/);
    const form = page.getByRole('search', { name: '사이트 검색' });
    await form.getByRole('searchbox', { name: '검색어' }).fill('면접');
    await form.getByRole('button', { name: '검색' }).click();
    await expect(page).toHaveURL(/\/search\/?\?q=%EB%A9%B4%EC%A0%91$/);
  });

  // Chromium with script execution turned off by DevTools still parses <noscript> as text, so
  // the message is checked in the HTML itself (as detail.spec.ts does).
  test('검색 페이지의 HTML에는 JavaScript가 필요하다는 안내와 목록 링크가 있다', async ({ request }) => {
    const noscript = noscriptContents(await (await request.get('/search')).text());
    expect(noscript).toContain('검색은 JavaScript를 켜야 사용할 수 있습니다.');
    expect(noscript).toMatch(/<a href="\/faq"[^>]*>자주 묻는 질문<\/a>/);
    expect(noscript).toMatch(/<a href="\/newsRoom"[^>]*>뉴스<\/a>/);
  });
});
