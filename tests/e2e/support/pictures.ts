/** Whether a picture has arrived and decoded: what a visitor sees, not only an `<img>` in the DOM. */
import type { Locator } from '@playwright/test';

export function pictureLoaded(img: Locator): Promise<boolean> {
  return img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
}
