import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { interpolate, t } from '../../i18n/index.ts';
import type { SearchHit } from '../../lib/search/types.ts';
import { openInNewTab } from '../../lib/dom/new-tab.ts';
import { DIALOG_LIMIT, dialogOptions, moveActive, sameHitText, type DialogOption } from './dialog-options.ts';
import { adoptEarlyInput, whenSettled } from './early-input.ts';
import { clearRecent, readRecent, rememberSearch } from './recent-searches.ts';
import { resultLink } from './result-link.ts';
import { Marked, NewTabNote, ResultMeta } from './ResultText.tsx';
import { MAX_QUERY_LENGTH, searchPageHref } from './search-address.ts';
import type { SearchFn } from './search-client.ts';
import { SearchError } from './SearchStates.tsx';
import { countAll, useSearch } from './use-search.ts';

export interface SearchDialogProps {
  /** Called once the dialog has closed; focus has gone back to what opened it. */
  onClosed(): void;
  /** What had focus when the dialog was asked for. */
  opener: HTMLElement | null;
  /** The header's early form, holding what was typed while this code loaded (early-input.ts). */
  early?: HTMLFormElement | null;
  /** The page's searcher (search-client.ts). */
  search: SearchFn;
}

/** Follows a result: the site's pages in place, other hosts in a new tab. */
function follow(hit: SearchHit): void {
  const link = resultLink(hit.url, location.origin);
  if (link.external) openInNewTab(link.href);
  else location.assign(link.href);
}

/** A result's text in the listbox: rendered again only when what it shows changes. */
const HitOption = memo(
  function HitOption({ hit }: { hit: SearchHit }) {
    const link = resultLink(hit.url, location.origin);
    return (
      <>
        <ResultMeta hit={hit} />
        <span className="search-option-title">
          <Marked text={hit.title} marks={hit.titleMarks} />
          <NewTabNote external={link.external} />
        </span>
        {hit.excerpt && (
          <span className="search-option-excerpt">
            <Marked text={hit.excerpt} marks={hit.excerptMarks} />
          </span>
        )}
      </>
    );
  },
  (before, after) => sameHitText(before.hit, after.hit),
);

/** The site search dialog: a combobox over a listbox of results or recent searches. */
export function SearchDialog({ onClosed, opener, early = null, search }: SearchDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const [active, setActive] = useState(-1);
  const { state, run } = useSearch(DIALOG_LIMIT, search);
  const hits = text.trim() && state.response ? state.response.hits : [];
  const options = dialogOptions(text, recent, hits);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Shown once any IME composition in the early form is over: the keys typed so far move in,
    // in order, and the next ones land here.
    const show = () => {
      // Closed by the visitor in the early panel (early-results.ts) while this waited for a syllable.
      if (early?.hidden) {
        onClosed();
        return;
      }
      element.showModal();
      const box = input.current;
      box?.focus();
      if (!early || !box) return;
      const typed = adoptEarlyInput(early, box);
      if (!typed) return;
      setText(typed);
      void run(typed.trim());
    };
    const cancel = early ? whenSettled(early, show) : (show(), undefined);
    const onClose = () => {
      if (opener?.isConnected) opener.focus();
      onClosed();
    };
    // A click on the backdrop lands on the dialog element itself (its content covers the rest).
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener('close', onClose);
    element.addEventListener('click', onBackdrop);
    return () => {
      cancel?.();
      element.removeEventListener('close', onClose);
      element.removeEventListener('click', onBackdrop);
    };
  }, [onClosed, opener, early, run]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

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

  const choose = (option: DialogOption) => {
    if (option.kind === 'recent') {
      if (input.current) input.current.value = option.query;
      setText(option.query);
      searchFor(option.query);
      return;
    }
    setRecent(rememberSearch(text));
    follow(option.hit);
    dialog.current?.close();
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

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const query = text.trim();
  return (
    <dialog ref={dialog} className="search-dialog" aria-label={t('search.dialog.label')}>
      <div className="search-dialog-bar">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('search.input')}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          // Uncontrolled: React never writes the box, so an IME's half-built syllable is never lost.
          // That syllable is searched as typed: the engine reads a jamo typed last as the start
          // of the next syllable (채용ㅂ finds 채용 브랜딩), so results follow the composition.
          // Some browsers send the last input before compositionend: the finished word is
          // searched again then.
          onInput={(event) => {
            setText(event.currentTarget.value);
            searchFor(event.currentTarget.value.trim());
          }}
          onCompositionEnd={(event) => searchFor(event.currentTarget.value.trim())}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="search-dialog-close" onClick={() => dialog.current?.close()}>
          {t('search.dialog.close')}
        </button>
      </div>
      <div className="search-dialog-body">
        {!query && (
          <div className="search-dialog-heading">
            <span id={`${id}-recent`}>{t('search.dialog.recent')}</span>
            {recent.length > 0 && (
              <button
                type="button"
                onClick={() => {
                  clearRecent();
                  setRecent([]);
                  setActive(-1);
                  input.current?.focus();
                }}
              >
                {t('search.dialog.clearRecent')}
              </button>
            )}
          </div>
        )}
        {state.status === 'error' && query ? (
          <SearchError onRetry={() => void run(query)} />
        ) : (
          <ul
            id={listId}
            role="listbox"
            className="search-options"
            aria-label={query ? t('search.results') : t('search.dialog.recent')}
          >
            {options.map((option, index) => (
              // The keys are the combobox's (aria-activedescendant): options never take focus.
              // Keyed by place: each keystroke's answer is a new list, and a row rewritten in place
              // costs a slow phone less than rows taken out and made again (an unchanged row is
              // not rendered at all: HitOption compares what it shows).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={index}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="search-option"
                onClick={() => choose(option)}
              >
                {option.kind === 'hit' ? <HitOption hit={option.hit} /> : option.query}
              </li>
            ))}
          </ul>
        )}
        {!query && recent.length === 0 && <p className="search-dialog-note">{t('search.dialog.noRecent')}</p>}
        {query && state.status === 'ready' && hits.length === 0 && (
          <p className="search-dialog-note">{t('search.dialog.empty')}</p>
        )}
        {/* Nothing to show yet (a word found only in the texts waits for its shard): not a blank panel. */}
        {query && state.status === 'loading' && hits.length === 0 && (
          <p className="search-dialog-note">{t('search.loading')}</p>
        )}
        {query && (
          // Inside the scrolling part: the keyboard reaches it (and the part) after the results.
          <a
            className="search-dialog-all"
            href={searchPageHref(query)}
            onClick={() => setRecent(rememberSearch(query))}
          >
            {t('search.dialog.all')}
          </a>
        )}
        <p role="status" className="visually-hidden">
          {query && state.status === 'ready'
            ? interpolate(t('search.dialog.status'), { count: state.response ? countAll(state.response) : 0 })
            : ''}
        </p>
      </div>
      <p className="search-dialog-foot" aria-hidden="true">
        {t('search.dialog.hint')}
      </p>
    </dialog>
  );
}
