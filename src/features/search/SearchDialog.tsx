import { useEffect, useId, useRef } from 'react';
import { t } from '../../i18n/index.ts';
import type { SearchFn } from './search-client.ts';
import { SearchDialogBar } from './SearchDialogBar.tsx';
import { SearchDialogList } from './SearchDialogList.tsx';
import { RecentHeading, SearchDialogNotes } from './SearchDialogNotes.tsx';
import { SearchError } from './SearchStates.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import { useSearchDialog } from './use-search-dialog.ts';

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

/** The site search dialog: a combobox over a listbox of results or recent searches. */
export function SearchDialog({ onClosed, opener, early = null, search }: SearchDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const box = useSearchDialog(search, dialog, input);
  const { active, options, state } = box;
  useModalDialog(dialog, input, { onClosed, opener, early, adopt: box.adopt });

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const query = box.text.trim();
  return (
    <dialog ref={dialog} className="search-dialog" aria-label={t('search.dialog.label')}>
      <SearchDialogBar
        id={id}
        input={input}
        expanded={options.length > 0}
        activeId={active >= 0 ? `${id}-option-${active}` : undefined}
        onTyped={box.onTyped}
        onCompositionEnd={(value) => box.searchFor(value.trim())}
        onKeyDown={box.onKeyDown}
        onClose={() => dialog.current?.close()}
      />
      <div className="search-dialog-body">
        {!query && <RecentHeading id={id} any={box.recent.length > 0} onClear={box.clearRecents} />}
        {state.status === 'error' && query ? (
          <SearchError onRetry={() => void box.run(query)} />
        ) : (
          <SearchDialogList id={id} query={query} options={options} active={active} onChoose={box.choose} />
        )}
        <SearchDialogNotes
          query={query}
          state={state}
          anyRecent={box.recent.length > 0}
          anyHits={box.hits.length > 0}
          onAll={() => box.remember(query)}
        />
      </div>
      <p className="search-dialog-foot" aria-hidden="true">
        {t('search.dialog.hint')}
      </p>
    </dialog>
  );
}
