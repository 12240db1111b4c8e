import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { interpolate, splitAround, t } from '../../i18n/index.ts';
import { listKinds } from './list-kinds.ts';
import { topicQuery } from '../../lib/list-query.ts';
import { SearchListFrame } from './SearchListFrame.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import styles from './lists.module.scss';
import faq from './faq.module.scss';

export interface FaqListProps {
  firstPage: ListFirstPage;
}

const QUESTION_ID = 'faq-q-';
const questionId = (itemId: string) => `${QUESTION_ID}${itemId}`;
const answerId = (itemId: string) => `faq-a-${itemId}`;

/** The open rows with row `id` open or closed as the DOM says; the same set when nothing changes. */
function withRow(current: ReadonlySet<string>, id: string, isOpen: boolean): ReadonlySet<string> {
  if (current.has(id) === isOpen) return current;
  const next = new Set(current);
  if (isOpen) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * FAQ: category mode (topic buttons) or search mode (a term in the address), and an
 * accordion whose rows open and close their sanitised answers.
 *
 * Each row is a native `<details>`: the browser opens it on a click, Enter or Space with no
 * script at all, so the answers open before the island hydrates (it waits for the first
 * interaction), when its files fail to load (a deploy under an open page), and on a bare
 * `click()` from assistive technology or a script, which the hydration directive does not count
 * as an interaction. The DOM owns the open state; React follows it (`onToggle`) only so that a
 * row the visitor opened is open again when it comes back after a category switch or a search.
 */
function FaqList({ firstPage }: FaqListProps) {
  const [state, store] = useListStore('faq', firstPage);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // Counts category picks: picking one leaves search mode and empties the box, a typed but
  // unsubmitted draft included (the FAQ's category rule), even when the address had no term to clear.
  const [picks, setPicks] = useState(0);
  const pick = (topicId: number | null, name?: string) => {
    setPicks((count) => count + 1);
    store.selectTopic(topicId, name);
  };
  const searching = state.query.term !== null;
  const allSelected = searching || state.query.topicId === null;
  const count = state.empty ? 0 : state.total;

  const accordion = useRef<HTMLUListElement>(null);
  // Rows from a new answer show their questions first and their answers one render later (a
  // deferred one): the answers are hidden in closed rows, and their HTML is most of the work of
  // showing a category on a slow phone. An open row shows its answer at once.
  const answered = useDeferredValue(state.items);

  /** Records what the row now is; never flips, so a toggle heard twice or late changes nothing. */
  const follow = (id: string, isOpen: boolean) => setOpen((current) => withRow(current, id, isOpen));

  // Rows opened before hydration are open in the DOM, and their `toggle` events fired while
  // React was not listening yet: take them into the state once, so they survive a re-render.
  useEffect(() => {
    const opened = accordion.current?.querySelectorAll<HTMLElement>(
      `details[open] > summary[id^="${QUESTION_ID}"]`,
    );
    for (const summary of opened ?? [])
      setOpen((current) => withRow(current, summary.id.slice(QUESTION_ID.length), true));
  }, []);

  const categories = (
    <div className={faq.categories} role="group" aria-label={t('list.faq.categories')}>
      <button
        type="button"
        aria-pressed={allSelected}
        onClick={() => pick(null)}
        data-query={topicQuery(null, false)}
      >
        {t('common.all')}
      </button>
      {state.topics.map((topic) => (
        <button
          type="button"
          key={topic.id}
          aria-pressed={!searching && state.query.topicId === topic.id}
          onClick={() => pick(topic.id, topic.name)}
          data-query={topicQuery(topic, false)}
        >
          {topic.name}
        </button>
      ))}
    </div>
  );

  const term = state.query.term;
  const [beforeCount, afterCount] = splitAround(
    term ? t('list.faq.count.search') : t('list.faq.count.all'),
    'count',
  ).map((part) => interpolate(part, { term: term ?? '' }));
  const countLine = (
    <p className={styles.count} aria-live="polite">
      {beforeCount}
      <strong>{count}</strong>
      {afterCount}
    </p>
  );

  return (
    <SearchListFrame
      config={listKinds.faq}
      state={state}
      store={store}
      toolbar={categories}
      countLine={state.status === 'ready' ? countLine : null}
      skeleton="faq"
      searchLabel={t('list.faq.search.label')}
      searchResetKey={picks}
    >
      <ul className={faq.accordion} ref={accordion}>
        {state.items.map((item) => (
          <li key={item.id}>
            <details
              className={faq.faqItem}
              open={open.has(item.id)}
              // Read, don't flip: the row may have been opened before React was listening.
              onToggle={(event) => follow(item.id, event.currentTarget.open)}
              // The visitor may have opened it before hydration: the server's closed row then
              // differs from the DOM on purpose (React leaves the attribute as it finds it).
              suppressHydrationWarning
            >
              <summary id={questionId(item.id)} className={faq.faqSummary}>
                {/* The question stays a heading for the outline; <summary> allows one. */}
                <h2 className={faq.faqHeading}>
                  <span className={faq.faqQ} aria-hidden="true">
                    Q
                  </span>
                  <span className={faq.faqTitleWrap}>
                    {item.tags.length > 0 && (
                      <span className={faq.faqTags}>
                        {item.tags.map((tag) => (
                          <span key={tag}>{tag}</span>
                        ))}
                      </span>
                    )}
                    <span className={faq.faqTitle}>{item.title}</span>
                  </span>
                  <svg
                    className={faq.faqChevron}
                    width="20"
                    height="20"
                    viewBox="0 0 20 20"
                    aria-hidden="true"
                  >
                    <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </h2>
              </summary>
              <div
                id={answerId(item.id)}
                role="region"
                aria-labelledby={questionId(item.id)}
                className={faq.faqAnswer}
                // Sanitised with the shared allow-list before it reaches the store (list-items.ts).
                dangerouslySetInnerHTML={{
                  __html: answered === state.items || open.has(item.id) ? item.html : '',
                }}
              />
            </details>
          </li>
        ))}
      </ul>
    </SearchListFrame>
  );
}

export default withErrorBoundary(FaqList);
