import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { interpolate, t } from '../../i18n/index.ts';
import type { SearchHit, SearchResponse, SearchType } from '../../lib/search/format/types.ts';
import { rememberSearch } from './recent-searches.ts';
import { linkProps, resultLink } from './result-link.ts';
import { Marked, NewTabNote, ResultMeta } from './ResultText.tsx';
import {
  MAX_QUERY_LENGTH,
  parseSearchAddress,
  serializeSearchAddress,
  type SearchAddress,
} from './search-address.ts';
import { searchSite } from './search-client.ts';
import { searchTypes, typeLabel } from './search-labels.ts';
import { NoResults, SearchError } from './SearchStates.tsx';
import { countAll, useSearch } from './use-search.ts';

/** Results the page shows for one query (the index ranks them; more would be noise). */
export const PAGE_LIMIT = 50;

/**
 * The search page (`/search?q=…&type=…`): the address is its state. A new query or chip pushes
 * an address, back and forward read it again. `initialQuery` is what was typed into the
 * pre-rendered box before the island came: it stays in the box, unsearched until submitted.
 */
export function SearchPage({ initialQuery }: { initialQuery?: string | undefined }) {
  const [address, setAddress] = useState<SearchAddress>(() => parseSearchAddress(location.search));
  const { state, run } = useSearch(PAGE_LIMIT, searchSite);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void run(address.query, address.type);
  }, [address, run]);

  useEffect(() => {
    const onPop = () => {
      const next = parseSearchAddress(location.search);
      if (input.current) input.current.value = next.query;
      setAddress(next);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const go = (next: SearchAddress) => {
    try {
      history.pushState(null, '', location.pathname + serializeSearchAddress(next));
    } catch {
      // The results still follow; only the address bar lags behind.
    }
    setAddress(next);
  };

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const query = (input.current?.value ?? '').trim().slice(0, MAX_QUERY_LENGTH);
    if (query) rememberSearch(query);
    go({ query, type: null });
  };

  return (
    <>
      <SearchForm input={input} defaultValue={initialQuery ?? address.query} onSubmit={submit} />
      {address.query === '' ? (
        <p className="search-prompt">{t('search.prompt')}</p>
      ) : state.status === 'error' ? (
        <SearchError onRetry={() => void run(address.query, address.type)} />
      ) : (
        <Results
          address={address}
          response={state.response}
          busy={state.status !== 'ready'}
          onType={(type) => go({ ...address, type })}
        />
      )}
    </>
  );
}

interface SearchFormProps {
  input: RefObject<HTMLInputElement | null>;
  /** What the box holds at first. */
  defaultValue: string;
  onSubmit(event: { preventDefault(): void }): void;
}

/** The page's search form; the box is uncontrolled (`input`): the page reads it on submit. */
function SearchForm({ input, defaultValue, onSubmit }: SearchFormProps) {
  const inputId = useId();
  return (
    <form
      role="search"
      className="search-form"
      action="/search"
      onSubmit={onSubmit}
      aria-label={t('search.label')}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.input')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit">{t('search.submit')}</button>
    </form>
  );
}

interface ResultsProps {
  address: SearchAddress;
  response: SearchResponse | null;
  busy: boolean;
  onType(type: SearchType | null): void;
}

function Results({ address, response, busy, onType }: ResultsProps) {
  const headingId = useId();
  const total = response ? countAll(response) : 0;
  return (
    <section className="search-results" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="search-summary">
        {busy && !response
          ? t('search.loading')
          : interpolate(t('search.summary'), { query: address.query, count: total })}
      </h2>
      {response && total > 0 && (
        <div className="search-chips" role="group" aria-label={t('search.types')}>
          <button type="button" aria-pressed={address.type === null} onClick={() => onType(null)}>
            {t('common.all')} <span className="search-chip-count">{total}</span>
          </button>
          {searchTypes
            .filter((type) => (response.counts[type] ?? 0) > 0 || type === address.type)
            .map((type) => (
              <button
                key={type}
                type="button"
                aria-pressed={address.type === type}
                onClick={() => onType(type)}
              >
                {typeLabel(type)} <span className="search-chip-count">{response.counts[type] ?? 0}</span>
              </button>
            ))}
        </div>
      )}
      {response && total === 0 && !busy && <NoResults query={address.query} />}
      {response && response.hits.length > 0 && (
        <ol className="search-hits">
          {response.hits.map((hit) => (
            <ResultItem key={hit.id} hit={hit} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ResultItem({ hit }: { hit: SearchHit }) {
  const link = resultLink(hit.url, location.origin);
  return (
    <li className="search-hit">
      <ResultMeta hit={hit} />
      <a {...linkProps(link)} className="search-hit-title">
        <Marked text={hit.title} marks={hit.titleMarks} />
        <NewTabNote external={link.external} />
      </a>
      {hit.excerpt && (
        <p className="search-excerpt">
          <Marked text={hit.excerpt} marks={hit.excerptMarks} />
        </p>
      )}
    </li>
  );
}
