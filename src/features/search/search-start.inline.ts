/**
 * The search dialog's first chunk, loaded by the header's shortcut (search-shortcut.inline.ts)
 * together with the index's entry file. An `.inline.ts` module: what it imports is copied into
 * it, so the engine arrives in this one file, in the same round trip as the entry, and starts
 * on what the visitor has typed into the early form while the dialog's React code (the next
 * round trip) is on its way: the index's shards and the dialog's code then load side by side,
 * not one after the other.
 */
import { DIALOG_LIMIT } from './dialog-options.ts';
import { earlyText, findEarlyForm } from './early-input.ts';
import { offerEntry, searchSite } from './search-client.ts';
import dialogModule from './search-dialog.tsx?chunk-url';

let dialog: Promise<typeof import('./search-dialog.tsx')> | undefined;

/**
 * Opens the dialog; focus returns to `opener` when it closes. `entry` is the shortcut's request
 * for the index's entry file, read by the page's searcher instead of a request of its own. The
 * default export: its name is not written into every page's inline shortcut.
 */
export default function openSearchDialog(opener: Element | null, entry?: Promise<Response>): void {
  if (entry) offerEntry(entry);
  const early = findEarlyForm();
  // The same query and limit as the dialog's first search: it takes this answer when it comes.
  // A failure is the dialog's to show (it searches again).
  const prime = () => {
    const query = early ? earlyText(early).trim() : '';
    if (query) searchSite(query, { limit: DIALOG_LIMIT }).catch(() => undefined);
  };
  prime();
  early?.addEventListener('input', prime);
  // A failed download rejects unhandled, which brings the new-version notice.
  void (dialog ??= import(/* @vite-ignore */ dialogModule)).then((code) => {
    early?.removeEventListener('input', prime);
    code.showSearchDialog(opener, searchSite);
  });
}
