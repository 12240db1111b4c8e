import { expect, type Locator } from '@playwright/test';

/**
 * Scrolls until `target` stays on the screen, its top in the upper half, as a visitor who stops at
 * it. The home's sections are skipped by `content-visibility` until they near the screen: right
 * after the load a box can read 0, and the sections drawn once the page is scrolled can push the
 * target on by their real height, off the screen (and out of reach of the code that starts when
 * a visitor comes near: a slider, a waiting picture).
 */
export async function scrollToStay(target: Locator): Promise<void> {
  await expect
    .poll(() =>
      target.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const top = element.getBoundingClientRect().top;
            if (top <= 0 || top >= innerHeight / 2)
              scrollTo({ top: scrollY + top - 100, behavior: 'instant' });
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const settled = element.getBoundingClientRect().top;
                resolve(settled > 0 && settled < innerHeight / 2);
              }),
            );
          }),
      ),
    )
    .toBe(true);
}
