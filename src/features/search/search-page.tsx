/**
 * The search page's island, loaded after the first paint by search-page.inline.ts: it replaces
 * the pre-rendered form and the "needs JavaScript" note with the live page. Its styles arrive
 * with it (search-results.scss), so no other page's HTML carries them.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { injectStyles } from '../../lib/dom/later-styles.ts';
import resultStyles from './search-results.scss?inline';
import { SearchPage } from './SearchPage.tsx';

export function mountSearchPage(container: HTMLElement): void {
  injectStyles('search-results', resultStyles);
  // What was typed into the pre-rendered box before the island came is kept.
  const typed = container.querySelector<HTMLInputElement>('input[name="q"]')?.value.trim();
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <SearchPage initialQuery={typed || undefined} />
    </StrictMode>,
  );
  container.dataset.ready = '';
}
