import { test, expect } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { staticRoutes } from './support/routes.ts';

for (const route of staticRoutes) {
  test(`${route.path}: 헤더, 제목, 푸터와 간편 문의 링크`, async ({ page, site }) => {
    const response = await site.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('banner').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    const inquiry = footer.getByRole('link', { name: /간편 문의/ });
    await expect(inquiry).toHaveAttribute('target', '_blank');
    await expect(inquiry).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(inquiry).toHaveAttribute('href', /^https:\/\//);
  });

  test(`${route.path}: axe 위반 없음`, async ({ page, site }) => {
    await site.goto(route.path);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
}

test('없는 주소는 한국어 404 페이지를 404 상태로 보여 준다', async ({ page, site }) => {
  const response = await site.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다.');
  await expect(page.getByRole('link', { name: '홈으로 가기' })).toHaveAttribute('href', '/');
});

test('좁은 화면에서는 메뉴 버튼으로 내비게이션을 연다', async ({ page, site }, testInfo) => {
  await site.goto('/faq');
  const toggle = page.getByRole('button', { name: /메뉴 열기/ });
  if (testInfo.project.name === 'desktop') {
    await expect(toggle).toBeHidden();
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
    return;
  }
  const nav = page.getByRole('navigation', { name: '주 메뉴' });
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: /메뉴 닫기/ })).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('button', { name: 'HR 인사이트' }).click();
  await nav.getByRole('link', { name: '뉴스룸' }).click();
  await expect(page).toHaveURL(/\/newsRoom$/);
});
