/**
 * Untrusted content in the browser: hostile addresses from the API never reach an `href` or
 * `src`, both sanitisers treat addresses and embeds the same way, and a lazily loaded file
 * that is gone (a deploy since the page was opened) ends in an error with a retry that
 * reloads the page, never in an endless loading state.
 */
import type { Route } from '@playwright/test';
import { sanitizeHtmlServer } from '../../src/lib/html/sanitize.server.ts';
import { API, fakeList, type ApiItem } from './support/api.ts';
import { expect, test, type Page } from './support/test.ts';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', '화면 너비와 무관한 동작은 데스크톱에서만 확인합니다.');
});

/** Addresses and embeds whose handling must not differ between the build and the browser. */
const addressCases = [
  '<p><a href="//evil.example/a">프로토콜 상대 주소</a></p>',
  '<p><a href="/\\evil.example/b">역슬래시 주소</a></p>',
  '<p><a href="\\\\evil.example\\c">두 역슬래시</a></p>',
  '<p><a href="JaVaScRiPt:alert(1)">대소문자 섞인 스크립트</a></p>',
  '<p><a href="/faq#top">사이트 안 링크</a></p>',
  '<p><a href="mailto:hr@insighthire.example">메일</a></p>',
  '<p><img src="//evil.example/x.png" alt="외부 그림"><img src="/images/fallback-thumb.svg" alt="사이트 그림"></p>',
  '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="영상" allow="camera; microphone; autoplay; encrypted-media; geolocation" allowfullscreen></iframe>',
].join('\n');

/** What matters of a sanitised fragment: each link, image and frame with its address attributes. */
async function addressShape(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll('a, img, iframe')].map((element) =>
        [
          element.tagName.toLowerCase(),
          ...['href', 'src', 'allow', 'sandbox', 'target', 'rel'].map(
            (name) => `${name}=${element.getAttribute(name) ?? ''}`,
          ),
        ].join(' '),
      ),
    );
}

function blog(content: string) {
  return { title: '주소 시험 글', author: '테스트', date: '2026-11-20T10:00:00+09:00', content, tags: [] };
}

/** Answers 404 for the lazily loaded sanitiser file (DOMPurify), as a host does after a deploy. */
async function dropSanitizerFile(page: Page): Promise<{ restore(): void }> {
  let gone = true;
  await page.route('**/_astro/**/*.js', async (route: Route) => {
    if (!gone) return route.fallback();
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('uponSanitizeAttribute')) return route.fulfill({ status: 404, body: 'Not Found' });
    return route.fulfill({ response, body });
  });
  return { restore: () => (gone = false) };
}

test('두 새니타이저가 주소와 임베드를 똑같이 다룬다 (다른 호스트로 가는 주소, 스크립트, iframe 권한)', async ({
  page,
  site,
}) => {
  await page.route(/youtube-nocookie|evil\.example/, (route) => route.fulfill({ status: 204, body: '' }));
  await page.route(`${API}/blog/detail?id=address-test*`, (route) =>
    route.fulfill({ json: blog(addressCases) }),
  );
  await site.goto('/info/blog?portal=address-test');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('주소 시험 글');
  const browser = await addressShape(page, '[data-article-body]');

  // A blank document of its own: the site's page requires Trusted Types, and setContent writes a string.
  await page.goto('about:blank');
  await page.setContent(
    `<!doctype html><html lang="ko"><body><main id="content">${sanitizeHtmlServer(addressCases)}</main></body></html>`,
  );
  const build = await addressShape(page, '#content');

  expect(browser).toEqual(build);
  const all = browser.join('\n');
  expect(all).not.toMatch(/evil\.example|javascript:/i);
  expect(browser).toContain('a href=/faq#top src= allow= sandbox= target= rel=');
  const frame = browser.find((line) => line.startsWith('iframe'));
  expect(frame).toContain('allow=autoplay; encrypted-media ');
  expect(frame).toContain(
    'sandbox=allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox',
  );
});

test('목록 응답의 위험한 주소는 카드의 링크와 그림이 되지 않는다', async ({ page, site }) => {
  const answer = fakeList(2, 20, 'hostile', 9);
  const hostile = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '/\\evil.example/y',
  ];
  answer.objects = answer.objects.map((item, index) => ({
    ...item,
    absolute_url: hostile[index % hostile.length]!,
    featured_image: hostile[(index + 1) % hostile.length]!,
  })) as ApiItem[];
  await page.route(`${API}/success/search?*`, (route) => route.fulfill({ json: answer }));
  await site.goto('/success_story?page=2');
  const list = page.getByRole('region', { name: '성공 사례 목록', exact: true });
  await expect(list.getByText('hostile 테스트 글 10')).toBeVisible();
  const addresses = await list.evaluate((root) =>
    [...root.querySelectorAll('[href], [src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '',
    ),
  );
  expect(addresses.join('\n')).not.toMatch(/javascript:|vbscript:|data:text\/html|evil\.example/i);
  // Cards without a usable address stay readable, with the fallback picture.
  await expect(list.locator('img[src="/images/fallback-thumb.svg"]').first()).toBeVisible();
});

test('DOMPurify 파일이 사라져도 FAQ 검색은 알림으로 끝나고, 다시 시도하면 페이지를 새로 불러와 회복한다', async ({
  page,
  site,
}) => {
  const file = await dropSanitizerFile(page);
  await site.goto('/faq?page=1&term=%EC%B1%84%EC%9A%A9');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('새 버전');
  await expect(page.getByTestId('skeletons')).toHaveCount(0);
  file.restore();
  await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: '다시 시도' }).click()]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The questions are back (each the <summary> of a native <details>, which has no ARIA role).
  await expect(
    page.getByRole('region', { name: '자주 묻는 질문 목록', exact: true }).locator('summary').first(),
  ).toBeVisible();
});

test('DOMPurify 파일이 사라져도 실시간 상세는 알림으로 끝나고, 다시 시도하면 회복한다', async ({
  page,
  site,
}) => {
  const file = await dropSanitizerFile(page);
  await page.route(`${API}/blog/detail?id=stale-test*`, (route) =>
    route.fulfill({ json: blog('<p>새 글의 본문</p>') }),
  );
  await site.goto('/info/blog?portal=stale-test');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('새 버전');
  await expect(page.getByTestId('detail-skeleton')).toHaveCount(0);
  file.restore();
  await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: '다시 시도' }).click()]);
  await expect(page.getByText('새 글의 본문')).toBeVisible();
});

test('AbortSignal.any가 없는 브라우저에서도 실시간 상세가 뜬다', async ({ page, site }) => {
  await page.addInitScript(() => {
    // @ts-expect-error: removed on purpose, as in Safari before 17.4.
    delete AbortSignal.any;
  });
  await page.route(`${API}/blog/detail?id=old-safari*`, (route) =>
    route.fulfill({ json: blog('<p>오래된 사파리의 본문</p>') }),
  );
  await site.goto('/info/blog?portal=old-safari');
  await expect(page.getByText('오래된 사파리의 본문')).toBeVisible();
});
