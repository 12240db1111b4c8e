/** FAQ modes (spec §2): a submitted search enters search mode; picking a category leaves it and empties the box. */
import { test, expect, type Page } from './support/test.ts';

const categories = (page: Page) => page.getByRole('group', { name: '질문 분류' });
const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox');

test('분류를 고르면 검색 모드를 벗어나고 검색창이 빈다', async ({ page }) => {
  await page.goto('/faq');
  await searchBox(page).fill('면접');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/term=/);
  await expect(categories(page).getByRole('button', { name: '전체' })).toHaveAttribute('aria-pressed', 'true');

  const topic = categories(page).getByRole('button').nth(1);
  await topic.click();
  await expect(topic).toHaveAttribute('aria-pressed', 'true');
  await expect(page).not.toHaveURL(/term=/);
  await expect(searchBox(page)).toHaveValue('');
});

test('분류를 고르면 제출하지 않고 입력만 한 검색어도 지운다', async ({ page }) => {
  await page.goto('/faq');
  for (const index of [1, 0]) {
    // Typed, not submitted: the address has no term, so only the category pick can clear it.
    await searchBox(page).fill('입력만 한 검색어');
    const button = categories(page).getByRole('button').nth(index);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: '자주 묻는 질문 목록', exact: true })).toHaveAttribute('aria-busy', 'false');
    await expect(searchBox(page)).toHaveValue('');
  }
});
