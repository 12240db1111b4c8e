/**
 * The strictest policy the site keeps: no inline style but the one `<style>` each page's policy
 * hashes (src/integrations/finish-pages/merge-styles.ts), no `style=""` attribute, and Trusted
 * Types (`require-trusted-types-for 'script'`: every HTML sink and worker address goes through the
 * site's one policy, src/lib/security/trusted-types.ts). The built pages are read first, then the
 * key pages are used in Chromium, which enforces both, and nothing may be refused.
 */
import { test, expect, type Page } from './support/test.ts';
import { builtPages, decodeEntities, detailIds } from './support/built-site.ts';
import { scriptHash as styleHash } from '../../src/integrations/finish-pages/csp-policy.ts';

/** The page's policy as directive name → sources. */
function policyOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
  return new Map(
    decodeEntities(content)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources] as const),
  );
}

test.describe('빌드된 페이지 (한 번만)', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', '빌드된 HTML만 읽는 검사라 한 번만 실행합니다.');
  });

  test('인라인 스타일은 정책이 해시로 허용한 <style> 하나뿐이고 style 속성은 없다', () => {
    const problems: string[] = [];
    for (const { path, html } of builtPages()) {
      const styleSrc = policyOf(html).get('style-src') ?? [];
      if (styleSrc.join(' ') !== "'self'" && !/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/.test(styleSrc.join(' ')))
        problems.push(`${path}: style-src ${styleSrc.join(' ')}`);
      const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)];
      if (styles.length > 1) problems.push(`${path}: <style> ${styles.length}개`);
      for (const [, body = ''] of styles)
        if (!styleSrc.includes(styleHash(body)))
          problems.push(`${path}: 해시 없는 <style> ${body.slice(0, 80)}`);
      for (const [tag] of html.matchAll(/<[a-z][^<>]*?\sstyle\s*=[^<>]*>/gi))
        problems.push(`${path}: style 속성 ${tag.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });

  test('모든 페이지의 정책이 Trusted Types를 요구하고 사이트의 정책 하나만 만들게 한다', () => {
    for (const { path, html } of builtPages()) {
      const policy = policyOf(html);
      expect(policy.get('require-trusted-types-for'), path).toEqual(["'script'"]);
      expect(policy.get('trusted-types'), path).toEqual(['site', 'html', "'allow-duplicates'"]);
      for (const [name, sources] of policy)
        expect(sources, `${path} ${name}`).not.toContain("'unsafe-inline'");
    }
  });
});

/** Collects what the page's policy refused: `securitypolicyviolation` events and console messages. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Trusted ?Type|TrustedHTML|TrustedScriptURL/i.test(message.text()))
      messages.push(`console: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => {
    if (/Trusted|policy/i.test(error.message)) messages.push(`error: ${error.message.slice(0, 300)}`);
  });
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = list;
    document.addEventListener('securitypolicyviolation', (event) => {
      list.push(`${event.effectiveDirective} ${event.blockedURI || '(inline)'} ${event.sample}`);
    });
  });
  return async () => [
    ...messages.splice(0),
    ...(await page.evaluate(
      () => (window as unknown as { __violations?: string[] }).__violations?.splice(0) ?? [],
    )),
  ];
}

/** Scrolls to the bottom a screen at a time, so what waits for the visitor (sliders, pictures) starts. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForLoadState('networkidle');
}

test('주요 페이지를 엄격한 정책 아래 Chromium으로 써도 거부되는 것이 없다', async ({ page, site }) => {
  test.setTimeout(120_000);
  const refused = await watchPolicy(page);
  const found: string[] = [];
  const seen = async (label: string) => found.push(...(await refused()).map((v) => `${label}: ${v}`));

  // Swiper writes its dots and announcements with innerHTML, through a policy of its own: the
  // home's slider on a phone, the product page's on both.
  for (const path of ['/', '/soft-skill']) {
    await site.goto(path, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => 'trustedTypes' in window)).toBe(true);
    await scrollThrough(page);
    const dots = page.locator('[data-carousel-dots]:visible').first();
    if (path === '/soft-skill' || test.info().project.name === 'mobile') {
      await dots.scrollIntoViewIfNeeded();
      await expect(page.locator('.swiper-initialized').first()).toBeAttached();
      await dots.getByRole('button').nth(1).click();
      await page.waitForTimeout(1200);
    }
    await seen(path);
  }

  // A first tap before the island has started: the island's code is fetched in a worker.
  await page.goto('/newsRoom');
  await page
    .getByRole('navigation', { name: '페이지' })
    .getByRole('link', { name: '2', exact: true })
    .click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('region', { name: '뉴스 목록', exact: true })).toHaveAttribute(
    'data-status',
    'ready',
  );
  await seen('/newsRoom 2쪽');

  for (const path of ['/newsRoom', '/hrcontents', `/info/blog/${detailIds('info/blog')[0]}`]) {
    await site.goto(path, { waitUntil: 'networkidle' });
    await scrollThrough(page);
    await seen(path);
  }

  // Answers the island writes (dangerouslySetInnerHTML) for another category, one opened.
  await site.goto('/faq', { waitUntil: 'networkidle' });
  await page.getByRole('group', { name: '질문 분류' }).getByRole('button').nth(1).click();
  await page.waitForLoadState('networkidle');
  await page.locator('details summary').first().click();
  await expect(page.locator('details[open] [role="region"]').first()).not.toBeEmpty();
  await seen('/faq');

  // The live detail: DOMPurify parses and cleans the API's HTML through the site's policy.
  await site.goto(`/info/blog?portal=${detailIds('info/blog')[0]}`, { waitUntil: 'networkidle' });
  await expect(page.locator('[data-article-body]')).not.toBeEmpty();
  await seen('/info/blog?portal=');

  await site.goto('/search?q=면접', { waitUntil: 'networkidle' });
  await expect(page.getByRole('main').locator('ol').getByRole('listitem').first()).toBeVisible();
  await seen('/search?q=면접');

  await site.goto('/newsRoom', { waitUntil: 'networkidle' });
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: '사이트 검색' })).toBeVisible();
  await page.keyboard.type('면접');
  await expect(page.getByRole('option').first()).toBeVisible();
  await seen('검색 대화상자');

  expect(found).toEqual([]);

  // The watch sees what the policy refuses: a plain string written into the page is.
  await page.evaluate(() => {
    try {
      document.body.insertAdjacentHTML('beforeend', '<b>x</b>');
    } catch {
      // Refused, as it must be.
    }
  });
  expect((await refused()).join('\n')).toMatch(/require-trusted-types-for/);
});
