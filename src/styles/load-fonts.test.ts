/** @vitest-environment happy-dom */
import { describe, expect, it, vi } from 'vitest';
import { FONT_CACHE_KEY } from '../lib/fonts/font-loading.ts';
import { prefetchWebFonts } from './load-fonts.ts';

const css = `@font-face{font-family:'Pretendard Variable';font-weight:45 920;src:url(/_astro/latin.woff2) format('woff2-variations');unicode-range:U+20-7E}
@font-face{font-family:'Pretendard Variable';font-weight:45 920;src:url(/_astro/ga.woff2) format('woff2-variations');unicode-range:U+AC00-AC10}
@font-face{font-family:'Pretendard Variable';font-weight:45 920;src:url(/_astro/rare.woff2) format('woff2-variations');unicode-range:U+D700-D7A3}`;

function fakeWindow(fail = false) {
  document.body.innerHTML = '<h1>가 A</h1>';
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    requests.push({ url: String(url), init });
    const ok = !(fail && String(url).endsWith('ga.woff2'));
    return { ok, text: async () => css, arrayBuffer: async () => new ArrayBuffer(8) } as unknown as Response;
  });
  const FontFace = vi.fn();
  const win = { document, fetch, localStorage, FontFace } as unknown as Window & typeof globalThis;
  return { win, requests, FontFace };
}

describe('prefetchWebFonts', () => {
  it('fetches only the subsets of the page text, at low priority, and touches neither the document nor document.fonts', async () => {
    localStorage.clear();
    const { win, requests, FontFace } = fakeWindow();
    const before = document.head.innerHTML;
    await prefetchWebFonts('/fonts/pretendard-1.css', win);
    expect(requests.map((r) => new URL(r.url, document.baseURI).pathname)).toEqual([
      '/fonts/pretendard-1.css',
      '/_astro/latin.woff2',
      '/_astro/ga.woff2',
    ]);
    for (const { init } of requests) expect(init).toMatchObject({ priority: 'low' });
    expect(FontFace).not.toHaveBeenCalled();
    expect(document.head.innerHTML).toBe(before);
    expect(localStorage.getItem(FONT_CACHE_KEY)).toBe('/fonts/pretendard-1.css');
  });

  it('does not remember the stylesheet when a file failed', async () => {
    localStorage.clear();
    const { win } = fakeWindow(true);
    await prefetchWebFonts('/fonts/pretendard-1.css', win);
    expect(localStorage.getItem(FONT_CACHE_KEY)).toBeNull();
  });
});
