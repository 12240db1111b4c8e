/**
 * The browser sanitiser, loaded on first use so DOMPurify only arrives with the first fetched
 * HTML. Rejects with a `ChunkLoadError` when its file is gone (a deploy since the page loaded).
 */
import { loadChunk } from '../dom/load-chunk.ts';

/** Untrusted HTML in, safe HTML out: the browser's DOMPurify one or the build's sanitize-html one. */
export type Sanitizer = (html: string) => string;

export function loadBrowserSanitizer(): Promise<Sanitizer> {
  return loadChunk(() => import('./sanitize.browser.ts')).then((module) => module.sanitizeHtmlBrowser);
}
