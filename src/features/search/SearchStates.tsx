import { interpolate, t } from '../../i18n/index.ts';
import { listIds, listRoutes } from '../../lib/routes.ts';

/** No result for `query`: what to try next, and the lists to browse instead. */
export function NoResults({ query }: { query: string }) {
  return (
    <div className="search-empty">
      <p className="search-empty-title">{interpolate(t('search.empty.title'), { query })}</p>
      <ul>
        <li>{t('search.empty.spacing')}</li>
        <li>{t('search.empty.fewer')}</li>
        <li>{t('search.empty.lists')}</li>
      </ul>
      <ListLinks />
    </div>
  );
}

/** Links to the seven lists, the way to browse without search. */
export function ListLinks() {
  return (
    <ul className="search-list-links">
      {listIds.map((id) => (
        <li key={id}>
          <a href={listRoutes[id].path}>{listRoutes[id].label}</a>
        </li>
      ))}
    </ul>
  );
}

/** The index could not be loaded: say so, and offer to try again. */
export function SearchError({ onRetry }: { onRetry(): void }) {
  return (
    <div className="search-error" role="alert">
      <p className="search-error-title">{t('search.error.title')}</p>
      <p>{t('search.error.body')}</p>
      <button type="button" onClick={onRetry}>
        {t('search.retry')}
      </button>
    </div>
  );
}
