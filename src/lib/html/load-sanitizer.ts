/**
 * The browser sanitiser, loaded on first use so DOMPurify only arrives with the first fetched
 * HTML. Rejects with a `ChunkLoadError` when its file is gone (a deploy since the page loaded).
 */
import { loadChunk } from '../dom/load-chunk.ts';

export type Sanitize = (html: string) => string;

export function loadBrowserSanitizer(): Promise<Sanitize> {
  return loadChunk(() => import('./sanitize.browser.ts')).then((module) => module.sanitizeHtmlBrowser);
}
