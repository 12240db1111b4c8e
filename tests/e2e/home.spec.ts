import type { Page } from '@playwright/test';
import { test, expect } from './support/test.ts';
import { home } from '../../src/data/home.ts';
import { expectSliderWorks, expectTabsWork, scrollThrough } from './support/marketing.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { scrollToStay } from './support/scroll.ts';
import { heroPreloadProblems } from '../support/hero-preload.ts';

/** The home's sections in their set order, with their h2. */
const sections: [id: string, title: string][] = [
  ['customers', home.logos.title],
  ['pain-points', home.painPoints.title],
  ['solution', home.solution.title],
  ['soft-skill', home.softSkill.title],
  ['competency', home.competency.title],
  ['complementary', home.complementary.title],
  ['results', home.results.title],
  ['pre-interview', home.preInterview.title],
  ['cover-letter', home.coverLetter.title],
  ['interviewer-guide', home.guide.title],
  ['success-stories', home.success.title],
];

const tabGroups: [section: string, labels: string[]][] = [
  ['competency', home.competency.tabs.map((tab) => tab.label)],
  ['results', home.results.tabs.map((tab) => tab.label)],
  ['pre-interview', home.preInterview.tabs.map((tab) => tab.label)],
  ['cover-letter', home.coverLetter.tabs.map((tab) => tab.label)],
];

test.beforeEach(async ({ site }) => {
  await site.goto('/');
});

test('배너 다음에 스펙 순서대로 섹션이 이어진다', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.banner.title.replace('\n', ''));
  const ids = await page
    .locator('main > section')
    .evaluateAll((elements) => elements.map((element) => element.id));
  expect(ids).toEqual(['banner', ...sections.map(([id]) => id)]);
  await expect(page.locator('main h2')).toHaveText(sections.map(([, title]) => title));
  for (const [id, title] of sections) {
    await expect(page.getByRole('region', { name: title, exact: true })).toHaveAttribute('id', id);
  }
});

test('배너: 새 창 간편 문의 버튼과 HTML에 들어 있는 대표 이미지', async ({ page }) => {
  const banner = page.locator('#banner');
  const inquiry = banner.getByRole('link', { name: /간편 문의/ });
  await expect(inquiry).toHaveAttribute('href', /^https:\/\//);
  await expect(inquiry).toHaveAttribute('target', '_blank');
  await expect(inquiry).toHaveAttribute('rel', 'noopener noreferrer');
  const hero = banner.getByRole('img', { name: home.banner.alt });
  // The hero is a hashed picture (not inline markup, which weighed 2.5 KB of the first round trip,
  // nor a drawing whose 43 Korean labels a slow phone laid out before its first paint), in a size
  // for the screen, asked for at once and first among the pictures, and it loads.
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).not.toHaveAttribute('loading', 'lazy');
  // In a size for the screen as AVIF, which a browser that reads it takes (Chromium does), at
  // about half the bytes of the WebP that browsers without it get: a desktop one file (twice its
  // 540 px, the one its Link header names), a phone a choice by its width.
  const desktopAvif = banner.locator('picture source[type="image/avif"][media]');
  await expect(desktopAvif).toHaveAttribute('media', '(width>980px)');
  await expect(desktopAvif).toHaveAttribute('srcset', /^\/_astro\/hero-dashboard\.[\w-]+\.avif 1120w$/);
  await expect(desktopAvif).toHaveAttribute('sizes', '540px');
  const avif = banner.locator('picture source[type="image/avif"]:not([media])');
  await expect(avif).toHaveAttribute('srcset', /\.avif 760w, .+\.avif 1120w$/);
  await expect(avif).toHaveAttribute('srcset', new RegExp(`${await desktopAvif.getAttribute('srcset')}$`));
  await expect(avif).toHaveAttribute('sizes', /^\d+vw$/);
  await expect(hero).toHaveAttribute('src', /^\/_astro\/hero-dashboard\.[\w-]+\.webp$/);
  await expect
    .poll(() =>
      hero.evaluate((image: HTMLImageElement) =>
        image.complete && image.naturalWidth > 0 ? image.currentSrc : '',
      ),
    )
    .toMatch(/\/_astro\/hero-dashboard\.[\w-]+\.avif$/);
  const bytes = async (address: string) =>
    (await page.request.get(new URL(address, page.url()).href)).body().then((body) => body.length);
  const phoneAvif = (await avif.getAttribute('srcset'))!.split(' ')[0]!;
  expect(await bytes(phoneAvif)).toBeLessThan(0.7 * (await bytes((await hero.getAttribute('src'))!)));
  // Half the phone's width at least (smaller than the lead, so the lead is the largest first paint).
  expect((await hero.boundingBox())!.width).toBeGreaterThan(0.5 * Math.min(600, page.viewportSize()!.width));
  // Every other image waits until it is near the screen, and has its size, so nothing shifts.
  await expect(
    page.locator('main img:not([src^="data:"]):not([loading="lazy"]):not([fetchpriority="high"])'),
  ).toHaveCount(0);
  const unsized = await page
    .locator('main img')
    .evaluateAll(
      (images) =>
        images.filter((image) => !image.getAttribute('width') || !image.getAttribute('height')).length,
    );
  expect(unsized).toBe(0);
});

test('대표 이미지는 데스크톱에서 문서의 Link 헤더로 먼저 요청되고, 그림이 그 응답을 써서 한 번만 받는다', async ({
  browser,
  baseURL,
  page,
}) => {
  // A new context: nothing cached yet (the page of beforeEach has the picture already).
  const context = await browser.newContext({
    baseURL: baseURL!,
    viewport: page.viewportSize(),
    locale: 'ko-KR',
  });
  try {
    const fresh = await context.newPage();
    const cdp = await context.newCDPSession(fresh);
    // Every request of a hero file over the network, with what started it: Chromium names the
    // document's very start (0:0) for a preload of its Link header, the picture's place in the
    // HTML for the parser's request (7:14 without the header).
    const heroRequests: { url: string; initiator: string }[] = [];
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      if (!/\/hero-dashboard\./.test(request.url)) return;
      const at = `${initiator.lineNumber ?? '-'}:${initiator.columnNumber ?? '-'}`;
      heroRequests.push({ url: new URL(request.url).pathname, initiator: `${initiator.type} ${at}` });
    });
    await cdp.send('Network.enable');
    const response = (await fresh.goto('/'))!;
    expect(heroPreloadProblems(response.headers()['link'], await response.text())).toEqual([]);
    const hero = fresh.locator('#banner picture img');
    await expect
      .poll(() =>
        hero.evaluate((image: HTMLImageElement) =>
          image.complete && image.naturalWidth > 0 ? new URL(image.currentSrc).pathname : '',
        ),
      )
      .toMatch(/^\/_astro\/hero-dashboard\.[\w-]+\.avif$/);
    const shown = await hero.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
    // Once, the file shown: on a desktop, where the picture is the first screen's largest
    // element, asked for by the header's preload (the document's very start) rather than by the
    // parser; on a phone the lead is, and the picture comes from its place in the HTML.
    const phone = page.viewportSize()!.width <= 980;
    expect(heroRequests).toHaveLength(1);
    expect(heroRequests[0]!.url).toBe(shown);
    if (phone) expect(heroRequests[0]!.initiator).not.toBe('parser 0:0');
    else expect(heroRequests[0]!.initiator).toBe('parser 0:0');
  } finally {
    await context.close();
  }
});

test('휴대폰 첫 화면의 가장 큰 요소는 문서와 함께 오는 글이고, 대표 이미지는 그보다 작다', async ({
  page,
}) => {
  test.skip(page.viewportSize()!.width > 980, 'the phone layout');
  // On a slow phone the picture arrives a round trip after the document whatever starts it, so
  // the first screen's largest element is text, painted with the document. Its blur once made the
  // picture count larger than it looks (a drop-shadow filter's overflow counts as painted).
  const hero = page.locator('#banner picture img');
  await expect
    .poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const largest = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
          resolve(last.element ? `${last.element.tagName} ${last.element.className}` : 'none');
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(largest).toMatch(/^(H1|P) /);
});

test('섹션 주소(/#id)로 열면 그 섹션이 헤더 바로 아래에 온다', async ({ page, site }) => {
  test.slow(); // eleven page loads
  // Sections skipped by content-visibility have an estimated height; a section after one of them
  // would land off target. Each address is opened as a new document, the way a visitor follows a
  // shared link.
  for (const [id] of sections) {
    await site.goto('about:blank');
    await site.goto(`/#${id}`);
    await expect.poll(() => placeOf(page, id), { message: id }).toMatch(/^(under header|bottom)$/);
  }
});

test('홈 안에서 먼 섹션의 주소로 옮겨 가도 그 섹션에 닿는다', async ({ page }) => {
  // A jump within the page, as an in-page link makes: the sections in between have not been laid out.
  for (const id of ['results', 'cover-letter']) {
    // Instantly: the page scrolls smoothly, and a smooth scroll back to the top still running
    // when the address changes can win over the jump (seen once in CI).
    await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
    await page.evaluate((target) => (location.hash = target), id);
    await expect.poll(() => placeOf(page, id), { message: id }).toBe('under header');
  }
});

/** Where a section sits: right under the sticky header, at the page's end, or elsewhere. */
function placeOf(page: Page, id: string): Promise<string> {
  return page.evaluate((target) => {
    const top = Math.round(document.getElementById(target)!.getBoundingClientRect().top);
    // The last sections may not reach the header when the page cannot scroll any further.
    const atBottom = Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight;
    return atBottom ? 'bottom' : top >= 60 && top <= 100 ? 'under header' : `top ${top}px`;
  }, id);
}

test('고객사 로고 12개, 고민 4개, 소프트스킬 수치', async ({ page }) => {
  await expect(page.locator('#customers li img')).toHaveCount(12);
  await expect(page.locator('#customers').getByRole('img', { name: '한빛금융그룹' })).toBeVisible();
  // Pictures, not SVG documents: twelve of those, laid out on the main thread as they came near,
  // were most of the home's blocking time on a slow phone.
  const logos = page.locator('#customers li img');
  await logos.first().scrollIntoViewIfNeeded();
  for (const logo of await logos.all()) {
    await expect(logo).toHaveAttribute('src', /^\/_astro\/customer-\d\d\.[\w-]+\.webp$/);
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(400);
  }
  await expect(page.locator('#pain-points h3')).toHaveText(home.painPoints.items.map((item) => item.title));
  await expect(page.locator('#soft-skill dd').first()).toContainText('0.5');
  await expect(page.locator('#soft-skill dd').nth(1)).toContainText('9');
  await expect(page.locator('#soft-skill .indicators li')).toHaveCount(9);
  await expect(page.locator('#interviewer-guide')).toContainText('5~10분');
});

for (const [section, labels] of tabGroups) {
  test(`${section}: 탭은 첫 탭으로 시작하고 클릭과 방향키로 바뀐다`, async ({ page }) => {
    const tablist = page.locator(`#${section}`).getByRole('tablist');
    await expect(tablist.getByRole('tab')).toHaveText(labels);
    await expectTabsWork(page, tablist);
  });
}

test('솔루션 이미지: 1440에서는 세 칸, 390에서는 슬라이더', async ({ page }, testInfo) => {
  const slider = page.locator('#solution [data-carousel]');
  const slides = slider.locator('.swiper-slide');
  await expect(slides).toHaveCount(3);
  // Near enough for the slider's code to start (it starts as a visitor comes near), so that a
  // narrower window then makes it a slider.
  await scrollToStay(slider);
  if (testInfo.project.name === 'desktop') {
    await page.waitForTimeout(600);
    await expect(slider.locator('.swiper')).not.toHaveClass(/swiper-initialized/);
    const boxes = await slides.evaluateAll((elements) =>
      elements.map((e) => e.getBoundingClientRect().toJSON()),
    );
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    expect(boxes[0].right).toBeLessThan(boxes[1].left);
    for (const box of boxes) expect(box.width).toBeGreaterThan(300);
    await expect(slider.locator('.carousel-controls')).toBeHidden();

    // Narrowing the window turns it into a slider (through the viewport store), and back.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(slider.locator('.swiper')).toHaveClass(/swiper-initialized/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(slider.locator('.swiper')).not.toHaveClass(/swiper-initialized/);
    return;
  }
  await expectSliderWorks(page, slider, { arrows: false });
});

test('성공 사례: 정확히 세 장, 실제 사례는 로고, 요약, 작성자와 자기 페이지 링크', async ({ page }) => {
  const cards = page.locator('#success-stories [data-success-card]');
  await expect(cards).toHaveCount(3);
  const stories = page.locator('#success-stories [data-success-card="story"]');
  const placeholders = page.locator('#success-stories [data-success-card="placeholder"]');
  const storyCount = await stories.count();
  await expect(placeholders).toHaveCount(3 - storyCount);
  await expect(placeholders.filter({ hasText: '준비 중' })).toHaveCount(3 - storyCount);
  for (let index = 0; index < storyCount; index++) {
    const card = stories.nth(index);
    await expect(card.getByRole('link')).toHaveAttribute('href', /\/cad_archive\/|^https?:/);
    await expect(card.locator('img')).toHaveAttribute('src', /\S/);
    await expect(card.locator('.description')).not.toHaveText('');
    await expect(card.locator('.author')).not.toHaveText('');
  }
});

test('면접관 가이드: 인터뷰 가이더 페이지와 외부 가이더 링크', async ({ page }) => {
  const guide = page.locator('#interviewer-guide');
  await expect(guide.getByRole('link', { name: home.guide.ctaLabel })).toHaveAttribute('href', '/guider');
  const external = guide.getByRole('link', { name: /가이더 바로가기/ });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
});

for (const tab of ['first', 'second', 'last'] as const) {
  test(`axe 위반 없음: 모든 탭 그룹이 ${tab === 'first' ? '첫' : tab === 'second' ? '둘째' : '마지막'} 탭일 때`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await scrollThrough(page);
    if (tab !== 'first') {
      for (const [section] of tabGroups) {
        const tabs = page.locator(`#${section}`).getByRole('tab');
        await (tab === 'second' ? tabs.nth(1) : tabs.last()).click();
      }
    }
    await expectNoAxeViolations(page);
  });
}

test.describe('첫 화면 아래 섹션의 스타일', () => {
  /** `#pain-points`' card grid: a rule that lives in the later stylesheet. */
  const gridDisplay = (page: import('@playwright/test').Page) =>
    page
      .locator('#pain-points ul, #pain-points ol')
      .first()
      .evaluate((grid) => getComputedStyle(grid).display);

  test('HTML에는 없고, 그린 뒤에 받은 파일로 적용된다', async ({ page }) => {
    const response = await page.request.get('/');
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('repeat(4,minmax(0,1fr))');
    const later = html.match(/<noscript data-later-styles="(\/_astro\/later\.[\w-]+\.css)">/)?.[1];
    expect(later).toBeTruthy();
    expect(await (await page.request.get(later!)).text()).toContain('repeat(4,minmax(0,1fr))');

    await page.goto('/');
    await expect(page.locator(`head link[rel="stylesheet"][href="${later}"]`)).toHaveCount(1);
    await expect.poll(() => gridDisplay(page)).toBe('grid');
  });

  test.describe('스크립트 없이', () => {
    test.use({ javaScriptEnabled: false });
    test('noscript 안의 스타일시트로 적용된다', async ({ page }) => {
      await page.goto('/');
      await expect.poll(() => gridDisplay(page)).toBe('grid');
    });
  });
});
