/**
 * Web fonts as a progressive enhancement. A Korean page needs 10–20 of Pretendard's unicode-range
 * subsets (about 25 KB each); fetched with the page they delay the first paint by seconds on a
 * mobile connection (Lighthouse measured FCP 3.8 s instead of 1 s). So the page paints in the
 * system Korean font of `--font-sans` (Apple SD Gothic Neo, Noto Sans KR, Malgun Gothic…), and
 * the font stylesheet is added once the page has loaded; the browser then swaps to Pretendard.
 * Later pages get the files from the HTTP cache (hashed names, cached for a year).
 */

/** Adds `<link rel="stylesheet" href>` after the window's load event, when the browser is idle. */
export function loadWebFonts(href: string | undefined, win: Window = window): void {
  if (!href) return;
  const doc = win.document;
  const add = () => {
    if (doc.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    doc.head.append(link);
  };
  const start = () => {
    if ('requestIdleCallback' in win) win.requestIdleCallback(add, { timeout: 2000 });
    else win.setTimeout(add, 0);
  };
  if (doc.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
