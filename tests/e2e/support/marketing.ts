/** Shared checks of the marketing pages' end-to-end tests: tabs, sliders and axe. */
import { expect, type Locator, type Page } from '@playwright/test';

type SwiperElement = HTMLElement & { swiper?: { realIndex: number; animating: boolean } };

/** The slider's current slide (0-based, loop-aware), once it has finished moving. */
async function settledIndex(slider: Locator): Promise<number | null> {
  return slider.locator('.swiper').evaluate((element) => {
    const swiper = (element as SwiperElement).swiper;
    return swiper && !swiper.animating ? swiper.realIndex : null;
  });
}

async function drag(page: Page, target: Locator, direction: 'left' | 'right'): Promise<void> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const box = await target.boundingBox();
  if (!box) throw new Error('슬라이더가 화면에 없습니다.');
  // A point inside the slider and inside the viewport, even when the slide is taller than the screen.
  const middle = page.viewportSize()!.height / 2;
  const y = Math.min(Math.max(middle, box.y + 40), box.y + box.height - 40);
  const [from, to] = direction === 'left' ? [0.8, 0.15] : [0.15, 0.8];
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 6 });
  await page.mouse.move(box.x + box.width * to, y, { steps: 6 });
  await page.mouse.up();
}

/**
 * A three-slide Swiper carousel: initialised once pointed at, moves by dot, by mouse drag (both
 * ways, looping) and, when it has them, by its arrows.
 */
export async function expectSliderWorks(
  page: Page,
  slider: Locator,
  { arrows }: { arrows: boolean },
): Promise<void> {
  await slider.scrollIntoViewIfNeeded();
  const swiper = slider.locator('.swiper');
  // A slider on screen from the start waits for the visitor: pointing at it starts it.
  await swiper.hover();
  await expect(swiper).toHaveClass(/swiper-initialized/);
  await expect(slider).toHaveAttribute('aria-roledescription', '캐러셀');
  const dots = slider.locator('.swiper-pagination-bullet');
  await expect(dots).toHaveCount(3);
  await expect.poll(() => settledIndex(slider)).toBe(0);

  await dots.nth(2).click();
  await expect.poll(() => settledIndex(slider)).toBe(2);
  await expect(dots.nth(2)).toHaveClass(/swiper-pagination-bullet-active/);

  await drag(page, swiper, 'left');
  await expect.poll(() => settledIndex(slider)).toBe(0);
  await drag(page, swiper, 'right');
  await expect.poll(() => settledIndex(slider)).toBe(2);

  const next = slider.getByRole('button', { name: '다음 슬라이드' });
  const prev = slider.getByRole('button', { name: '이전 슬라이드' });
  if (!arrows) {
    await expect(next).toHaveCount(0);
    await expect(prev).toHaveCount(0);
    return;
  }
  await next.click();
  await expect.poll(() => settledIndex(slider)).toBe(0);
  await next.click();
  await expect.poll(() => settledIndex(slider)).toBe(1);
  await prev.click();
  await expect.poll(() => settledIndex(slider)).toBe(0);
}

/**
 * WAI-ARIA tabs: the first tab selected by default, clicks, ArrowRight/ArrowLeft (wrapping),
 * Home and End with focus following and roving tabindex. Leaves the last tab selected.
 */
export async function expectTabsWork(page: Page, tablist: Locator): Promise<void> {
  const tabs = tablist.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const panel = async (index: number) =>
    page.locator(`#${await tabs.nth(index).getAttribute('aria-controls')}`);

  const expectSelected = async (selected: number, focused: boolean) => {
    for (let index = 0; index < count; index++) {
      const isSelected = index === selected;
      await expect(tabs.nth(index)).toHaveAttribute('aria-selected', String(isSelected));
      await expect(tabs.nth(index)).toHaveAttribute('tabindex', isSelected ? '0' : '-1');
      const tabPanel = await panel(index);
      await expect(tabPanel).toHaveAttribute('role', 'tabpanel');
      if (isSelected) await expect(tabPanel).toBeVisible();
      else await expect(tabPanel).toBeHidden();
    }
    if (focused) await expect(tabs.nth(selected)).toBeFocused();
  };

  await tablist.scrollIntoViewIfNeeded();
  await expectSelected(0, false);
  // Every panel's content is in the page before any interaction.
  for (let index = 0; index < count; index++) {
    await expect((await panel(index)).locator('h3')).not.toHaveText('');
  }
  await tabs.nth(1).click();
  await expectSelected(1, false);
  await tabs.nth(0).click();
  await expectSelected(0, false);

  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expectSelected(1, true);
  await page.keyboard.press('ArrowLeft');
  await expectSelected(0, true);
  await page.keyboard.press('ArrowLeft');
  await expectSelected(count - 1, true);
  await page.keyboard.press('ArrowRight');
  await expectSelected(0, true);
  await page.keyboard.press('End');
  await expectSelected(count - 1, true);
  await page.keyboard.press('Home');
  await expectSelected(0, true);
  await page.keyboard.press('End');
  await expectSelected(count - 1, true);
}

/** Scrolls through the page so lazy images and sliders start, then back to the top. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
}
