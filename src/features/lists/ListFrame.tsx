import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import type { ListKindConfig } from './list-kinds.ts';
import { clearPending, LIST_READY_EVENT } from './first-tap/list-pending.ts';
import { parseListQuery, sameQuery, serializeListQuery } from '../../lib/list-query.ts';
import type { ListState, ListStore } from './list.store.ts';
import { EmptyState, ErrorState, Skeletons } from './ListStates.tsx';
import { Pagination } from './Pagination.tsx';
import { firstTapAttributes } from './first-tap/request-templates.ts';
import styles from './lists.module.scss';

export interface ListFrameProps {
  config: ListKindConfig;
  state: ListState;
  store: ListStore;
  /** The items, rendered by the screen's own card component. */
  children: ReactNode;
  /** Filters (FAQ categories, HR story topics) above the list. */
  toolbar?: ReactNode;
  /** A line above the list (FAQ count). */
  countLine?: ReactNode;
  skeleton?: 'card' | 'row' | 'faq';
  emptyVariant?: 'default' | 'news';
  /**
   * The search box, on screens that have one (SearchListFrame.tsx): passed in rather than
   * imported here, so that a screen without one carries none of its code or styles.
   */
  search?: ReactNode;
}

/** Clears the directive's placeholders once the list shows its loading state or the address's answer. */
function clearIfAnswered(frame: Element, state: ListState): void {
  if (state.status !== 'ready' || sameQuery(state.query, parseListQuery(location.search)))
    clearPending(frame);
}

/**
 * The shared frame of every list screen: search, filters, the list region with its loading,
 * empty and error states, and paging. Screens only supply their cards.
 */
export function ListFrame({
  config,
  state,
  store,
  children,
  toolbar,
  countLine,
  skeleton = 'card',
  emptyVariant = 'default',
  search,
}: ListFrameProps) {
  const loading = state.status === 'loading';
  const frame = useRef<HTMLDivElement>(null);
  // The directive's placeholders (list-pending.ts) give way in the same frame as the list's own
  // loading state or an answer to the address: never to the pre-rendered page the visitor
  // did not ask for. A layout effect, so that no frame in between shows the stale list.
  const takenOver = useRef(false);
  useLayoutEffect(() => {
    // Not on the hydrating commit: a tap the directive holds is handed over only once React
    // listens to the list's store (the effect below), and a frame may come in between.
    if (takenOver.current && frame.current) clearIfAnswered(frame.current, state);
  }, [state]);
  useEffect(() => {
    takenOver.current = true;
    frame.current?.dispatchEvent(new Event(LIST_READY_EVENT, { bubbles: true }));
    // A held tap is handed over in a microtask from here, before any frame: its own loading
    // state replaces the placeholders this clears.
    if (frame.current) clearIfAnswered(frame.current, state);
    // Once, when React has taken the list over; the layout effect above follows every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const hrefFor = (page: number) => config.path + serializeListQuery({ ...state.query, page });

  return (
    <div className={styles.frame} ref={frame} {...firstTapAttributes(config)}>
      {(search || toolbar) && (
        <div className={styles.toolbar}>
          {toolbar}
          {search}
        </div>
      )}
      {countLine}
      <section
        className={styles.region}
        aria-label={config.label}
        aria-busy={loading}
        data-status={state.status}
      >
        {loading && <Skeletons count={config.skeletons} shape={skeleton} />}
        {loading && (
          <p className="visually-hidden" role="status">
            {t('common.loading')}
          </p>
        )}
        {state.status === 'error' && <ErrorState message={state.error} onRetry={store.retry} />}
        {state.status === 'ready' && (state.empty ? <EmptyState variant={emptyVariant} /> : children)}
      </section>
      {state.status !== 'error' && (
        <Pagination
          page={state.query.page}
          total={state.total}
          pageSize={config.pageSize}
          hrefFor={hrefFor}
          onPage={store.goToPage}
        />
      )}
    </div>
  );
}
