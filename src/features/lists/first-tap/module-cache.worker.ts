/**
 * The larger half of a list island's download, off the page's main thread (see
 * prefetch-modules.ts): answers a list of addresses with those that arrived in the HTTP cache.
 */
import { downloadFiles } from './module-downloads.ts';

addEventListener('message', (event: MessageEvent<unknown>) => {
  const urls = Array.isArray(event.data) ? event.data.map(String) : [];
  downloadFiles(urls).then(
    (files) => postMessage(files),
    () => postMessage([]),
  );
});
