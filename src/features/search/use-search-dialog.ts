/**
 * What the search dialog holds and does: the box's text and its answer (`useSearch`), the recent
 * searches, the active option, and what the keys and a choice do (follow a result, search a
 * recent query again, open the search page).
 */
import { useCallback, useState, type KeyboardEvent, type RefObject } from 'react';
import { openInNewTab } from '../../lib/dom/new-tab.ts';
import type { SearchHit } from '../../lib/search/format/types.ts';
import { DIALOG_LIMIT, dialogOptions, moveActive, type DialogOption } from './dialog-options.ts';
import { clearRecent, readRecent, rememberSearch } from './recent-searches.ts';
import { resultLink } from './result-link.ts';
import { searchPageHref } from './search-address.ts';
import type { SearchFn } from './search-client.ts';
import { useSearch } from './use-search.ts';

/** Follows a result: the site's pages in place, other hosts in a new tab. */
function follow(hit: SearchHit): void {
  const link = resultLink(hit.url, location.origin);
  if (link.external) openInNewTab(link.href);
  else location.assign(link.href);
}

/** The box's text, its answer and the active option; what the early form held, taken as typed. */
function useDialogQuery(search: SearchFn) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const { state, run } = useSearch(DIALOG_LIMIT, search);

  /** The early form's text, moved into the box: searched as if typed there. */
  const adopt = useCallback(
    (typed: string) => {
      setText(typed);
      void run(typed.trim());
    },
    [run],
  );

  // Every input is searched at once: once the index is loaded an answer takes a few
  // milliseconds, and a wait before searching would be the largest part of a keystroke. Before
  // that, a word typed at speed asks for few more files: the shards of its prefixes are mostly
  // its own, each fetched once (the engine keeps them), and only the latest answer is shown.
  // With the files it needs read, the answer is set in this same event as the box's text (useSearch):
  // one render a keystroke.
  const searchFor = (query: string) => {
    setActive(-1);
    void run(query);
  };

  const onTyped = (value: string) => {
    setText(value);
    searchFor(value.trim());
  };

  return { text, setText, active, setActive, state, run, adopt, searchFor, onTyped };
}

/** The dialog's state and handlers, over its `<dialog>` and its box. */
export function useSearchDialog(
  search: SearchFn,
  dialogRef: RefObject<HTMLDialogElement | null>,
  inputRef: RefObject<HTMLInputElement | null>,
) {
  const query = useDialogQuery(search);
  const { text, setText, active, setActive, state, searchFor } = query;
  const [recent, setRecent] = useState(readRecent);
  const hits = text.trim() && state.response ? state.response.hits : [];
  const options = dialogOptions(text, recent, hits);

  const choose = (option: DialogOption) => {
    if (option.kind === 'recent') {
      if (inputRef.current) inputRef.current.value = option.query;
      setText(option.query);
      searchFor(option.query);
      return;
    }
    setRecent(rememberSearch(text));
    follow(option.hit);
    dialogRef.current?.close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
      else if (text.trim()) {
        setRecent(rememberSearch(text));
        location.assign(searchPageHref(text.trim()));
      }
    }
  };

  const clearRecents = () => {
    clearRecent();
    setRecent([]);
    setActive(-1);
    inputRef.current?.focus();
  };

  /** Remembers `query` as a recent search (the link to every result is followed). */
  const remember = (query: string) => setRecent(rememberSearch(query));

  return { ...query, recent, hits, options, choose, onKeyDown, clearRecents, remember };
}
