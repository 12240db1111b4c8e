/**
 * Detail pages: the pre-rendered HR story, success story and patent pages, their back and
 * share links, the live fallback (query forms and not-pre-rendered paths on the 404 page),
 * and XSS payloads through both sanitisers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { noscriptContents } from './support/html.ts';
import { pictureLoaded } from './support/pictures.ts';
import { sanitizeHtmlServer } from '../../src/lib/html/sanitize.server.ts';
import { harmlessMarkup, xssPayloads } from '../fixtures/xss-payloads.ts';
import { API, apiList, fakeList, type ApiItem } from './support/api.ts';
import { distDir } from './support/built-site.ts';

interface BlogDetail {
  title: string;
  author: string;
  date: string;
  img?: string | null;
  content: string;
  tags: string[];
}
interface PatentDetail {
  list: { title: string; date: string; img?: string | null; content?: string };
}

const FALLBACK = '/images/fallback-thumb.svg';
const NOT_FOUND = '요청하신 글을 찾을 수 없습니다.';

async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${API}${path}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** Every item of a paged list endpoint. */
async function allItems(request: APIRequestContext, path: string): Promise<ApiItem[]> {
  const items: ApiItem[] = [];
  for (let page = 1; page < 100; page++) {
    const list = await apiList(request, `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    items.push(...list.objects);
    if (list.objects.length === 0 || items.length >= list.paging.page_size) break;
  }
  return items;
}

const dotted = (date: string) => date.slice(0, 10).replaceAll('-', '.');
const lastSegment = (url: string) => decodeURIComponent(url.split('?')[0]!.split('/').filter(Boolean).pop()!);
const article = (page: Page) => page.locator('article[data-article]');
const backLink = (page: Page) => page.getByRole('link', { name: '목록으로' });
const paging = (page: Page) => page.getByRole('navigation', { name: '페이지' });

/** Keeps the page off the internet: API images on other hosts and video embeds answer empty. */
async function stayOffline(page: Page) {
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.fulfill({ status: 204, body: '' }),
  );
}

/** A blog detail answer for intercepted calls. */
function fakeBlog(title: string, content = '<p>방금 올라온 글의 본문입니다.</p>'): BlogDetail {
  return {
    title,
    author: '테스트 작성자',
    date: '2026-11-20T10:00:00+09:00',
    img: null,
    content,
    tags: ['새 글'],
  };
}

/**
 * The article's picture: the API's image, which a pre-rendered page carries inside its HTML
 * (a `data:` address) when it is small, or the fallback when the item has none. Either way it
 * really paints.
 */
async function expectArticleImage(page: Page, img: string | null | undefined): Promise<void> {
  const image = article(page).locator('figure img');
  const src = (await image.getAttribute('src'))!;
  // Pre-rendered pages inline the picture (or, without one, the fallback) as a data: address.
  if (!img) expect(src === FALLBACK || src.startsWith('data:image/svg+xml,'), src.slice(0, 80)).toBe(true);
  else expect(src === img || src.startsWith('data:image/'), src.slice(0, 80)).toBe(true);
  await expect.poll(() => pictureLoaded(image)).toBe(true);
  expect(await image.getAttribute('src')).toBe(src);
}

test.describe('미리 렌더링된 상세', () => {
  test('HR 이야기 상세는 모든 항목과 공유 링크를 보여 준다', async ({ page, site, request }) => {
    const id = (await apiList(request, '/hrcontents/tags?page=2')).objects[0]!.analytics_page_id;
    const detail = await apiJson<BlogDetail>(request, `/blog/detail?id=${id}`);
    await site.goto(`/info/blog/${id}`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await expect(page).toHaveTitle(new RegExp(detail.title));
    const tags = page.getByRole('list', { name: '태그' });
    for (const tag of detail.tags) await expect(tags).toContainText(`#${tag}`);
    await expect(article(page)).toContainText(detail.author);
    await expect(article(page).locator('time').first()).toHaveText(dotted(detail.date));
    await expectArticleImage(page, detail.img);
    const firstParagraph = /<p>(.*?)<\/p>/.exec(detail.content)![1]!.replace(/<[^>]+>/g, '');
    await expect(article(page)).toContainText(firstParagraph.slice(0, 40));
    await expect(backLink(page)).toHaveAttribute('href', '/hrcontents');

    // Share links carry the page's canonical address, URL-encoded, and open in a new tab.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`/info/blog/${id}/?$`));
    const shares = {
      'X(트위터)에 공유': 'https://twitter.com/intent/tweet?url=',
      '네이버 블로그에 공유': 'https://share.naver.com/web/shareView?url=',
      '페이스북에 공유': 'https://www.facebook.com/sharer/sharer.php?u=',
    };
    for (const [name, prefix] of Object.entries(shares)) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute(
        'href',
        new RegExp(`^${prefix.replace(/[.?]/g, '\\$&')}${encodeURIComponent(canonical!)}(&|$)`),
      );
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link.locator('svg')).toHaveCount(1);
    }
    const x = new URL((await page.getByRole('link', { name: 'X(트위터)에 공유' }).getAttribute('href'))!);
    expect(x.searchParams.get('text')).toBe(detail.title);
  });

  test('목록으로는 방문자가 온 HR 이야기 목록의 페이지와 주제로 돌아간다', async ({
    page,
    site,
    request,
  }) => {
    const first = await apiList(request, '/hrcontents/tags?page=2');
    const id = first.objects[0]!.analytics_page_id;
    const topic = (await apiList(request, '/hrcontents/tags?page=1')).tags!.at(-1)!;
    // The reference content has fewer than ten stories per topic, so page 2 of a topic is
    // served by an intercepted answer; the detail page itself is static and calls nothing.
    await page.route('**/hrcontents/tags?*', (route) => {
      const query = new URL(route.request().url()).searchParams;
      if (query.get('topic_id') !== String(topic.id)) return route.fallback();
      const page2 = fakeList(Number(query.get('page') ?? 1), 20, 'topic');
      return route.fulfill({ json: { ...page2, tags: first.tags } });
    });

    await site.goto(`/info/blog/${id}?page=2&topic_id=${topic.id}&name=${encodeURIComponent(topic.name)}`);
    const expected = `/hrcontents?${new URLSearchParams({ page: '2', topic_id: String(topic.id), name: topic.name })}`;
    await expect(backLink(page)).toHaveAttribute('href', expected);
    await backLink(page).click();

    await expect(page).toHaveURL((url) => {
      return (
        url.pathname === '/hrcontents' &&
        url.searchParams.get('page') === '2' &&
        url.searchParams.get('topic_id') === String(topic.id) &&
        url.searchParams.get('name') === topic.name
      );
    });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${topic.name}`);
    await expect(paging(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(page.getByRole('heading', { name: 'topic 테스트 글 10', exact: true })).toBeVisible();
  });

  test('성공 사례 상세의 목록으로는 /helloty/page?page=N 으로 돌아간다', async ({ page, site, request }) => {
    const item = (await apiList(request, '/success/search?page=1&term=')).objects[0]!;
    const detail = await apiJson<BlogDetail>(request, `/blog/detail?id=${item.analytics_page_id}`);
    expect(item.absolute_url).toBe(`/cad_archive/${item.analytics_page_id}`);

    await site.goto(`${item.absolute_url}?page=1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await expect(article(page)).toContainText(detail.author);
    await expect(page.getByRole('link', { name: '페이스북에 공유' })).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent(`/cad_archive/${item.analytics_page_id}`)),
    );
    await expect(backLink(page)).toHaveAttribute('href', '/helloty/page?page=1');
    await backLink(page).click();
    await expect(page).toHaveURL(/\/helloty\/page\?page=1$/);
    await expect(paging(page).locator('[aria-current="page"]')).toHaveText('1');
    // In the list, not the banner slide above it that may show the same story.
    const list = page.getByRole('region', { name: '성공 사례 목록', exact: true });
    await expect(list.getByRole('heading', { level: 2, name: detail.title })).toBeVisible();
  });

  test('특허 상세는 제목, 날짜, 이미지, 내용을 보여 주고 /tech?page=N 으로 돌아간다', async ({
    page,
    site,
    request,
  }) => {
    const item = (await apiList(request, '/tech/search?page=2&term=')).objects[0]!;
    const tag = lastSegment(item.absolute_url);
    const { list } = await apiJson<PatentDetail>(request, `/skillInfo/detail?tag=${encodeURIComponent(tag)}`);

    await site.goto(`${item.absolute_url}?page=2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(list.title);
    await expect(article(page).locator('time').first()).toHaveText(dotted(list.date));
    await expectArticleImage(page, list.img);
    if (list.content) {
      const heading = /<h2>(.*?)<\/h2>/.exec(list.content)?.[1];
      if (heading)
        await expect(article(page).getByRole('heading', { level: 2, name: heading }).first()).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'X(트위터)에 공유' })).toHaveCount(0);
    await expect(backLink(page)).toHaveAttribute('href', '/tech?page=2');
    await backLink(page).click();
    await expect(page).toHaveURL(/\/tech\?page=2$/);
    await expect(paging(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(page.getByRole('link', { name: item.title!, exact: true })).toBeVisible();
  });

  test('접근성 위반이 없다', async ({ page, site, request }) => {
    const id = (await apiList(request, '/hrcontents/tags?page=1')).objects[0]!.analytics_page_id;
    await site.goto(`/info/blog/${id}`);
    await expectNoAxeViolations(page);
  });

  test.describe('JavaScript 없이', () => {
    test.use({ javaScriptEnabled: false });

    test('본문과 목록 링크가 HTML에 들어 있다', async ({ page, site, request }) => {
      const id = (await apiList(request, '/hrcontents/tags?page=1')).objects[0]!.analytics_page_id;
      const detail = await apiJson<BlogDetail>(request, `/blog/detail?id=${id}`);
      await site.goto(`/info/blog/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
      await expect(article(page).locator('h2').first()).toBeVisible();
      await expect(backLink(page)).toHaveAttribute('href', '/hrcontents');
    });

    // Chromium with script execution turned off by DevTools still parses <noscript> as text, so
    // the query form's no-script message is checked in the HTML itself.
    test('?portal= 주소의 HTML에는 스크립트가 없을 때의 안내와 목록 링크가 있다', async ({ request }) => {
      const html = await (await request.get('/info/blog?portal=hr-0001')).text();
      const noscript = noscriptContents(html);
      expect(noscript).toContain('JavaScript를 켜야 볼 수 있습니다');
      expect(noscript).toMatch(/<a href="\/hrcontents"[^>]*>목록으로<\/a>/);
    });
  });
});

test.describe('빌드 결과', () => {
  test('API가 나열하는 모든 HR 이야기, 성공 사례, 특허에 페이지가 있다', async ({ request }) => {
    const kinds = [
      { list: '/hrcontents/tags', dir: 'info/blog' },
      { list: '/success/search?term=', dir: 'cad_archive' },
      { list: '/tech/search?term=', dir: 'info/patent' },
    ];
    for (const { list, dir } of kinds) {
      const items = await allItems(request, list);
      expect(items.length, list).toBeGreaterThan(0);
      const missing = items
        .map((item) => lastSegment(item.absolute_url))
        .filter((key) => !existsSync(join(distDir, dir, key, 'index.html')));
      expect(missing, `${dir}: 빌드되지 않은 항목`).toEqual([]);
      const sample = items.at(-1)!;
      expect((await request.get(sample.absolute_url)).status(), sample.absolute_url).toBe(200);
    }
  });
});

test.describe('실시간 대체 (빌드 이후의 글)', () => {
  test('?portal= 주소는 불러오는 동안 스켈레톤을, 그 뒤 글을 보여 준다', async ({ page, site, request }) => {
    const id = (await apiList(request, '/hrcontents/tags?page=1')).objects[0]!.analytics_page_id;
    const detail = await apiJson<BlogDetail>(request, `/blog/detail?id=${id}`);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/blog/detail?*', async (route) => {
      await gate;
      await route.fallback();
    });

    await site.goto(`/info/blog?portal=${id}&page=3`);
    const skeleton = page.locator('[aria-busy="true"]');
    await expect(skeleton).toBeVisible();
    await expect(page.getByTestId('detail-skeleton')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await expect(skeleton).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(detail.title));
    await expect(backLink(page)).toHaveAttribute('href', '/hrcontents?page=3');
    await expect(page.getByRole('link', { name: '네이버 블로그에 공유' })).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent(`/info/blog/${id}/`)),
    );
  });

  test('?portal= 의 글은 미리 렌더링된 페이지와 같은 모양이다', async ({ page, site, request }) => {
    const id = (await apiList(request, '/hrcontents/tags?page=1')).objects[0]!.analytics_page_id;
    await site.goto(`/info/blog/${id}`);
    const staticText = await article(page).innerText();
    const staticClasses = await article(page).evaluate((el) =>
      [...el.querySelectorAll('[class]')].map((n) => n.className),
    );
    await site.goto(`/info/blog?portal=${id}`);
    await expect(article(page)).toBeVisible();
    expect(await article(page).innerText()).toBe(staticText);
    expect(
      await article(page).evaluate((el) => [...el.querySelectorAll('[class]')].map((n) => n.className)),
    ).toEqual(staticClasses);
  });

  test('?id= 로 성공 사례를, ?tag= 로 특허를 보여 준다', async ({ page, site, request }) => {
    const story = (await apiList(request, '/success/search?page=1&term=')).objects[0]!;
    await site.goto(`/cad_archive?id=${story.analytics_page_id}&page=1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(story.title!);
    await expect(backLink(page)).toHaveAttribute('href', '/helloty/page?page=1');

    const patent = (await apiList(request, '/tech/search?page=1&term=')).objects[0]!;
    await site.goto(`/info/patent?tag=${encodeURIComponent(lastSegment(patent.absolute_url))}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(patent.title!);
    await expect(backLink(page)).toHaveAttribute('href', '/tech');
  });

  test('없는 글과 빈 id는 찾을 수 없다는 안내를 보여 준다', async ({ page, site }) => {
    for (const path of [
      '/info/blog?portal=no-such-story',
      '/cad_archive?portal=',
      '/info/patent',
      '/info/patent?tag=nope',
    ]) {
      await site.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(NOT_FOUND);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(backLink(page)).toBeVisible();
    }
  });

  test('500 오류는 알림을 띄우고, 다시 시도로 글을 불러온다', async ({ page, site, request }) => {
    const id = (await apiList(request, '/hrcontents/tags?page=1')).objects[0]!.analytics_page_id;
    const detail = await apiJson<BlogDetail>(request, `/blog/detail?id=${id}`);
    const failing = '**/blog/detail?*';
    await page.route(failing, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"서버 오류"}' }),
    );
    await site.goto(`/info/blog?portal=${id}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('글을 불러오지 못했습니다.');
    await expect(alert).toContainText('오류 코드 500');

    await page.unroute(failing);
    await alert.getByRole('button', { name: '다시 시도' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('미리 렌더링되지 않은 상세 주소는 404 페이지에서 글을 불러온다', async ({ page, site }) => {
    await page.route('**/blog/detail?id=new-item-123*', (route) =>
      route.fulfill({ json: fakeBlog('빌드 뒤에 올라온 새 글') }),
    );
    const response = await site.goto('/info/blog/new-item-123?page=2&topic_id=1&name=x');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('빌드 뒤에 올라온 새 글');
    await expect(page.getByText('페이지를 찾을 수 없습니다.')).toBeHidden();
    await expect(page.getByText('방금 올라온 글의 본문입니다.')).toBeVisible();
    await expect(page).toHaveTitle(/빌드 뒤에 올라온 새 글/);
    await expect(backLink(page)).toHaveAttribute('href', '/hrcontents?page=2&topic_id=1&name=x');
    await expect(page.getByRole('link', { name: 'X(트위터)에 공유' })).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent('/info/blog/new-item-123/')),
    );
  });

  test('새 특허와 성공 사례 주소도 404 페이지에서 불러오고, 없는 글은 안내한다', async ({ page, site }) => {
    await page.route('**/skillInfo/detail?tag=kr-10-0000001*', (route) =>
      route.fulfill({
        json: { list: { title: '새로 등록된 특허', date: '2026-11-21', content: '<h2>기술 요약</h2>' } },
      }),
    );
    await site.goto('/info/patent/kr-10-0000001?page=2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('새로 등록된 특허');
    await expect(backLink(page)).toHaveAttribute('href', '/tech?page=2');

    await site.goto('/cad_archive/no-such-story');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND);
    await expect(backLink(page)).toHaveAttribute('href', '/helloty/page');
  });

  test('상세가 아닌 주소는 404 안내를 그대로 보여 준다', async ({ page, site }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/detail?')) calls.push(r.url());
    });
    const response = await site.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('페이지를 찾을 수 없습니다.');
    await expect(page.getByText('페이지를 찾을 수 없습니다.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test.describe('XSS', () => {
  async function expectNothingRan(page: Page, dialogs: string[]) {
    // Give delayed handlers (onerror of images, ontoggle, animations) a moment to fire.
    await page.waitForTimeout(800);
    await page.mouse.move(200, 300);
    await page.mouse.move(600, 500);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  }

  async function expectHarmlessMarkup(scope: Locator) {
    await expect(scope.locator('strong', { hasText: '안전한 본문' }).first()).toBeVisible();
    await expect(scope.locator('li', { hasText: '첫째 항목' }).first()).toBeVisible();
    const link = scope.getByRole('link', { name: '외부 안내' }).first();
    await expect(link).toHaveAttribute('href', 'https://www.insighthire.example/guide');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(
      scope.locator('img[src="https://api.insighthire.example/images/safe.svg"]').first(),
    ).toHaveCount(1);
    await expect(scope.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').first()).toHaveCount(
      1,
    );
    const leftovers = await scope.evaluate((root) => {
      const found: string[] = [];
      for (const el of root.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        if (
          ['script', 'style', 'svg', 'math', 'form', 'object', 'embed', 'base', 'meta', 'link'].includes(tag)
        )
          found.push(tag);
        for (const attr of el.attributes) {
          if (/^on/i.test(attr.name) || attr.name === 'style' || attr.name === 'srcdoc')
            found.push(`${tag}[${attr.name}]`);
          if (/^\s*(javascript|vbscript|data):/i.test(attr.value.replace(/[\u0000-\u0020]/g, '')))
            found.push(`${tag}[${attr.name}=${attr.value}]`);
        }
        if (tag === 'iframe' && !/^https:\/\/www\.youtube-nocookie\.com\//.test(el.getAttribute('src') ?? ''))
          found.push('iframe');
      }
      return found;
    });
    expect(leftovers).toEqual([]);
  }

  test('실시간 대체: DOMPurify를 거친 글에서 아무것도 실행되지 않는다', async ({ page, site }) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await stayOffline(page);
    const content = `${harmlessMarkup}\n${xssPayloads.join('\n')}\n${harmlessMarkup}`;
    await page.route('**/blog/detail?id=xss-test*', (route) =>
      route.fulfill({
        json: { ...fakeBlog('XSS 시험 글', content), tags: ['<img src=x onerror=alert(1)>'] },
      }),
    );
    await site.goto('/info/blog?portal=xss-test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('XSS 시험 글');
    await expect(page.getByText('#<img src=x onerror=alert(1)>')).toBeVisible();
    await expectHarmlessMarkup(article(page).locator('[data-article-body]'));
    await expectNothingRan(page, dialogs);
  });

  test('빌드 시점: sanitize-html을 거친 HTML에서 아무것도 실행되지 않는다', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await stayOffline(page);
    const html = sanitizeHtmlServer(`${harmlessMarkup}\n${xssPayloads.join('\n')}\n${harmlessMarkup}`);
    await page.setContent(
      `<!doctype html><html lang="ko"><body><main id="content">${html}</main></body></html>`,
    );
    await expectHarmlessMarkup(page.locator('#content'));
    await expectNothingRan(page, dialogs);
  });

  test('FAQ 답변: 검색 결과로 받은 답변에서 아무것도 실행되지 않는다', async ({ page, site }) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await stayOffline(page);
    const answer = fakeList(1, 1, 'faq', 10);
    answer.objects[0] = {
      ...answer.objects[0]!,
      title: 'XSS 시험 질문',
      post_body: `${harmlessMarkup}\n${xssPayloads.join('\n')}`,
    } as ApiItem;
    await page.route('**/faq/search?*', (route) => route.fulfill({ json: answer }));
    await site.goto('/faq?page=1&term=xss');
    // The question is the <summary> of a native <details> (no ARIA role): found by its text.
    await page.locator('summary', { hasText: 'XSS 시험 질문' }).click();
    const region = page.getByRole('region', { name: /XSS 시험 질문/ });
    await expect(region).toBeVisible();
    await expectHarmlessMarkup(region);
    await expectNothingRan(page, dialogs);
  });
});
