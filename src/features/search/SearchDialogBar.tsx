import type { KeyboardEvent, RefObject } from 'react';
import { t } from '../../i18n/index.ts';
import { MAX_QUERY_LENGTH } from './search-address.ts';

export interface SearchDialogBarProps {
  /** The dialog's `useId`: the box is `<id>-input`, its listbox `<id>-list`. */
  id: string;
  input: RefObject<HTMLInputElement | null>;
  /** Whether the listbox shows options. */
  expanded: boolean;
  /** The active option's id, if one is. */
  activeId: string | undefined;
  /** The box's text, at each input. */
  onTyped(value: string): void;
  /** The box's text once an IME composition ends. */
  onCompositionEnd(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  onClose(): void;
}

/** The dialog's bar: the combobox over its results, and the close button. */
export function SearchDialogBar({
  id,
  input,
  expanded,
  activeId,
  onTyped,
  onCompositionEnd,
  onKeyDown,
  onClose,
}: SearchDialogBarProps) {
  return (
    <div className="search-dialog-bar">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search.input')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        // Uncontrolled: React never writes the box, so an IME's half-built syllable is never lost.
        // That syllable is searched as typed: the engine reads a jamo typed last as the start
        // of the next syllable (채용ㅂ finds 채용 브랜딩), so results follow the composition.
        // Some browsers send the last input before compositionend: the finished word is
        // searched again then.
        onInput={(event) => onTyped(event.currentTarget.value)}
        onCompositionEnd={(event) => onCompositionEnd(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <button type="button" className="search-dialog-close" onClick={onClose}>
        {t('search.dialog.close')}
      </button>
    </div>
  );
}
