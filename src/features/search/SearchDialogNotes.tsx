import { interpolate, t } from '../../i18n/index.ts';
import { searchPageHref } from './search-address.ts';
import { countAll, type SearchState } from './use-search.ts';

/** Above the recent searches (the box is empty): their heading, and the button that clears them. */
export function RecentHeading({ id, any, onClear }: { id: string; any: boolean; onClear(): void }) {
  return (
    <div className="search-dialog-heading">
      <span id={`${id}-recent`}>{t('search.dialog.recent')}</span>
      {any && (
        <button type="button" onClick={onClear}>
          {t('search.dialog.clearRecent')}
        </button>
      )}
    </div>
  );
}

export interface SearchDialogNotesProps {
  /** The box's text, trimmed. */
  query: string;
  state: SearchState;
  /** Whether there are recent searches, and results. */
  anyRecent: boolean;
  anyHits: boolean;
  /** The link to every result was followed. */
  onAll(): void;
}

/** What follows the listbox: why it is empty, the link to every result, and the count for screen readers. */
export function SearchDialogNotes({ query, state, anyRecent, anyHits, onAll }: SearchDialogNotesProps) {
  return (
    <>
      {!query && !anyRecent && <p className="search-dialog-note">{t('search.dialog.noRecent')}</p>}
      {query && state.status === 'ready' && !anyHits && (
        <p className="search-dialog-note">{t('search.dialog.empty')}</p>
      )}
      {/* Nothing to show yet (the results wait for their fragments): not a blank panel. */}
      {query && state.status === 'loading' && !anyHits && (
        <p className="search-dialog-note">{t('search.loading')}</p>
      )}
      {query && (
        // Inside the scrolling part: the keyboard reaches it (and the part) after the results.
        <a className="search-dialog-all" href={searchPageHref(query)} onClick={onAll}>
          {t('search.dialog.all')}
        </a>
      )}
      <p role="status" className="visually-hidden">
        {query && state.status === 'ready'
          ? interpolate(t('search.dialog.status'), { count: state.response ? countAll(state.response) : 0 })
          : ''}
      </p>
    </>
  );
}
