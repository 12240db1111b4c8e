/**
 * The download of a list island's code, off the page's main thread (see prefetch-modules.ts):
 * answers a `ModuleRequest` with the addresses that arrived in the HTTP cache.
 */
import { downloadModules, type ModuleRequest } from './module-downloads.ts';

addEventListener('message', (event: MessageEvent<ModuleRequest>) => {
  downloadModules(event.data).then(
    (files) => postMessage(files),
    () => postMessage([]),
  );
});
