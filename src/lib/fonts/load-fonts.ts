/**
 * Browser side of the web font loading described in src/lib/fonts/font-loading.ts: on a page
 * that painted without Pretendard, download the subset files its text needs into the HTTP cache
 * after the load event and the first paint, and remember that they are cached. Nothing is added
 * to the document (no stylesheet, no `FontFace`), so the page does no style work for it; which
 * files are needed was decided at build time (components/layout/BodyWithFontSubsets.astro); and the
 * downloads run in a worker, so the page's main thread only starts it.
 */
import { afterFirstPaint } from '../dom/after-first-paint.ts';
import { trustedScriptUrl } from '../security/trusted-types.ts';
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
 * the stylesheet is remembered as cached, or not: `true` once the worker has answered, `false`
 * when `signal` stopped it first (the worker and its downloads end there). Without workers,
 * nothing is downloaded: such a browser keeps the system font.
 */
export function prefetchWebFonts(
  href: string,
  subsets: string | null | undefined,
  win: FontWindow = window,
  signal?: AbortSignal,
): Promise<boolean> {
  if (typeof win.Worker !== 'function') return Promise.resolve(true);
  const request: WarmRequest = { href: new URL(href, win.document.baseURI).toString(), subsets };
  return new Promise((resolve) => {
    const worker = new win.Worker(trustedScriptUrl(workerUrl), { name: 'web-fonts' });
    const finish = (cached: boolean) => {
      worker.terminate();
      signal?.removeEventListener('abort', stop);
      if (cached) win.localStorage.setItem(FONT_CACHE_KEY, href);
      resolve(true);
    };
    const stop = () => {
      worker.terminate();
      resolve(false);
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.addEventListener('message', (event: MessageEvent<unknown>) => finish(event.data === true));
    worker.addEventListener('error', () => finish(false));
    worker.postMessage(request);
  });
}

/** A list waiting for its answer: a first tap held (list-pending.ts) or a request in flight. */
const LIST_WAITING = '[data-list-pending], [aria-busy="true"]';

/**
 * Runs `download`, stepping aside whenever a list on the page waits for an answer: on a slow
 * network the fonts (for the next page) shared the bandwidth with the answer the visitor was
 * waiting for, and about one first tap in ten took twice as long. The download is stopped when a
 * list starts waiting and started again (files already downloaded come from the cache) once no
 * list has waited for `quietMs`. `download` resolves `false` when it was stopped.
 */
export function besideLists(
  win: FontWindow,
  download: (signal: AbortSignal) => Promise<boolean>,
  quietMs = 500,
): void {
  const doc = win.document;
  const waiting = () => doc.querySelector(LIST_WAITING) !== null;
  let running: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = undefined;
    if (running || waiting()) return;
    const current = (running = new AbortController());
    void download(current.signal).then((finished) => {
      if (!finished || running !== current) return;
      running = undefined;
      watch.disconnect();
    });
  };
  const watch = new win.MutationObserver(() => {
    if (waiting()) {
      running?.abort();
      running = undefined;
      clearTimeout(timer);
      timer = undefined;
    } else if (!running && timer === undefined) timer = setTimeout(start, quietMs);
  });
  watch.observe(doc.documentElement, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-list-pending', 'aria-busy'],
  });
  start();
}

/** The stylesheet to download and the page's subsets, or nothing when the fonts are applied already. */
function fontsToLoad(win: FontWindow): { href: string; subsets: string | undefined } | undefined {
  const root = win.document.documentElement;
  const href = root.dataset.webFonts;
  if (!href || root.hasAttribute('data-web-fonts-applied')) return undefined;
  const subsets = win.document.querySelector<HTMLElement>('[data-web-font-subsets]')?.dataset.webFontSubsets;
  return { href, subsets };
}

/** Starts the download after the load event, unless the head script already applied the fonts. */
export function loadWebFonts(win: FontWindow = window): void {
  const fonts = fontsToLoad(win);
  if (fonts) whenIdleAfterLoad(win, () => void prefetchWebFonts(fonts.href, fonts.subsets, win));
}

/**
 * {@link loadWebFonts} on a list page, out of the way of the list's answers (`besideLists`). The
 * list's first-tap runtime starts it (src/features/lists/first-tap/), so that list pages do not
 * carry this code in their HTML.
 */
export function loadWebFontsBesideLists(win: FontWindow = window): void {
  const fonts = fontsToLoad(win);
  if (!fonts) return;
  whenIdleAfterLoad(win, () =>
    besideLists(win, (signal) => prefetchWebFonts(fonts.href, fonts.subsets, win, signal).catch(() => true)),
  );
}
