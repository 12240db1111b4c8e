import { useEffect, useId, useRef, useState } from 'react';
import { MAX_TERM_LENGTH } from '../../lib/api/limits.ts';
import { t } from '../../i18n';
import styles from './lists.module.scss';

export interface SearchFormProps {
  /** The term in the address; the box follows it on back and forward. */
  term: string | null;
  placeholder: string;
  label: string;
  onSearch(term: string): void;
}

/** A search form (`role="search"`): free text, submitted as typed. */
export function SearchForm({ term, placeholder, label, onSearch }: SearchFormProps) {
  const id = useId();
  const [value, setValue] = useState(term ?? '');
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      // Text typed before the island hydrated is still in the box (React keeps it): adopt it.
      const typed = input.current?.value;
      if (typed !== undefined && typed !== (term ?? '')) setValue(typed);
      return;
    }
    setValue(term ?? '');
  }, [term]);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    onSearch(value);
  };

  return (
    <form role="search" className={styles.search} onSubmit={submit} aria-label={label}>
      {/* Before the island hydrates (or without JavaScript) the form submits natively to ?page=1&term=… */}
      <input type="hidden" name="page" value="1" />
      <label htmlFor={id} className="visually-hidden">
        {t('searchLabel')}
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
        <span>{t('search')}</span>
      </button>
    </form>
  );
}
