import { t } from '../../i18n/index.ts';
import { ListFrame, type ListFrameProps } from './ListFrame.tsx';
import { SearchForm } from './SearchForm.tsx';

export interface SearchListFrameProps extends Omit<ListFrameProps, 'search'> {
  /** Visible title of the search area, when the screen shows one. */
  searchLabel?: string;
  /** A new value empties a draft in the search box (see SearchForm). */
  searchResetKey?: unknown;
}

/** The list frame of a screen with a search box (news, videos, success stories, patents, FAQ). */
export function SearchListFrame({ searchLabel, searchResetKey, ...frame }: SearchListFrameProps) {
  const { config, state, store } = frame;
  return (
    <ListFrame
      {...frame}
      search={
        <SearchForm
          term={state.query.term}
          placeholder={config.placeholder}
          label={searchLabel ?? `${config.label} ${t('list.search.submit')}`}
          onSearch={store.search}
          resetKey={searchResetKey}
        />
      }
    />
  );
}
