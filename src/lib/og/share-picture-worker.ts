/**
 * Build time: one thread of the share pictures' pool (share-picture-pool.ts); each task draws one
 * card with render-share-image.ts and hands back the JPEG.
 *
 * Node loads this file and what it imports itself (types stripped), not Vite: the build's bundle
 * cannot hand a worker thread a file of its own. The one thing of Vite's the drawer uses, a `?raw`
 * import (the brand mark of share-image-layout.ts), is given the same meaning here: the file's
 * text as the default export. Hence the drawer is imported after that hook is in place.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import type { RenderOptions } from './render-share-image.ts';
import type { ShareCard } from './share-cards.ts';

registerHooks({
  load(url, context, nextLoad) {
    if (!/^file:.*\?raw$/.test(url)) return nextLoad(url, context);
    const text = readFileSync(new URL(url.replace(/\?raw$/, '')), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  },
});

const { drawShareImage } = await import('./render-share-image.ts');

/** What the pool sends a thread. */
export interface DrawTask {
  card: ShareCard;
  options: RenderOptions;
}

/** What a thread sends back (a Buffer crosses the thread as a plain Uint8Array). */
export interface DrawResult {
  jpeg: Uint8Array;
  whole: boolean;
}

export default async function draw({ card, options }: DrawTask): Promise<DrawResult> {
  return drawShareImage(card, options);
}
