/**
 * Inlined into /search only (src/integrations/page-scripts): starts the search page's island
 * after the first paint, so the page paints from its HTML alone.
 */
import { afterFirstPaint } from '../../lib/dom/after-first-paint.ts';
import pageModule from './search-page.tsx?chunk-url';

afterFirstPaint(() => {
  const container = document.querySelector<HTMLElement>('[data-search-page]');
  if (!container) return;
  void import(/* @vite-ignore */ pageModule).then((page: typeof import('./search-page.tsx')) =>
    page.mountSearchPage(container),
  );
});
