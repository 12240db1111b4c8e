import { memo } from 'react';
import { t } from '../../i18n/index.ts';
import type { SearchHit } from '../../lib/search/format/types.ts';
import { sameHitText, type DialogOption } from './dialog-options.ts';
import { resultLink } from './result-link.ts';
import { Marked, NewTabNote, ResultMeta } from './ResultText.tsx';

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

export interface SearchDialogListProps {
  /** The dialog's `useId`: the listbox is `<id>-list`, its options `<id>-option-<index>`. */
  id: string;
  /** The box's text, trimmed: results for it, or (empty) the recent searches. */
  query: string;
  options: DialogOption[];
  active: number;
  onChoose(option: DialogOption): void;
}

/** The dialog's listbox: the results, or the recent searches while the box is empty. */
export function SearchDialogList({ id, query, options, active, onChoose }: SearchDialogListProps) {
  return (
    <ul
      id={`${id}-list`}
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
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          className="search-option"
          onClick={() => onChoose(option)}
        >
          {option.kind === 'hit' ? <HitOption hit={option.hit} /> : option.query}
        </li>
      ))}
    </ul>
  );
}
