/**
 * axe on the pages the other suites do not sweep (shell.spec.ts covers every route of
 * routes.ts, detail.spec.ts an HR story): the other detail kinds, the live query form of a
 * detail and the 404 page — at 390px and 1440px (the two projects).
 */
import { test, expect } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { detailIds } from './support/built-site.ts';

const pages = () => [
  { name: '성공 사례 상세', path: `/cad_archive/${detailIds('cad_archive')[0]}` },
  { name: '특허 상세', path: `/info/patent/${detailIds('info/patent')[0]}` },
  {
    name: 'HR 이야기 상세 (쿼리 주소)',
    path: `/info/blog?portal=${detailIds('info/blog')[0]}`,
    ready: 'article h1',
  },
  { name: '404', path: '/no-such-page' },
];

for (const { name, path, ready } of pages()) {
  test(`${name}: axe 위반 없음`, async ({ page, site }) => {
    await site.goto(path);
    await page.waitForLoadState('networkidle');
    if (ready) await expect(page.locator(ready).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
