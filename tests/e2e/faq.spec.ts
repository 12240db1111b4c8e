/**
 * FAQ modes (search mode and category mode): a submitted search enters search mode; picking a category leaves it and
 * empties the box. The accordion: answers open without JavaScript, before hydration and after.
 */
import { test, expect, type APIRequestContext, type Page } from './support/test.ts';
import { apiList, titleOf } from './support/api.ts';
import { screens } from './support/screens.ts';

const categories = (page: Page) => page.getByRole('group', { name: '질문 분류' });
const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox');

test('분류를 고르면 검색 모드를 벗어나고 검색창이 빈다', async ({ page, site }) => {
  await site.goto('/faq');
  await searchBox(page).fill('면접');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/term=/);
  await expect(categories(page).getByRole('button', { name: '전체' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const topic = categories(page).getByRole('button').nth(1);
  await topic.click();
  await expect(topic).toHaveAttribute('aria-pressed', 'true');
  await expect(page).not.toHaveURL(/term=/);
  await expect(searchBox(page)).toHaveValue('');
});

test('분류를 고르면 제출하지 않고 입력만 한 검색어도 지운다', async ({ page, site }) => {
  await site.goto('/faq');
  for (const index of [1, 0]) {
    // Typed, not submitted: the address has no term, so only the category pick can clear it.
    await searchBox(page).fill('입력만 한 검색어');
    const button = categories(page).getByRole('button').nth(index);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: '자주 묻는 질문 목록', exact: true })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await expect(searchBox(page)).toHaveValue('');
  }
});

/*
 * The accordion: every row is a native <details>, its question the <summary> (no ARIA role of
 * its own, so rows are found by their question text). The browser opens a row itself, so an
 * answer opens without JavaScript, before the island hydrates and after.
 */
const faqScreen = screens.find((screen) => screen.path === '/faq')!;
const listRegion = (page: Page) => page.getByRole('region', { name: faqScreen.region, exact: true });
const row = (page: Page, title: string) =>
  listRegion(page)
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: title }) });
const questionOf = (page: Page, title: string) => row(page, title).locator('summary');
const answerOf = (page: Page, title: string) => row(page, title).locator('[id^="faq-a-"]');

async function firstTitles(request: APIRequestContext, count: number): Promise<string[]> {
  const titles = (await apiList(request, faqScreen.firstPage)).objects.slice(0, count).map(titleOf);
  expect(titles.length).toBe(count);
  return titles;
}

test('질문은 <summary> 안의 h2 제목이고, 답은 닫힌 채로 시작한다', async ({ page, site, request }) => {
  const [title] = await firstTitles(request, 1);
  await site.goto('/faq');
  // The heading's name is the question with its tags before it.
  await expect(questionOf(page, title!).getByRole('heading', { level: 2, name: title! })).toBeVisible();
  await expect(row(page, title!)).not.toHaveAttribute('open');
  await expect(answerOf(page, title!)).toBeHidden();
});

test.describe('JavaScript 없이', () => {
  test.use({ javaScriptEnabled: false });

  test('질문을 누르면 답이 열리고, 다시 누르면 닫힌다', async ({ page, site, request }) => {
    const [first, second] = await firstTitles(request, 2);
    await site.goto('/faq');
    await expect(answerOf(page, first!)).toBeHidden();
    await questionOf(page, first!).click();
    await expect(answerOf(page, first!)).toBeVisible();
    // Several rows open at once, as with the island.
    await questionOf(page, second!).click();
    await expect(answerOf(page, second!)).toBeVisible();
    await expect(answerOf(page, first!)).toBeVisible();
    await questionOf(page, first!).click();
    await expect(answerOf(page, first!)).toBeHidden();
    await expect(answerOf(page, second!)).toBeVisible();
  });
});

/*
 * Before hydration: `page.goto`, not `site.goto` (which hydrates every island). A click event
 * with no pointer or key event before it (assistive technology, a script's click()) is no
 * interaction for the hydration directive; the row opens by itself.
 */
test('하이드레이션 전: 스크립트의 click()만으로 질문이 답을 열고, 하이드레이션 뒤에도 열려 있다', async ({
  page,
  request,
}) => {
  const [first, second] = await firstTitles(request, 2);
  await page.goto('/faq');
  const island = page.locator('astro-island', { has: page.locator('details') });
  await expect(island).toHaveAttribute('data-hydrate-on-interaction', '');
  // The check and the click in one task: nothing can hydrate the island between them.
  const clicked = await questionOf(page, first!).evaluate((summary) => {
    const waiting = summary.closest('astro-island')!.hasAttribute('data-hydrate-on-interaction');
    (summary as HTMLElement).click();
    return { waiting, open: (summary.parentElement as HTMLDetailsElement).open };
  });
  expect(clicked).toEqual({ waiting: true, open: true });
  await expect(answerOf(page, first!)).toBeVisible();
  await expect(island).toHaveAttribute('data-hydrate-on-interaction', '');

  // Hydrated now (a pointer over the list): the row stays open, React took it into its state
  // (a category and back draws the rows anew, the row comes back open), and rows still toggle.
  await listRegion(page).hover();
  await expect(island).not.toHaveAttribute('ssr');
  await expect(answerOf(page, first!)).toBeVisible();
  const group = page.getByRole('group', { name: '질문 분류' });
  await group.getByRole('button').nth(1).click();
  await expect(page).toHaveURL(/topic_id=/);
  await group.getByRole('button', { name: '전체' }).click();
  await expect(page).not.toHaveURL(/topic_id=/);
  await expect(listRegion(page)).toHaveAttribute('aria-busy', 'false');
  await expect(answerOf(page, first!)).toBeVisible();
  await expect(answerOf(page, second!)).toBeHidden();
  await questionOf(page, first!).click();
  await expect(answerOf(page, first!)).toBeHidden();
});

test('하이드레이션 뒤: 여러 답을 함께 열고 닫으며, 분류를 바꿨다 돌아와도 그대로다', async ({
  page,
  site,
  request,
}) => {
  const [first, second, third] = await firstTitles(request, 3);
  await site.goto('/faq');
  await questionOf(page, first!).click();
  await questionOf(page, second!).click();
  await expect(answerOf(page, first!)).toBeVisible();
  await expect(answerOf(page, second!)).toBeVisible();
  await questionOf(page, first!).click();
  await expect(answerOf(page, first!)).toBeHidden();
  await expect(answerOf(page, second!)).toBeVisible();
  // One more, by a bare click() on a hydrated island: the DOM toggles, React follows it.
  await questionOf(page, third!).evaluate((summary) => (summary as HTMLElement).click());
  await expect(answerOf(page, third!)).toBeVisible();

  // A category and back: the island draws the rows anew from its own state.
  const group = page.getByRole('group', { name: '질문 분류' });
  const topic = group.getByRole('button').nth(1);
  await topic.click();
  await expect(topic).toHaveAttribute('aria-pressed', 'true');
  await expect(listRegion(page)).toHaveAttribute('aria-busy', 'false');
  await group.getByRole('button', { name: '전체' }).click();
  await expect(page).not.toHaveURL(/topic_id=/);
  await expect(listRegion(page)).toHaveAttribute('aria-busy', 'false');
  await expect(answerOf(page, first!)).toBeHidden();
  await expect(answerOf(page, second!)).toBeVisible();
  await expect(answerOf(page, third!)).toBeVisible();
  await expect(page.getByText(/총 \d+개의 질문/)).toBeVisible();
});

test('분류를 바꾸면 닫힌 줄까지 모든 답이 채워지고, 펼친 답은 API의 답을 보인다', async ({
  page,
  site,
  request,
}) => {
  await site.goto('/faq');
  const group = page.getByRole('group', { name: '질문 분류' });
  const topic = group.getByRole('button').nth(1);
  const topicId = new URLSearchParams((await topic.getAttribute('data-query')) ?? '').get('topic_id');
  const answer = await apiList(request, `/faq/tags?page=1&topic_id=${topicId}`);
  await topic.click();
  await expect(listRegion(page)).toHaveAttribute('aria-busy', 'false');
  const rows = listRegion(page).locator('details');
  await expect(rows).toHaveCount(answer.objects.length);
  // The answers follow their questions by one render: then every closed row has its answer in
  // the page too (find in page reaches it), not only the rows opened.
  await expect
    .poll(() => rows.evaluateAll((all) => all.filter((row) => row.lastElementChild!.innerHTML === '').length))
    .toBe(0);
  const title = titleOf(answer.objects[0]!);
  await questionOf(page, title).click();
  await expect(answerOf(page, title)).toBeVisible();
  const text = (answer.objects[0]!.post_body ?? '').replace(/<[^>]+>/g, '').replace(/\s+/g, '');
  expect((await answerOf(page, title).textContent())!.replace(/\s+/g, '')).toBe(text);
});
