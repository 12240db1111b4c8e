import { test, expect, type Locator } from './support/test.ts';
import { operation } from '../../src/data/operation.ts';
import { products, productSlugs } from '../../src/data/products.ts';
import { whitepaper } from '../../src/data/whitepaper.ts';
import { expectSliderWorks, scrollThrough } from './support/marketing.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const SUCCESS_LINK = '고객 성공 사례 보기 (새 창에서 열림)';

/** The element's top in the viewport once it has stopped moving (two readings 100 ms apart). */
async function restingTop(element: Locator): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const top = (await element.boundingBox())!.y;
        const still = top === last;
        last = top;
        return still;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return last;
}

test.describe('운영 프로세스 /operation', () => {
  test.beforeEach(async ({ site }) => {
    await site.goto('/operation');
  });

  test('이미지 맵 영역: 외부 성공 사례로 새 창, 키보드로 도달, 영역 위에 놓인 링크', async ({ page }) => {
    const image = page.getByRole('img', { name: operation.processAlt });
    await expect(image).toHaveAttribute('usemap', '#operation-process-map');
    const area = page.locator('map[name="operation-process-map"] area');
    await expect(area).toHaveAttribute('shape', 'rect');
    await expect(area).toHaveAttribute('href', /^https:\/\//);
    await expect(area).toHaveAttribute('target', '_blank');
    await expect(area).toHaveAttribute('rel', 'noopener noreferrer');

    const link = page.getByRole('link', { name: SUCCESS_LINK });
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', (await area.getAttribute('href'))!);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // Reached with Tab, with a visible focus ring.
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await link.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    await expect(link).toBeInViewport();
    expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');

    // The link covers x 880–1160, y 548–604 of the 1200×640 image, and the area's coords follow the scale.
    // Both boxes measured at the same moment (the phone layout's scroll box may still be moving).
    const [imageBox, linkBox] = await page.evaluate(() => {
      const box = (selector: string) =>
        document.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
      return [box('img[usemap]'), box('[data-process-link]')];
    });
    const scale = imageBox.width / 1200;
    expect(Math.abs(linkBox.x - (imageBox.x + 880 * scale))).toBeLessThan(2);
    expect(Math.abs(linkBox.y - (imageBox.y + 548 * scale))).toBeLessThan(2);
    expect(Math.abs(linkBox.width - 280 * scale)).toBeLessThan(2);
    expect(Math.abs(linkBox.height - 56 * scale)).toBeLessThan(2);
    const coords = [880, 548, 1160, 604].map((value) => Math.round(value * scale)).join(',');
    await expect(area).toHaveAttribute('coords', coords);
  });

  test('다섯 단계가 글로도 있다', async ({ page }) => {
    await expect(page.locator('#process ol > li h3')).toHaveText(
      operation.steps.map((step, index) => new RegExp(`${index + 1}단계: ${step.title}`)),
    );
  });

  test('제품 소개 카드 여섯 개가 각 제품 페이지로 이동한다', async ({ page }) => {
    const cards = page.locator('#products').getByRole('link');
    await expect(cards).toHaveCount(6);
    expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      productSlugs.map((slug) => `/${slug}`),
    );
    for (const slug of productSlugs) {
      await page
        .locator('#products')
        .getByRole('link', { name: new RegExp(`^${products[slug].navLabel.replace(/[()]/g, '\\$&')}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(products[slug].title);
      await page.goBack();
    }
  });
});

for (const slug of productSlugs) {
  const product = products[slug];
  test(`/${slug}: 제목, 간편 문의, 이미지 섹션과 다른 제품 카드`, async ({ page, site }) => {
    await site.goto(`/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    const inquiry = page.locator('.page-hero').getByRole('link', { name: /간편 문의/ });
    await expect(inquiry).toHaveAttribute('target', '_blank');
    // The first illustration is drawn inline with the HTML (no request); every other image is lazy.
    const first = page.getByRole('img', { name: product.sections[0]!.alt, exact: true });
    expect(await first.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    expect((await first.boundingBox())!.width).toBeGreaterThan(200);
    await expect(page.locator('main img:not([src^="data:"]):not([loading="lazy"])')).toHaveCount(0);
    for (const section of product.sections) {
      await expect(page.getByRole('img', { name: section.alt, exact: true })).toHaveCount(1);
      await expect(page.getByRole('heading', { name: section.title, exact: true })).toHaveCount(1);
    }
    const others = page.locator('#more-products').getByRole('link');
    await expect(others).toHaveCount(5);
    expect(await others.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      productSlugs.filter((other) => other !== slug).map((other) => `/${other}`),
    );
    if (product.slider) {
      await expectSliderWorks(page, page.locator('#features [data-carousel]'), { arrows: true });
    } else {
      await expect(page.locator('[data-carousel]')).toHaveCount(0);
    }
  });
}

test.describe('AI 공정성 백서 /whitepaper', () => {
  const nav = (page: import('@playwright/test').Page) =>
    page.getByRole('navigation', { name: 'AI 공정성 백서 목차' });

  test.beforeEach(async ({ site }) => {
    await site.goto('/whitepaper');
  });

  test('목차: 제목, 여덟 항목과 목적·배경 아래 네 항목, 수정일', async ({ page }, testInfo) => {
    if (testInfo.project.name === 'mobile') await page.locator('[data-toc] summary').click();
    await expect(nav(page).getByRole('heading', { name: 'AI 공정성 백서' })).toHaveCount(1);
    await expect(nav(page).locator(':scope > ol > li > a')).toHaveText(
      whitepaper.sections.map((s) => s.title),
    );
    const purpose = whitepaper.sections.find((section) => section.id === 'purpose')!;
    await expect(nav(page).locator('a[href="#purpose"] + ol a')).toHaveText(
      purpose.children!.map((c) => c.title),
    );
    await expect(page.locator('.page-hero time')).toHaveText('2025.06.30');
    for (const section of whitepaper.sections) {
      await expect(page.locator(`#${section.id} > h2`)).toHaveText(section.title);
    }
  });

  test('목차 링크는 그 절로 스크롤하고 현재 절로 표시한다', async ({ page }, testInfo) => {
    const summary = page.locator('[data-toc] summary');
    if (testInfo.project.name === 'mobile') {
      await expect(nav(page).getByRole('link').first()).toBeHidden();
      await summary.click();
    } else {
      await expect(summary).toBeHidden();
    }
    for (const id of ['accuracy', 'purpose-ai', 'purpose-limits', 'data', 'summary']) {
      const link = nav(page).locator(`a[href="#${id}"]`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      const heading = page.locator(`#${id}-title`);
      await expect(heading).toBeInViewport();
      await expect(link).toHaveAttribute('aria-current', 'true');
      await expect(nav(page).locator('[aria-current="true"]')).toHaveCount(1);
      // Not hidden under the sticky header, once the smooth scroll has come to rest (in view is
      // already true while it still moves).
      expect(await restingTop(heading)).toBeGreaterThanOrEqual(72);
    }
  });

  test('넓은 화면에서는 목차가 본문 옆에 고정된다', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', '넓은 화면 전용');
    await page.locator('#data').scrollIntoViewIfNeeded();
    await expect(nav(page)).toBeInViewport();
    const box = (await nav(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(72);
    await expect(nav(page).locator('a[href="#data"]')).toHaveAttribute('aria-current', 'true');
  });
});

const pages = ['/operation', '/whitepaper', ...productSlugs.map((slug) => `/${slug}`)];
for (const path of pages) {
  test(`${path}: axe 위반 없음`, async ({ page, site }) => {
    test.setTimeout(90_000);
    await site.goto(path);
    await scrollThrough(page);
    await expectNoAxeViolations(page);
    const toc = page.locator('[data-toc]:not([open]) summary');
    if ((await toc.count()) > 0 && (await toc.isVisible())) {
      await toc.click();
      await expectNoAxeViolations(page);
    }
  });
}
