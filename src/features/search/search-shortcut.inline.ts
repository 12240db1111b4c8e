/**
 * Inlined into every page by the header (SearchButton.astro), so it is kept small (about 330
 * bytes compressed, in the document's first round trip): the search button and the shortcuts
 * (Ctrl+K / ⌘K anywhere, `/` outside a text field) load the dialog's first chunk
 * (search-start.inline.ts, the engine) and the index's entry file side by side on first use, and
 * open the dialog; a pointer over the button starts them early.
 * Without JavaScript the button is a plain link to /search. A failed download (a deploy removed
 * the file) rejects unhandled, which brings the new-version notice (NewVersionNotice.astro).
 *
 * Until the dialog's code has arrived, the keys go to the header's hidden early form at once
 * (its input takes focus in the same event), so nothing typed meanwhile is lost: the dialog
 * adopts its text (early-input.ts), and an early Enter submits it to /search like the dialog's
 * Enter. The form notes whether an IME was composing, so the dialog waits for the syllable. As
 * words are typed there, this script asks for each one's term shard by the index's base the page
 * names (shard-names.ts). Both requests wait in the site's registry of early requests
 * (src/lib/dom/early-requests.ts) for the searcher.
 */
import startModule from './search-start.inline.ts?chunk-url';
import { startEarly } from '../../lib/dom/early-requests.ts';
import { typedWordShards } from '../../lib/search/format/shard-names.ts';
import { SEARCH_ENTRY_URL } from './search-entry.ts';

let dialog: Promise<typeof import('./search-start.inline.ts')> | undefined;
// The entry leaves with the code, not after it: the first chunk's searcher takes this request.
const load = () => (dialog ??= (startEarly(SEARCH_ENTRY_URL), import(/* @vite-ignore */ startModule)));
const button = document.querySelector<HTMLElement>('[data-search-open]')!;
// The early form follows the button (SearchButton.astro): shorter than a second query.
const early = button.nextElementSibling as HTMLFormElement;
// The default is read before the early input takes focus: focus returns there on close.
const open = (event: Event, opener = document.activeElement) => {
  event.preventDefault();
  early.hidden = false;
  early.q.focus();
  void load().then((code) => code.default(opener));
};
// The index's base, `base:count:gram` (SearchButton.astro, shard-names.ts).
const [base, count] = early.dataset.shards?.split(':') ?? [];
early.oninput = (event) => {
  // Whether the last input was an IME's half-built syllable (no element has `oncomposition…`
  // handler properties; `oninput` is the shortest way to know).
  const composing = (event as InputEvent).isComposing;
  early.dataset.ime = `${composing}`;
  // Each typed word's term shard leaves now, beside the entry, not a round trip after it: a word
  // found only in the texts is answered as soon as one found in a title. The searcher takes
  // these requests (early-requests.ts); a stale base (a page of an older release) costs one it
  // never reads.
  if (base) typedWordShards(early.q.value, composing, base, +count!, startEarly);
};

addEventListener('keydown', (event) => {
  // The K key by position: with a Korean layout its `key` is ㅏ. `:read-write` is any text field
  // (inputs, textareas, contenteditable): there `/` is typed.
  if (
    ((event.ctrlKey || event.metaKey) && event.code === 'KeyK') ||
    (event.key === '/' && !(event.target as Element).matches(':read-write'))
  )
    open(event);
});
// The button is the header's own: its handler properties are free, and shorter than listeners.
// A click meant for a new tab or window follows the link.
button.onclick = (event) => event.ctrlKey || event.metaKey || event.shiftKey || open(event, button);
button.onpointerenter = load;
