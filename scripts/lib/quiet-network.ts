/**
 * Waits until a page's network has been quiet for a while: no request of the page (its workers'
 * included) open for `quietMs`. The tap bench taps only then, once the island's code prefetched
 * after the first paint is in the cache. Playwright's `networkidle` is not that wait: it can
 * resolve in the gap between the `load` event and the first paint, before the prefetch has even
 * started, and a tap then pays for the download. At a slow phone's CPU that gap can outlast any
 * quiet time too: the bench counts the quiet from the first paint on (`countFromNow`).
 */

type Listener = (request: object) => void;

/** The request events of a Playwright `Page` (or a stand-in in tests). */
export interface RequestEvents {
  on(event: 'request' | 'requestfinished' | 'requestfailed', listener: Listener): unknown;
}

export interface NetworkWatch {
  /** How many of the page's requests are open now. */
  open(): number;
  /** Milliseconds since the last request started or ended, 0 while one is open. */
  quietFor(): number;
  /**
   * Counts the quiet from now on, as if a request had just ended: what the page does next (its
   * first paint starts the island's prefetch) may still ask for something, and a quiet stretch
   * before it does not count.
   */
  countFromNow(): void;
  /**
   * Resolves `true` once the network has been quiet for `quietMs`, `false` after `timeoutMs`
   * without such a moment (a page that keeps loading pictures may never be quiet).
   */
  untilQuiet(quietMs: number, timeoutMs: number): Promise<boolean>;
}

export interface WatchOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Starts counting the page's requests; call it before the page opens. */
export function watchNetwork(page: RequestEvents, options: WatchOptions = {}): NetworkWatch {
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const requests = new Set<object>();
  let lastChange = now();
  page.on('request', (request) => {
    requests.add(request);
    lastChange = now();
  });
  const end: Listener = (request) => {
    if (requests.delete(request)) lastChange = now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);

  const quietFor = () => (requests.size > 0 ? 0 : now() - lastChange);
  return {
    open: () => requests.size,
    quietFor,
    countFromNow() {
      lastChange = now();
    },
    async untilQuiet(quietMs, timeoutMs) {
      const deadline = now() + timeoutMs;
      for (;;) {
        const quiet = quietFor();
        if (quiet >= quietMs) return true;
        if (now() >= deadline) return false;
        await sleep(Math.min(quietMs - quiet, 50, Math.max(deadline - now(), 1)));
      }
    },
  };
}
