/**
 * The site under test was built against the test content API and the default site address,
 * whatever PUBLIC_CONTENT_API_URL or SITE_URL the shell that started the tests carried
 * (`PUBLIC_CONTENT_API_URL=http://127.0.0.1:1 npm test` must pass).
 */
import { test, expect } from './support/test.ts';
import { API } from './support/api.ts';
import { canonicalOf } from './support/built-site.ts';
import { DEFAULT_SITE_URL } from '../../scripts/lib/test-env.ts';

test('테스트 서버의 빌드는 호출한 셸의 API 주소와 사이트 주소를 쓰지 않는다', async ({
  page,
  site,
  request,
}) => {
  test.skip(test.info().project.name === 'mobile', '화면 너비와 무관한 동작은 데스크톱에서만 확인합니다.');
  const html = await (await request.get('/faq')).text();
  const csp = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1] ?? '';
  expect(csp).toMatch(new RegExp(`connect-src[^;]*${API.replace(/[.:/]/g, '\\$&')}`));
  expect(canonicalOf(html)).toBe(`${DEFAULT_SITE_URL}/faq/`);
  // The browser's list calls go to the test API.
  const calls: string[] = [];
  page.on('request', (r) => calls.push(r.url()));
  await site.goto('/faq?page=2');
  await expect(page.getByRole('navigation', { name: '페이지' }).locator('[aria-current="page"]')).toHaveText(
    '2',
  );
  expect(calls.some((url) => url.startsWith(`${API}/faq/`))).toBe(true);
});
