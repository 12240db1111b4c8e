/**
 * A keyboard-only walk: the skip link, the header menu, the home tabs, the FAQ accordion, a
 * slider's dots, the HR story topic dropdown (390px) and 더보기 (1440px), and paging. Every step
 * uses `page.keyboard` only, and every element reached must show a visible focus indicator.
 */
import { test, expect, type Page } from './support/test.ts';
import { detailIds } from './support/built-site.ts';

interface Focused {
  tag: string;
  role: string | null;
  name: string;
  id: string;
  expanded: string | null;
  selected: string | null;
  /** A visible focus indicator: an outline or a box shadow, on an element with a size. */
  visibleFocus: boolean;
}

function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const ring = (s: CSSStyleDeclaration) =>
      (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    // A field may draw its ring on its wrapper (:focus-within), as the search box does.
    const wrapper = el.parentElement;
    const wrapperRing =
      !!wrapper &&
      wrapper.matches(':focus-within') &&
      ring(getComputedStyle(wrapper)) &&
      el.matches('input, select, textarea');
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      id: el.id,
      expanded: el.getAttribute('aria-expanded'),
      selected: el.getAttribute('aria-selected'),
      visibleFocus: (ring(style) || wrapperRing) && rect.width > 0 && rect.height > 0,
    };
  });
}

/** Presses Tab until the focused element matches; fails after `max` presses. */
async function tabTo(page: Page, match: (el: Focused) => boolean, what: string, max = 150): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await focused(page);
    if (el && match(el)) {
      expect(el.visibleFocus, `${what}: 포커스 표시`).toBe(true);
      return el;
    }
  }
  throw new Error(`Tab ${max}번 안에 ${what}에 닿지 못했습니다.`);
}

const isMobile = (name: string) => name === 'mobile';

test('본문 바로가기: 첫 Tab에 보이고, Enter로 본문으로 건너뛴다', async ({ page, site }) => {
  await site.goto('/faq');
  await page.keyboard.press('Tab');
  const skip = await focused(page);
  expect(skip).toMatchObject({ tag: 'a', name: '본문 바로가기', visibleFocus: true });
  await expect(page.getByRole('link', { name: '본문 바로가기' })).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  expect((await focused(page))?.id).toBe('main');
  // The next Tab continues inside the main content, not in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(
    true,
  );
});

test('헤더 메뉴를 키보드로 열고 Escape로 닫는다', async ({ page, site }, testInfo) => {
  await site.goto('/newsRoom');
  const nav = page.getByRole('navigation', { name: '주 메뉴' });
  if (isMobile(testInfo.project.name)) {
    await tabTo(page, (el) => el.tag === 'button' && el.name.includes('메뉴 열기'), '메뉴 버튼');
    await expect(nav).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    expect((await focused(page))?.expanded).toBe('true');
    // Into the menu: a group opens with Enter as well.
    const group = await tabTo(page, (el) => el.name === 'HR 인사이트', '메뉴 그룹');
    expect(group.expanded).toBe('false');
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: '뉴스룸' })).toBeVisible();
    await page.keyboard.press('Escape'); // closes the group, focus stays on it
    expect(await focused(page)).toMatchObject({ name: 'HR 인사이트', expanded: 'false' });
    await page.keyboard.press('Escape'); // closes the menu, focus back on its button
    await expect(nav).toBeHidden();
    expect(await focused(page)).toMatchObject({ tag: 'button', expanded: 'false' });
    expect((await focused(page))?.name).toContain('메뉴 열기');
    return;
  }
  await expect(nav).toBeVisible();
  const group = await tabTo(
    page,
    (el) => el.tag === 'button' && el.name === '서비스 소개',
    '서비스 소개 그룹',
  );
  expect(group.expanded).toBe('false');
  const submenu = nav.getByRole('link', { name: 'AI 역량검사' });
  await expect(submenu).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(submenu).toBeVisible();
  // Tab moves into the submenu.
  const first = await tabTo(page, () => true, '하위 메뉴 첫 링크', 1);
  expect(first).toMatchObject({ tag: 'a', name: 'AI 역량검사' });
  await page.keyboard.press('Escape');
  await expect(submenu).toBeHidden();
  expect(await focused(page)).toMatchObject({ name: '서비스 소개', expanded: 'false' });
  // Space opens a group too.
  await page.keyboard.press('Space');
  await expect(submenu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(submenu).toBeHidden();
});

test('홈 탭: 화살표, Home, End로 탭을 옮기고 패널이 바뀐다', async ({ page, site }) => {
  await site.goto('/');
  const first = await tabTo(page, (el) => el.role === 'tab', '첫 탭 목록');
  expect(first.selected).toBe('true');
  const tablist = page.getByRole('tablist').first();
  const tabs = tablist.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  await page.keyboard.press('ArrowRight');
  let now = await focused(page);
  expect(now).toMatchObject({ role: 'tab', selected: 'true', visibleFocus: true });
  expect(now?.name).not.toBe(first.name);
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  const panelId = await tabs.nth(1).getAttribute('aria-controls');
  await expect(page.locator(`#${panelId}`)).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight'); // wraps to the first
  now = await focused(page);
  expect(now?.name).toBe(first.name);
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  // Only the selected tab is in the tab order: Tab leaves the tab list.
  await page.keyboard.press('Tab');
  expect((await focused(page))?.role).not.toBe('tab');
});

test('FAQ 아코디언: Enter와 Space로 답을 열고 닫는다', async ({ page, site }) => {
  await site.goto('/faq');
  // A question is the <summary> of a native <details>: the browser opens it on Enter and Space.
  const isQuestion = (el: Focused) => el.tag === 'summary' && el.id.startsWith('faq-q-');
  const question = await tabTo(page, isQuestion, 'FAQ 질문');
  const row = page.locator('details', { has: page.locator(`#${question.id}`) });
  const panel = row.locator('[id^="faq-a-"]');
  await expect(row).not.toHaveAttribute('open');
  await expect(panel).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('open', '');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Space');
  await expect(row).not.toHaveAttribute('open');
  await expect(panel).toBeHidden();
  // The next question is one Tab away and opens with Space.
  const next = await tabTo(page, isQuestion, '다음 FAQ 질문', 3);
  expect(next.id).not.toBe(question.id);
  await page.keyboard.press('Space');
  await expect(page.locator('details', { has: page.locator(`#${next.id}`) })).toHaveAttribute('open', '');
});

test('슬라이더: 점 버튼에 Tab으로 닿고 Enter로 슬라이드를 바꾼다', async ({ page, site }) => {
  await site.goto('/video');
  const carousel = page.locator('[data-carousel]').first();
  // The banner is on screen from the start: Swiper starts when the focus enters the slider
  // (its dots are in the HTML before that, and keep the focus when Swiper draws them anew).
  const dot = await tabTo(page, (el) => /2번 슬라이드로 이동/.test(el.name), '2번 점 버튼');
  expect(dot.tag).toMatch(/button|span/);
  await expect(carousel.locator('.swiper-initialized')).toBeAttached();
  await expect(carousel.locator('.swiper-pagination-bullet').nth(1)).toBeFocused();
  const active = carousel.locator('.swiper-slide-active');
  const before = await active.getAttribute('aria-label');
  await page.keyboard.press('Enter');
  await expect(active).not.toHaveAttribute('aria-label', before ?? '');
  await expect(carousel.locator('.swiper-pagination-bullet-active')).toHaveAttribute(
    'aria-label',
    /2번 슬라이드로 이동/,
  );
  // Swiper ignores a new slide while the 1 s transition runs; it resets the duration when done.
  await expect
    .poll(() =>
      carousel.locator('.swiper-wrapper').evaluate((el) => (el as HTMLElement).style.transitionDuration),
    )
    .toBe('0ms');
  // And back with the first dot.
  await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  await page.keyboard.up('Shift');
  expect((await focused(page))?.name).toMatch(/1번 슬라이드로 이동/);
  await page.keyboard.press('Enter');
  await expect(carousel.locator('.swiper-pagination-bullet-active')).toHaveAttribute(
    'aria-label',
    /1번 슬라이드로 이동/,
  );
});

test('HR 이야기 주제: 390px은 드롭다운, 1440px은 더보기와 주제 버튼', async ({ page, site }, testInfo) => {
  await site.goto('/hrcontents');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('HR 이야기');
  if (isMobile(testInfo.project.name)) {
    await tabTo(page, (el) => el.tag === 'select', '주제 선택 드롭다운');
    await expect(page.getByLabel('주제 선택')).toBeFocused();
    const option = page.getByLabel('주제 선택').locator('option').nth(1);
    const topic = (await option.textContent())!.trim();
    // A focused <select> changes its value with the arrow keys, without opening.
    await page.keyboard.press('ArrowDown');
    await expect(heading).toHaveText(`HR 이야기 #${topic}`);
    await expect(page).toHaveURL(/topic_id=/);
    return;
  }
  const more = await tabTo(page, (el) => el.tag === 'button' && el.name === '더보기', '더보기 버튼');
  expect(more.expanded).toBe('false');
  await page.keyboard.press('Enter');
  expect(await focused(page)).toMatchObject({ expanded: 'true' });
  // Back to a topic chip and choose it.
  await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  await page.keyboard.up('Shift');
  const chip = await focused(page);
  expect(chip?.name).toMatch(/^#/);
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText(`HR 이야기 ${chip!.name}`);
});

test('페이지 번호 링크를 Enter로 따라가고 현재 페이지가 바뀐다', async ({ page, site }) => {
  await site.goto('/newsRoom');
  const paging = page.getByRole('navigation', { name: '페이지' });
  await expect(paging.getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
  await tabTo(page, (el) => el.tag === 'a' && el.name === '2', '2페이지 링크', 200);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(paging.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: '뉴스 목록' })).not.toHaveAttribute('aria-busy', 'true');
});

test('동작 줄이기 설정에서는 전환과 슬라이드 애니메이션이 없다', async ({ page, site }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await site.goto('/video');
  const transition = await page.evaluate(() => {
    const link = document.querySelector('a')!;
    return getComputedStyle(link)
      .transitionDuration.split(',')
      .map((d) => parseFloat(d));
  });
  expect(Math.max(...transition)).toBeLessThanOrEqual(0.0001);
  const carousel = page.locator('[data-carousel]').first();
  await tabTo(page, (el) => /2번 슬라이드로 이동/.test(el.name), '2번 점 버튼');
  await expect(carousel.locator('.swiper-initialized')).toBeAttached();
  await page.keyboard.press('Enter');
  expect(
    await carousel.locator('.swiper-wrapper').evaluate((el) => (el as HTMLElement).style.transitionDuration),
  ).toBe('0ms');
});

test('모든 Tab 정지점에 포커스가 보인다 (홈, 목록, 상세)', async ({ page, site }) => {
  test.setTimeout(120_000);
  for (const path of ['/', '/hrcontents', '/faq', `/info/blog/${detailIds('info/blog')[0]}`]) {
    await site.goto(path);
    const seen = new Set<string>();
    const invisible: string[] = [];
    for (let i = 0; i < 250; i++) {
      await page.keyboard.press('Tab');
      const el = await focused(page);
      if (!el) continue;
      const key = await page.evaluate(() => {
        const active = document.activeElement!;
        const path: string[] = [];
        for (let node: Element | null = active; node; node = node.parentElement) {
          path.unshift(`${node.tagName}:${Array.from(node.parentElement?.children ?? []).indexOf(node)}`);
        }
        return path.join('/');
      });
      if (seen.has(key)) break; // wrapped around
      seen.add(key);
      if (!el.visibleFocus) invisible.push(`${path}: <${el.tag}> ${el.name.slice(0, 40)}`);
    }
    expect(seen.size, path).toBeGreaterThan(5);
    expect(invisible).toEqual([]);
  }
});
