import { useEffect, useId, useRef, useState } from 'react';
import { MAX_TERM_LENGTH } from '../../lib/api/limits.ts';
import { t } from '../../i18n/index.ts';
import styles from './search-form.module.scss';

export interface SearchFormProps {
  /** The term in the address; the box follows it on back and forward. */
  term: string | null;
  placeholder: string;
  label: string;
  onSearch(term: string): void;
  /**
   * Changes whenever the box must show the address's term again even though the term did not
   * change, e.g. when a FAQ category is picked over a draft that was typed but not submitted.
   */
  resetKey?: unknown;
}

/** A search form (`role="search"`): free text, submitted as typed. */
export function SearchForm({ term, placeholder, label, onSearch, resetKey }: SearchFormProps) {
  const id = useId();
  const [value, setValue] = useState(term ?? '');
  const input = useRef<HTMLInputElement>(null);
  // When the address's term (or the reset key) changes, the box shows it again: adjusted while
  // rendering, as React recommends, rather than in an effect that renders twice.
  const [shown, setShown] = useState({ term, resetKey });
  if (shown.term !== term || shown.resetKey !== resetKey) {
    setShown({ term, resetKey });
    setValue(term ?? '');
  }
  useEffect(() => {
    // Text typed before the island hydrated is still in the box (React keeps it): adopt it.
    // Only the DOM knows it, and only once, on mount.
    const typed = input.current?.value;
    if (typed !== undefined && typed !== (term ?? '')) setValue(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    // The box itself, not the state: a search submitted before hydration (replayed by the
    // directive) reaches React before the effect above has adopted what was typed.
    onSearch(input.current?.value ?? value);
  };

  return (
    <form role="search" className={styles.search} onSubmit={submit} aria-label={label}>
      {/* Before the island hydrates (or without JavaScript) the form submits natively to ?page=1&term=… */}
      <input type="hidden" name="page" value="1" />
      <label htmlFor={id} className="visually-hidden">
        {t('list.search.label')}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="term"
        value={value}
        maxLength={MAX_TERM_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit">
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13.5 13.5 18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{t('list.search.submit')}</span>
      </button>
    </form>
  );
}
