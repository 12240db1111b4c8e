/**
 * The search dialog's React code, loaded on first use by the dialog's first chunk
 * (search-start.inline.ts, which the header's shortcut script loads): nothing here runs on a page
 * until the visitor asks for search. Its styles come with it (the first chunk has added them
 * already, under the same ids, for the early panel drawn before this code: early-results.ts).
 */
import { createRoot, type Root } from 'react-dom/client';
import { injectStyles } from '../../lib/dom/later-styles.ts';
import { findEarlyForm, releaseEarlyForm } from './early-input.ts';
import dialogStyles from './search-dialog.scss?inline';
import resultStyles from './search-results.scss?inline';
import type { SearchFn } from './search-client.ts';
import { SearchDialog } from './SearchDialog.tsx';

let root: Root | null = null;
let opens = 0;
let isOpen = false;

/**
 * Opens the dialog (once at a time); focus returns to `opener` when it closes: the button, or
 * for a shortcut what had focus then (the early form's input has it since). `search` is the
 * page's searcher, from the first chunk, which carries the engine.
 */
export function showSearchDialog(opener: Element | null, search: SearchFn): void {
  const early = findEarlyForm();
  if (isOpen) {
    // A shortcut inside the open dialog showed the early form again (it could not take focus).
    // A second shortcut before the dialog has taken over finds the form still holding the keys.
    if (early && !early.contains(document.activeElement)) releaseEarlyForm(early);
    return;
  }
  isOpen = true;
  injectStyles('search-results', resultStyles);
  injectStyles('search-dialog', dialogStyles);
  if (!root) {
    const container = document.createElement('div');
    container.dataset.searchDialogRoot = '';
    document.body.append(container);
    root = createRoot(container);
  }
  const close = () => {
    isOpen = false;
    root?.render(null);
  };
  // A new key each time: the dialog opens fresh, with the recent searches read again.
  root.render(
    <SearchDialog
      key={++opens}
      opener={opener instanceof HTMLElement ? opener : null}
      early={early}
      search={search}
      onClosed={close}
    />,
  );
}
