/** @vitest-environment happy-dom */
import { describe, expect, it, vi } from 'vitest';
import { FONT_CACHE_KEY } from './font-loading.ts';
import { besideLists, prefetchWebFonts } from './load-fonts.ts';

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

describe('besideLists', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('stops the download while a list waits for its answer and starts it again once none has for a while', async () => {
    document.body.innerHTML = '<astro-island><section aria-busy="false"></section></astro-island>';
    const island = document.querySelector('astro-island')!;
    const starts: AbortSignal[] = [];
    let finish!: (finished: boolean) => void;
    besideLists(
      window,
      (signal) => {
        starts.push(signal);
        return new Promise<boolean>((resolve) => {
          finish = resolve;
          signal.addEventListener('abort', () => resolve(false));
        });
      },
      20,
    );
    expect(starts).toHaveLength(1);

    // A first tap is held: the list is pending.
    island.setAttribute('data-list-pending', '');
    await flush();
    expect(starts[0]!.aborted).toBe(true);
    // Its request in flight: still waiting.
    island.removeAttribute('data-list-pending');
    island.querySelector('section')!.setAttribute('aria-busy', 'true');
    await flush();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(starts).toHaveLength(1);

    // The answer is on screen: after a quiet moment, the download goes on.
    island.querySelector('section')!.setAttribute('aria-busy', 'false');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(starts).toHaveLength(2);
    expect(starts[1]!.aborted).toBe(false);
    finish(true);
    await flush();

    // Done: later lists change nothing.
    island.setAttribute('data-list-pending', '');
    await flush();
    expect(starts[1]!.aborted).toBe(false);
  });

  it('waits for a list that is already waiting before it starts', async () => {
    document.body.innerHTML = '<astro-island data-list-pending></astro-island>';
    const starts: AbortSignal[] = [];
    besideLists(window, (signal) => (starts.push(signal), Promise.resolve(true)), 20);
    expect(starts).toHaveLength(0);
    document.querySelector('astro-island')!.removeAttribute('data-list-pending');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(starts).toHaveLength(1);
  });
});

describe('prefetchWebFonts with a signal', () => {
  it('ends the worker and resolves false when stopped, without remembering anything', async () => {
    localStorage.clear();
    const posted: unknown[] = [];
    const terminated = vi.fn();
    class SilentWorker extends EventTarget {
      postMessage(message: unknown) {
        posted.push(message);
      }
      terminate = terminated;
    }
    const win = { document, localStorage, Worker: SilentWorker } as unknown as Window & typeof globalThis;
    const controller = new AbortController();
    const done = prefetchWebFonts('/fonts/pretendard-1.css', '0', win, controller.signal);
    controller.abort();
    expect(await done).toBe(false);
    expect(terminated).toHaveBeenCalled();
    expect(localStorage.getItem(FONT_CACHE_KEY)).toBeNull();
  });
});
