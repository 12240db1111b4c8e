/**
 * Inlined into every page by the header (SearchButton.astro), so it is kept to a few hundred
 * bytes: the search button and the shortcuts (Ctrl+K / ⌘K anywhere, `/` outside a text field)
 * load the dialog's code on first use and open it; a pointer over the button starts the download
 * early. Without JavaScript the button is a plain link to /search. A failed download (a deploy
 * removed the file) rejects unhandled, which brings the new-version notice (NewVersionNotice.astro).
 */
import dialogModule from './search-dialog.tsx?chunk-url';

let dialog: Promise<typeof import('./search-dialog.tsx')> | undefined;
const load = () => (dialog ??= import(/* @vite-ignore */ dialogModule));
const button = document.querySelector('[data-search-open]');
const open = (opener: Element | null) => load().then((code) => code.openSearchDialog(opener));

addEventListener('keydown', (event) => {
  const key = event.key;
  if (
    ((event.ctrlKey || event.metaKey) && key === 'k') ||
    (key === '/' && !(event.target as Element).closest('input,textarea,select,[contenteditable]'))
  ) {
    event.preventDefault();
    void open(document.activeElement);
  }
});
button?.addEventListener('click', (event) => {
  // A click meant for a new tab or window follows the link.
  if (event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  void open(button);
});
button?.addEventListener('pointerenter', load, { once: true });
