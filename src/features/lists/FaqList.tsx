import { useDeferredValue, useState } from 'react';
import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { interpolate, splitAround, t } from '../../i18n/index.ts';
import type { Topic } from '../../lib/api/schemas.ts';
import { listKinds } from './list-kinds.ts';
import { SearchListFrame } from './SearchListFrame.tsx';
import { FaqAccordion } from './FaqAccordion.tsx';
import { TopicChips } from './TopicChips.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import { useFaqOpenRows } from './use-faq-open-rows.ts';
import styles from './lists.module.scss';
import faq from './faq.module.scss';

export interface FaqListProps {
  firstPage: ListFirstPage;
}

/** `총 29개의 질문`, or with a term `‘…’ 검색 결과 N건`: the number in bold, announced politely. */
function FaqCountLine({ term, count }: { term: string | null; count: number }) {
  const [beforeCount, afterCount] = splitAround(
    term ? t('list.faq.count.search') : t('list.faq.count.all'),
    'count',
  ).map((part) => interpolate(part, { term: term ?? '' }));
  return (
    <p className={styles.count} aria-live="polite">
      {beforeCount}
      <strong>{count}</strong>
      {afterCount}
    </p>
  );
}

/**
 * FAQ: category mode (topic buttons) or search mode (a term in the address), and an
 * accordion whose rows open and close their sanitised answers.
 *
 * Each row is a native `<details>`: the browser opens it on a click, Enter or Space with no
 * script at all, so the answers open before the island hydrates (it waits for the first
 * interaction), when its files fail to load (a deploy under an open page), and on a bare
 * `click()` from assistive technology or a script, which the hydration directive does not count
 * as an interaction. The DOM owns the open state; React follows it (`onToggle`, use-faq-open-rows.ts)
 * only so that a row the visitor opened is open again when it comes back after a category switch
 * or a search.
 */
function FaqList({ firstPage }: FaqListProps) {
  const [state, store] = useListStore('faq', firstPage);
  const { open, follow, accordion } = useFaqOpenRows();
  // Counts category picks: picking one leaves search mode and empties the box, a typed but
  // unsubmitted draft included (the FAQ's category rule), even when the address had no term to clear.
  const [picks, setPicks] = useState(0);
  const pick = (topic: Topic | null) => {
    setPicks((count) => count + 1);
    store.selectTopic(topic?.id ?? null, topic?.name);
  };
  const term = state.query.term;
  // Rows from a new answer show their questions first and their answers one render later (a
  // deferred one): the answers are hidden in closed rows, and their HTML is most of the work of
  // showing a category on a slow phone. An open row shows its answer at once.
  const answered = useDeferredValue(state.items);

  const categories = (
    <TopicChips
      className={faq.categories}
      label={t('list.faq.categories')}
      topics={state.topics}
      // In search mode no category is chosen: 전체 shows as pressed.
      selected={term !== null ? null : state.query.topicId}
      onSelect={pick}
      withName={false}
    />
  );

  return (
    <SearchListFrame
      config={listKinds.faq}
      state={state}
      store={store}
      toolbar={categories}
      countLine={
        state.status === 'ready' ? <FaqCountLine term={term} count={state.empty ? 0 : state.total} /> : null
      }
      skeleton="faq"
      searchLabel={t('list.faq.search.label')}
      searchResetKey={picks}
    >
      <FaqAccordion
        ref={accordion}
        items={state.items}
        open={open}
        onToggle={follow}
        answersShown={answered === state.items}
      />
    </SearchListFrame>
  );
}

export default withErrorBoundary(FaqList);
