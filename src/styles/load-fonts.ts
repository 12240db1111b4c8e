/**
 * Browser side of the web font loading described in src/lib/fonts/font-loading.ts: on a page
 * that painted without Pretendard, download the subsets its text needs after the load event and the first paint,
 * without showing them, and remember that they are cached.
 */
import { afterFirstPaint } from '../lib/dom/after-first-paint.ts';
import { FONT_CACHE_KEY, parseFontFaces } from '../lib/fonts/font-loading.ts';

/** The family the downloads are registered under: no style uses it, so nothing re-renders. */
const PREFETCH_FAMILY = 'Pretendard Prefetch';

/** Longest text sample whose characters decide which subsets to download. */
const SAMPLE = 20_000;

/** The window's globals this module uses (a narrower type, so tests can pass a fake). */
type FontWindow = Window & typeof globalThis;

/** After the load event and the first paint, so the downloads never hold either of them up. */
function whenIdleAfterLoad(win: FontWindow, run: () => void): void {
  const start = () => afterFirstPaint(run, 3000);
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}

/** Downloads the font files the page's text needs and records the stylesheet as cached. */
export async function prefetchWebFonts(href: string, win: FontWindow = window): Promise<void> {
  const doc = win.document;
  const response = await win.fetch(href);
  if (!response.ok) return;
  for (const rule of parseFontFaces(await response.text())) {
    const url = new URL(rule.url, new URL(href, doc.baseURI)).toString();
    const face = new win.FontFace(PREFETCH_FAMILY, `url(${JSON.stringify(url)})`, {
      weight: rule.weight,
      unicodeRange: rule.unicodeRange,
    });
    doc.fonts.add(face);
  }
  // textContent, not innerText: innerText would force a style and layout pass of the whole page.
  const text = (doc.body?.textContent ?? '').replace(/\s+/g, ' ').slice(0, SAMPLE);
  await doc.fonts.load(`16px "${PREFETCH_FAMILY}"`, text || '가');
  win.localStorage.setItem(FONT_CACHE_KEY, href);
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
