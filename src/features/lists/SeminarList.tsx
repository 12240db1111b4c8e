import { withErrorBoundary } from '../error-boundary/with-error-boundary.tsx';
import { CardImage } from './CardImage.tsx';
import { DateText } from './DateText.tsx';
import { listKinds } from './list-kinds.ts';
import { ListFrame } from './ListFrame.tsx';
import type { ListSnapshot } from './list.store.ts';
import { newTabProps } from './new-tab.ts';
import { useListStore } from './use-list-store.ts';
import styles from './lists.module.scss';
import cards from './cards.module.scss';

export interface SeminarListProps {
  snapshot: ListSnapshot;
}

/** Seminars: place and date; an item with a falsy type is shown as ended. */
function SeminarList({ snapshot }: SeminarListProps) {
  const [state, store] = useListStore('seminar', snapshot);
  return (
    <ListFrame config={listKinds.seminar} state={state} store={store}>
      <ul className={styles.grid}>
        {state.items.map((item, index) => (
          <li key={item.id} className={item.ended ? `${cards.card} ${cards.ended}` : cards.card}>
            <a href={item.href} className={cards.cardLink} {...newTabProps(item.external)}>
              <CardImage src={item.image} lead={index === 0} />
              <div className={cards.cardBody}>
                <span className={item.ended ? cards.badgeEnded : cards.badge}>{item.ended ? '종료' : '모집 중'}</span>
                <h3 className={cards.cardTitle}>{item.title}</h3>
                <dl className={cards.facts}>
                  <div>
                    <dt>장소</dt>
                    <dd>{item.place}</dd>
                  </div>
                  <div>
                    <dt>일시</dt>
                    <dd>
                      <DateText value={item.date} />
                    </dd>
                  </div>
                </dl>
              </div>
              {item.external && <span className="visually-hidden">(새 창에서 열림)</span>}
            </a>
          </li>
        ))}
      </ul>
    </ListFrame>
  );
}

export default withErrorBoundary(SeminarList);
