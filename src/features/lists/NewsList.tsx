import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { t } from '../../i18n/index.ts';
import { newTabProps } from '../../lib/dom/new-tab.ts';
import { CardImage } from './CardImage.tsx';
import { DateText } from '../../components/ui/DateText.tsx';
import { listKinds } from './list-kinds.ts';
import { SearchListFrame } from './SearchListFrame.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import cards from './cards.module.scss';
import newsCards from './news-cards.module.scss';

export interface NewsListProps {
  firstPage: ListFirstPage;
}

/** News room: press articles opening in a new tab. */
function NewsList({ firstPage }: NewsListProps) {
  const [state, store] = useListStore('news', firstPage);
  return (
    <SearchListFrame config={listKinds.news} state={state} store={store} emptyVariant="news">
      <ul className={`${cards.grid} ${newsCards.newsCards}`}>
        {state.items.map((item, index) => (
          <li key={item.id} className={cards.card}>
            <a href={item.href} {...newTabProps()} className={cards.cardLink}>
              <CardImage src={item.image} preview={item.preview} lead={index === 0} />
              <div className={cards.cardBody}>
                <h2 className={cards.cardTitle}>{item.title}</h2>
                <p className={cards.cardDescription}>{item.description}</p>
                {item.tags.length > 0 && (
                  <ul className={newsCards.tags} aria-label={t('common.tags')}>
                    {item.tags.map((tag) => (
                      <li key={tag}>#{tag}</li>
                    ))}
                  </ul>
                )}
                <DateText value={item.date} className={cards.meta} />
              </div>
              <span className="visually-hidden">{`(${t('common.newTab')})`}</span>
            </a>
          </li>
        ))}
      </ul>
    </SearchListFrame>
  );
}

export default withErrorBoundary(NewsList);
