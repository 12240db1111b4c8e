/**
 * Downloads an island's code into the HTTP cache and has it compiled, without running it, so that
 * the visitor's first tap only has to run it: on a slow phone the download is most of the wait.
 * The downloads run in a worker (module-cache.worker.ts), but for the few KB of the island's first
 * files, and the compile on the browser's background thread, so the page's main thread only
 * starts them. Module scripts and a worker's `fetch()` share the HTTP cache (same address, same
 * credentials mode), and the site's hashed files are cached for a year.
 */
import {
  addressList,
  downloadFiles,
  downloadModules,
  readFirstFiles,
  type ModuleRequest,
} from './module-downloads.ts';
import workerUrl from './module-cache.worker.ts?worker&url';
import { trustedScriptUrl } from '../../../lib/security/trusted-types.ts';
import { onPageInteraction } from '../../../lib/dom/visitor-watch.ts';

/**
 * Hands a downloaded module to the browser to compile, without running it: a `modulepreload`
 * link finds the file in the HTTP cache, compiles it off the main thread (script streaming;
 * with the islands' compile hint, every function of it: compileHints() in
 * src/integrations/page-scripts/compile-hints.ts) and keeps it for the island's `import()`.
 * Only for a file already downloaded: in Chromium a `modulepreload` whose request failed kept
 * the island from loading until a reload, where a failed `import()` is tried again.
 */
export function compileModule(url: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  document.head.append(link);
}

/**
 * Starts the download worker now, so that its script's round trip runs beside the first files'
 * own (a round trip of a slow network each), and returns what hands it the rest: the addresses
 * that arrived. When the worker fails to start, the page downloads them itself.
 */
function downloadWorker(win: Pick<typeof globalThis, 'Worker'>): (urls: string[]) => Promise<string[]> {
  const worker = new win.Worker(trustedScriptUrl(workerUrl), { name: 'island-code' });
  const answer = new Promise<string[] | null>((resolve) => {
    worker.addEventListener('message', (event: MessageEvent<unknown>) => resolve(addressList(event.data)));
    worker.addEventListener('error', () => resolve(null));
  });
  return async (urls) => {
    if (urls.length === 0) {
      worker.terminate();
      return [];
    }
    worker.postMessage(urls);
    const arrived = await answer;
    worker.terminate();
    return arrived ?? downloadFiles(urls);
  };
}

/**
 * {@link downloadModules}, its larger half in a worker: read on the page's main thread, the
 * island's files (React DOM's 211 KB above all) arrived there in many small tasks as a slow
 * network delivered them, most of a list's main-thread work after its first paint. The first
 * files, a few KB that name the rest, are read on the page while the worker starts: made to wait
 * for the worker, they came a whole round trip later, and a first tap in that time waited with
 * them. Without workers, on the page's thread.
 */
export async function downloadInWorker(
  request: ModuleRequest,
  win: Pick<typeof globalThis, 'Worker'> = window,
): Promise<string[]> {
  if (typeof win.Worker !== 'function') return downloadModules(request);
  const inWorker = downloadWorker(win);
  const { arrived, named } = await readFirstFiles(request);
  return [...arrived, ...(await inWorker(named))];
}

/** A task of its own for what follows: the page may paint or answer a tap in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves at the visitor's first interaction with `page` (`onPageInteraction`) but inside
 * `island`: an interaction with the island starts it, and its own imports compile what it runs;
 * the compile added to that start made a slow phone's first tap slower (FAQ 1.2× → 1.5-1.7×).
 */
export const visitorInteracts = (page: EventTarget = document, island?: Element): Promise<void> =>
  new Promise((resolve) => onPageInteraction(page, resolve, island));

/**
 * Downloads `urls` and everything they name (`downloadInWorker`), then, once all are in the cache
 * (a module compiled earlier would ask for its imports itself, a second download beside the
 * prefetch's on a slow network) and at the visitor's first interaction with the page
 * (`interaction`), has the browser compile every file that arrived. Resolves once the files are in
 * the cache; the compile goes on after it, one file a task: the island's 25 or so links added at
 * once made one task of 35-45 ms on a list page's main thread in our traces, a long task of a slow
 * phone, and an island started by a tap meanwhile (its import finds each file in the cache or
 * compiled) must not wait for the last of them.
 *
 * Not at the load: the compile (every function of React DOM, with the islands' compile hint) is
 * background work of tens of milliseconds, and on a phone with few cores it took them from the
 * page's own thread while it was still painting and starting up (Lighthouse's blocking time of
 * the lists fell from 80-90 ms over the floor page to 30 without it). A visitor who reads first
 * and then scrolls has touched the screen long before the tap; one who taps the list at once
 * starts the island, whose own imports compile what it runs.
 */
export async function prefetchModules(
  urls: Iterable<string>,
  {
    lazy = true,
    download = downloadInWorker,
    compile = compileModule,
    interaction = visitorInteracts(),
  }: {
    lazy?: boolean;
    download?: (request: ModuleRequest) => Promise<string[]>;
    compile?: (url: string) => void;
    /** When to compile; a visitor's interaction before the download ends counts too. */
    interaction?: Promise<void>;
  } = {},
): Promise<void> {
  const absolute = [...urls].map((url) => new URL(url, location.href).href);
  // A task of its own: started in the task that ran the first-tap runtime's import, the worker's
  // start and the first files' requests made it one of 7 ms, a long task on a slow phone.
  await nextTask();
  const files = await download({ urls: absolute, lazy });
  void interaction.then(() => compileEach(files, compile));
}

async function compileEach(urls: readonly string[], compile: (url: string) => void): Promise<void> {
  for (const url of urls) {
    compile(url);
    await nextTask();
  }
}
