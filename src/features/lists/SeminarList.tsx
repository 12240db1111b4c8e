import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { t } from '../../i18n/index.ts';
import { DateText } from '../../components/ui/DateText.tsx';
import { ListCard } from './ListCard.tsx';
import { listKinds } from './list-kinds.ts';
import { ListFrame } from './ListFrame.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import cards from './cards.module.scss';
import seminarCards from './seminar-cards.module.scss';

export interface SeminarListProps {
  firstPage: ListFirstPage;
}

/** Seminars: place and date; an item with a falsy type is shown as ended. */
function SeminarList({ firstPage }: SeminarListProps) {
  const [state, store] = useListStore('seminar', firstPage);
  return (
    <ListFrame config={listKinds.seminar} state={state} store={store}>
      <ul className={`${cards.grid} ${seminarCards.seminarCards}`}>
        {state.items.map((item, index) => (
          <ListCard
            key={item.id}
            item={item}
            lead={index === 0 && !firstPage.belowBanner}
            ended={item.ended}
            badge={
              <span className={item.ended ? seminarCards.badgeEnded : seminarCards.badge}>
                {item.ended ? t('list.seminar.ended') : t('list.seminar.open')}
              </span>
            }
          >
            <dl className={seminarCards.facts}>
              <div>
                <dt>{t('list.seminar.place')}</dt>
                <dd>{item.place}</dd>
              </div>
              <div>
                <dt>{t('list.seminar.date')}</dt>
                <dd>
                  <DateText value={item.date} />
                </dd>
              </div>
            </dl>
          </ListCard>
        ))}
      </ul>
    </ListFrame>
  );
}

export default withErrorBoundary(SeminarList);
