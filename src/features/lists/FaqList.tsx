import { useState } from 'react';
import { t } from '../../i18n';
import { withErrorBoundary } from '../error-boundary/with-error-boundary.tsx';
import { listKinds } from './list-kinds.ts';
import { ListFrame } from './ListFrame.tsx';
import type { ListSnapshot } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import styles from './lists.module.scss';
import faq from './faq.module.scss';

export interface FaqListProps {
  snapshot: ListSnapshot;
}

/**
 * FAQ: category mode (topic buttons) or search mode (a term in the address), and an
 * accordion whose rows open and close their sanitised answers.
 */
function FaqList({ snapshot }: FaqListProps) {
  const [state, store] = useListStore('faq', snapshot);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // Counts category picks: picking one leaves search mode and empties the box, a typed but
  // unsubmitted draft included (spec §2), even when the address had no term to clear.
  const [picks, setPicks] = useState(0);
  const pick = (topicId: number | null, name?: string) => {
    setPicks((count) => count + 1);
    store.selectTopic(topicId, name);
  };
  const searching = state.query.term !== null;
  const allSelected = searching || state.query.topicId === null;
  const count = state.empty ? 0 : state.total;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const categories = (
    <div className={faq.categories} role="group" aria-label="질문 분류">
      <button type="button" aria-pressed={allSelected} onClick={() => pick(null)}>
        {t('all')}
      </button>
      {state.topics.map((topic) => (
        <button
          type="button"
          key={topic.id}
          aria-pressed={!searching && state.query.topicId === topic.id}
          onClick={() => pick(topic.id, topic.name)}
        >
          {topic.name}
        </button>
      ))}
    </div>
  );

  const countLine = (
    <p className={styles.count} aria-live="polite">
      {searching && state.query.term ? (
        <>
          ‘{state.query.term}’ 검색 결과 <strong>{count}</strong>건
        </>
      ) : (
        <>
          총 <strong>{count}</strong>개의 질문
        </>
      )}
    </p>
  );

  return (
    <ListFrame
      config={listKinds.faq}
      state={state}
      store={store}
      toolbar={categories}
      countLine={state.status === 'ready' ? countLine : null}
      skeleton="faq"
      searchLabel="자주 묻는 질문 검색"
      searchResetKey={picks}
    >
      <ul className={faq.accordion}>
        {state.items.map((item) => {
          const expanded = open.has(item.id);
          const buttonId = `faq-q-${item.id}`;
          const panelId = `faq-a-${item.id}`;
          return (
            <li key={item.id} className={expanded ? faq.faqOpen : undefined}>
              <h2 className={faq.faqHeading}>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(item.id)}
                >
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
                  <svg className={faq.faqChevron} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                    <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </button>
              </h2>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!expanded}
                className={faq.faqAnswer}
                // Sanitised with the shared allow-list before it reaches the store (list-items.ts).
                dangerouslySetInnerHTML={{ __html: item.html }}
              />
            </li>
          );
        })}
      </ul>
    </ListFrame>
  );
}

export default withErrorBoundary(FaqList);
