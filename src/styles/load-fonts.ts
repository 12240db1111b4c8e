/**
 * Browser side of the web font loading described in src/lib/fonts/font-loading.ts: on a page
 * that painted without Pretendard, fetch the subset files its text needs into the HTTP cache
 * after the load event and the first paint, and remember that they are cached. Nothing is added
 * to the document (no stylesheet, no `FontFace`), so the page does no style work for it.
 */
import { afterFirstPaint } from '../lib/dom/after-first-paint.ts';
import { FONT_CACHE_KEY, parseFontFaces, rulesForText } from '../lib/fonts/font-loading.ts';

/** Longest text sample whose characters decide which subsets to download. */
const SAMPLE = 20_000;

/** The window's globals this module uses (a narrower type, so tests can pass a fake). */
type FontWindow = Window & typeof globalThis;

/** Low priority: these downloads are for the next page and must not compete with this one's. */
const LOW: RequestInit & { priority: 'low' } = { priority: 'low' };

/** After the load event and the first paint, so the downloads never hold either of them up. */
function whenIdleAfterLoad(win: FontWindow, run: () => void): void {
  const start = () => afterFirstPaint(run, 3000);
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}

/**
 * Fetches the stylesheet and the font files the page's text needs (the requests a font load
 * would make: same origin, CORS mode, so the next page finds them in the HTTP cache) and
 * records the stylesheet as cached once every file has arrived.
 */
export async function prefetchWebFonts(href: string, win: FontWindow = window): Promise<void> {
  const doc = win.document;
  const response = await win.fetch(href, LOW);
  if (!response.ok) return;
  const rules = parseFontFaces(await response.text());
  // textContent, not innerText: innerText would force a style and layout pass of the whole page.
  const text = (doc.body?.textContent ?? '').slice(0, SAMPLE) || '가';
  const base = new URL(href, doc.baseURI);
  const files = await Promise.all(
    rulesForText(rules, text).map(async (rule) => {
      const font = await win.fetch(new URL(rule.url, base).toString(), { ...LOW, mode: 'cors' });
      // Reading the body to the end is what puts the whole file in the cache.
      if (font.ok) await font.arrayBuffer();
      return font.ok;
    }),
  );
  if (files.every(Boolean)) win.localStorage.setItem(FONT_CACHE_KEY, href);
}

/** Starts the download after the load event, unless the head script already applied the fonts. */
export function loadWebFonts(win: FontWindow = window): void {
  const root = win.document.documentElement;
  const href = root.dataset.webFonts;
  if (!href || root.hasAttribute('data-web-fonts-applied')) return;
  whenIdleAfterLoad(win, () => {
    prefetchWebFonts(href, win).catch(() => undefined);
  });
}
