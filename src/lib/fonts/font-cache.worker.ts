/**
 * The web font download of a first visit, off the page's main thread (see
 * src/lib/fonts/warm-font-cache.ts): answers a `WarmRequest` with true once everything is cached.
 */
import { warmFontCache, type WarmRequest } from './warm-font-cache.ts';

addEventListener('message', (event: MessageEvent<WarmRequest>) => {
  warmFontCache(event.data).then(
    (cached) => postMessage(cached),
    () => postMessage(false),
  );
});
