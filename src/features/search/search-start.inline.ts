/**
 * The search dialog's first chunk, loaded by the header's shortcut (search-shortcut.inline.ts)
 * together with the index's entry file. An `.inline.ts` module: what it imports is copied into
 * it, so the engine arrives in this one file, in the same round trip as the entry, and starts
 * on what the visitor has typed into the early form while the dialog's React code (the next
 * round trip) is on its way: the index's shards and the dialog's code then load side by side,
 * not one after the other. Meanwhile what is typed shows at once as the dialog's first screen,
 * drawn without React (early-results.ts), with the engine's answer.
 */
import { injectStyles } from '../../lib/dom/later-styles.ts';
import { DIALOG_LIMIT } from './dialog-options.ts';
import { findEarlyForm } from './early-input.ts';
import { startEarlyPanel } from './early-results.ts';
import earlyStyles from './early-results.scss?inline';
import { searchSite } from './search-client.ts';
import dialogModule from './search-dialog.tsx?chunk-url';
import dialogStyles from './search-dialog.scss?inline';
import resultStyles from './search-results.scss?inline';

let dialog: Promise<typeof import('./search-dialog.tsx')> | undefined;
/** Set when the visitor closed the early panel: the dialog's code, arriving later, does not open. */
let closedEarly = false;
let stopEarly: (() => void) | undefined;

/**
 * Opens the dialog; focus returns to `opener` when it closes. The default export: its name is not
 * written into every page's inline shortcut.
 */
export default function openSearchDialog(opener: Element | null): void {
  const early = findEarlyForm();
  closedEarly = false;
  // The dialog's own stylesheets, under its ids (it does not add them again), and the early state's.
  injectStyles('search-results', resultStyles);
  injectStyles('search-dialog', dialogStyles);
  injectStyles('search-early', earlyStyles);
  // The same query and limit as the dialog's first search: it takes this answer when it comes.
  // A shortcut pressed again while the form is shown starts nothing new.
  if (early && !early.hidden && !early.classList.contains('search-early-bar')) {
    stopEarly?.();
    stopEarly = startEarlyPanel({
      form: early,
      opener,
      search: searchSite,
      limit: DIALOG_LIMIT,
      onClose: () => (closedEarly = true),
    });
  }
  // A failed download rejects unhandled, which brings the new-version notice.
  void (dialog ??= import(/* @vite-ignore */ dialogModule)).then((code) => {
    if (!closedEarly) code.showSearchDialog(opener, searchSite);
  });
}
