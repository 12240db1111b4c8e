/**
 * Browser side of the web font loading described in src/lib/fonts/font-loading.ts: on a page
 * that painted without Pretendard, download the subset files its text needs into the HTTP cache
 * after the load event and the first paint, and remember that they are cached. Nothing is added
 * to the document (no stylesheet, no `FontFace`), so the page does no style work for it; which
 * files are needed was decided at build time (components/layout/WebFontSubsets.astro); and the
 * downloads run in a worker, so the page's main thread only starts it.
 */
import { afterFirstPaint } from '../dom/after-first-paint.ts';
import { FONT_CACHE_KEY } from './font-loading.ts';
import type { WarmRequest } from './warm-font-cache.ts';
import workerUrl from './font-cache.worker.ts?worker&url';

/** The window's globals this module uses (a narrower type, so tests can pass a fake). */
type FontWindow = Window & typeof globalThis;

/** After the load event and the first paint, so the downloads never hold either of them up. */
function whenIdleAfterLoad(win: FontWindow, run: () => void): void {
  const start = () => afterFirstPaint(run, 3000);
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}

/**
 * Downloads the stylesheet at `href` and the files at `subsets` in a worker and resolves once
 * the stylesheet is remembered as cached, or not. (Without workers, nothing is downloaded:
 * such a browser keeps the system font.)
 */
export function prefetchWebFonts(
  href: string,
  subsets: string | null | undefined,
  win: FontWindow = window,
): Promise<void> {
  if (typeof win.Worker !== 'function') return Promise.resolve();
  const request: WarmRequest = { href: new URL(href, win.document.baseURI).toString(), subsets };
  return new Promise((resolve) => {
    const worker = new win.Worker(workerUrl, { name: 'web-fonts' });
    const finish = (cached: boolean) => {
      worker.terminate();
      if (cached) win.localStorage.setItem(FONT_CACHE_KEY, href);
      resolve();
    };
    worker.addEventListener('message', (event: MessageEvent<unknown>) => finish(event.data === true));
    worker.addEventListener('error', () => finish(false));
    worker.postMessage(request);
  });
}

/** Starts the download after the load event, unless the head script already applied the fonts. */
export function loadWebFonts(win: FontWindow = window): void {
  const root = win.document.documentElement;
  const href = root.dataset.webFonts;
  if (!href || root.hasAttribute('data-web-fonts-applied')) return;
  whenIdleAfterLoad(win, () => {
    const subsets =
      win.document.querySelector<HTMLElement>('[data-web-font-subsets]')?.dataset.webFontSubsets;
    prefetchWebFonts(href, subsets, win).catch(() => undefined);
  });
}
