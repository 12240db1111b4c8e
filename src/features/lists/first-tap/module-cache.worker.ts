/**
 * The larger half of a list island's download, off the page's main thread (see
 * prefetch-modules.ts): answers a list of addresses with those that arrived in the HTTP cache.
 */
import { addressList, downloadFiles } from './module-downloads.ts';

addEventListener('message', (event: MessageEvent<unknown>) => {
  downloadFiles(addressList(event.data)).then(
    (files) => postMessage(files),
    () => postMessage([]),
  );
});
