/** @vitest-environment happy-dom */
import { describe, expect, it, vi } from 'vitest';
import { FONT_CACHE_KEY } from './font-loading.ts';
import { prefetchWebFonts } from './load-fonts.ts';

/** A window whose Worker answers the request with `answer` (or fails to start). */
function fakeWindow(answer: boolean | 'error') {
  const posted: unknown[] = [];
  const terminated = vi.fn();
  const fetch = vi.fn();
  const FontFace = vi.fn();
  class FakeWorker extends EventTarget {
    postMessage(message: unknown) {
      posted.push(message);
      queueMicrotask(() =>
        this.dispatchEvent(
          answer === 'error' ? new Event('error') : Object.assign(new Event('message'), { data: answer }),
        ),
      );
    }
    terminate = terminated;
  }
  const win = { document, fetch, localStorage, FontFace, Worker: FakeWorker } as unknown as Window &
    typeof globalThis;
  return { win, posted, terminated, fetch, FontFace };
}

describe('prefetchWebFonts', () => {
  it('hands the download to a worker, remembers the stylesheet when it is cached, and touches neither the document nor document.fonts', async () => {
    localStorage.clear();
    const { win, posted, terminated, fetch, FontFace } = fakeWindow(true);
    const before = document.documentElement.innerHTML;
    await prefetchWebFonts('/fonts/pretendard-1.css', '0 5', win);
    expect(posted).toEqual([
      { href: new URL('/fonts/pretendard-1.css', document.baseURI).toString(), subsets: '0 5' },
    ]);
    expect(fetch).not.toHaveBeenCalled();
    expect(FontFace).not.toHaveBeenCalled();
    expect(document.documentElement.innerHTML).toBe(before);
    expect(terminated).toHaveBeenCalled();
    expect(localStorage.getItem(FONT_CACHE_KEY)).toBe('/fonts/pretendard-1.css');
  });

  it('does not remember the stylesheet when a file failed or the worker did not start', async () => {
    for (const answer of [false, 'error'] as const) {
      localStorage.clear();
      const { win, terminated } = fakeWindow(answer);
      await prefetchWebFonts('/fonts/pretendard-1.css', '0', win);
      expect(localStorage.getItem(FONT_CACHE_KEY)).toBeNull();
      expect(terminated).toHaveBeenCalled();
    }
  });
});
