/**
 * Security: the headers of public/_headers on the local server (and the home's hero preload the
 * build adds), the per-page Content Security Policy (no violation on any page in Chromium) and
 * `rel` on every link that opens a new tab.
 */
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { test, expect, type Page, type Site } from './support/test.ts';
import { staticRoutes } from './support/routes.ts';
import { builtPages, detailIds, distDir } from './support/built-site.ts';
import { heroPreloadProblems } from '../support/hero-preload.ts';

/** The 1xx answers before the answer to a GET of `url`: status and `Link` (node:http reports them). */
function earlyHints(url: string): Promise<[number, string | undefined][]> {
  return new Promise((resolve, reject) => {
    const hints: [number, string | undefined][] = [];
    const req = httpGet(url, (res) => res.resume().on('end', () => resolve(hints)));
    req.on('information', (info) => hints.push([info.statusCode, info.headers.link as string | undefined]));
    req.on('error', reject);
  });
}

const securityHeaders = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

test.describe('헤더와 링크 (한 번만)', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', '응답 헤더와 HTML만 읽는 검사라 한 번만 실행합니다.');
  });

  test('페이지: 보안 헤더와 짧은 캐시', async ({ request }) => {
    for (const path of [
      '/',
      '/faq',
      `/info/blog/${detailIds('info/blog')[0]}`,
      '/rss.xml',
      '/no-such-page',
    ]) {
      const response = await request.get(path);
      expect(response.headers(), path).toMatchObject({
        ...securityHeaders,
        'cache-control': 'public, max-age=300, must-revalidate',
      });
    }
  });

  test('홈: 대표 이미지의 preload Link 헤더, 그 앞의 103 Early Hints (다른 페이지에는 없다)', async ({
    request,
    baseURL,
  }) => {
    const home = readFileSync(join(distDir, 'index.html'), 'utf8');
    for (const path of ['/', '/index.html']) {
      const response = await request.get(path);
      expect(heroPreloadProblems(response.headers()['link'], home), path).toEqual([]);
      // The header is all: the page is the file the build wrote.
      expect(await response.text(), path).toBe(home);
    }
    for (const path of ['/faq', '/no-such-page'])
      expect((await request.get(path)).headers()['link'], path).toBeUndefined();
    const hints = await earlyHints(new URL('/', baseURL).href);
    expect(hints).toEqual([[103, (await request.get('/')).headers()['link']]]);
  });

  test('해시 이름의 자산: 보안 헤더와 1년 immutable 캐시, 압축 전송', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // Not the no-script stylesheet: a file of one rule is too small to be worth compressing.
    const asset = /(?:src|href)="(\/_astro\/(?!no-script\.)[^"]+\.(?:js|css|svg))"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const fonts = /data-web-fonts="(\/fonts\/pretendard-[0-9a-f]+\.css)"/.exec(html)?.[1];
    expect(fonts).toBeTruthy();
    for (const path of [asset!, fonts!]) {
      const response = await request.get(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers(), path).toMatchObject({
        ...securityHeaders,
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'Accept-Encoding',
      });
      expect(response.headers()['content-encoding'], path).toMatch(/^(br|gzip)$/);
    }
  });

  test('target="_blank" 링크는 모두 rel="noopener noreferrer"를 가진다 (빌드된 모든 페이지)', () => {
    const offenders: string[] = [];
    let count = 0;
    for (const { path, html } of builtPages()) {
      for (const [tag] of html.matchAll(/<a\b[^>]*\starget="_blank"[^>]*>/g)) {
        count++;
        const rel = /\srel="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
        if (!rel.includes('noopener') || !rel.includes('noreferrer')) offenders.push(`${path}: ${tag}`);
      }
    }
    expect(count).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  test('페이지마다 스크립트에 unsafe-inline 없는 CSP <meta>가 있다', () => {
    for (const { path, html } of builtPages()) {
      const csp = /<meta http-equiv="content-security-policy" content="([^"]+)">/
        .exec(html)?.[1]
        ?.replaceAll('&#39;', "'");
      expect(csp, path).toBeTruthy();
      const directives = new Map(
        csp!
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => [part.split(/\s+/)[0]!, part] as const),
      );
      expect(directives.get('default-src'), path).toBe("default-src 'self'");
      expect(directives.get('object-src'), path).toBe("object-src 'none'");
      expect(directives.get('base-uri'), path).toBe("base-uri 'self'");
      expect(directives.get('connect-src'), path).toMatch(/^connect-src 'self' https?:\/\/[^\s;]+$/);
      expect(directives.get('script-src'), path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
      for (const [name, value] of directives) {
        if (name.startsWith('script-src')) expect(value, path).not.toMatch(/unsafe-inline|unsafe-eval/);
      }
      // Content images may come from any https host, as the address policy allows.
      expect(directives.get('img-src'), path).toMatch(/^img-src 'self' data: https: /);
    }
  });

  test('CSP <meta>는 <head>에서 charset 바로 다음, 다른 모든 요소보다 앞에 있다', () => {
    for (const { path, html } of builtPages()) {
      // A <meta> policy governs only what comes after it.
      expect(html, path).toMatch(/<head><meta charset="utf-8"><meta http-equiv="content-security-policy" /);
    }
  });
});

/** Collects CSP violations: console messages and `securitypolicyviolation` events. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      messages.push(`console: ${message.text().slice(0, 300)}`);
  });
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (event) => {
      list.push(
        `${event.violatedDirective} ${event.blockedURI || '(inline)'} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  // Drains what was seen so far (console messages) plus the current document's events.
  return async () => [
    ...messages.splice(0),
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations?.splice(0) ?? [],
    )),
  ];
}

/** Loads a page, waits for the network, scrolls to the bottom so lazy sliders start, and waits again. */
async function visit(page: Page, site: Site, path: string): Promise<void> {
  await site.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

const cspPages = () => [
  ...staticRoutes.map((route) => route.path),
  `/info/blog/${detailIds('info/blog')[0]}`,
  `/info/patent/${detailIds('info/patent')[0]}`,
  `/cad_archive/${detailIds('cad_archive')[0]}`,
];

test('모든 페이지를 Chromium으로 열어도 CSP 위반이 없다', async ({ page, site }) => {
  test.setTimeout(180_000);
  const violations = await watchCsp(page);
  const found: string[] = [];
  for (const path of cspPages()) {
    await visit(page, site, path);
    found.push(...(await violations()).map((v) => `${path}: ${v}`));
    // Links the islands render in the browser follow the same rule as the pre-rendered ones.
    const bad = await page.$$eval('a[target="_blank"]', (links: HTMLAnchorElement[]) =>
      links
        .filter((a) => !(a.relList.contains('noopener') && a.relList.contains('noreferrer')))
        .map((a) => a.outerHTML.slice(0, 160)),
    );
    found.push(...bad.map((tag) => `${path}: rel 없는 새 창 링크 ${tag}`));
  }
  expect(found).toEqual([]);
});

// 404.astro's pre-paint script goes through BaseLayout's `headScripts` (hashed into the CSP) and
// the sanitiser's self-test probe carries no event handler, so neither may be reported.
test('404 페이지와 실시간 상세(쿼리 주소)도 CSP 위반이 없다', async ({ page, site }) => {
  const violations = await watchCsp(page);
  const found: string[] = [];
  const id = detailIds('info/blog')[0]!;
  for (const path of ['/no-such-page', `/info/blog/${id}-not-built`, `/info/blog?portal=${id}`]) {
    await visit(page, site, path);
    found.push(...(await violations()).map((v) => `${path}: ${v}`));
  }
  expect(found).toEqual([]);
});
