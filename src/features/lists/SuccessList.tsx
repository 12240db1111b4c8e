import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { t } from '../../i18n/index.ts';
import { CardImage } from './CardImage.tsx';
import { listKinds } from './list-kinds.ts';
import { withListContext } from '../../lib/list-query.ts';
import { SearchListFrame } from './SearchListFrame.tsx';
import type { ListFirstPage } from './list.store.ts';
import { newTabProps } from '../../lib/dom/new-tab.ts';
import { useListStore } from './use-list-store.ts';
import cards from './cards.module.scss';
import successCards from './success-cards.module.scss';

export interface SuccessListProps {
  firstPage: ListFirstPage;
}

/** Success stories: a card grid with the customer at the bottom and no description. */
function SuccessList({ firstPage }: SuccessListProps) {
  const [state, store] = useListStore('success', firstPage);
  return (
    <SearchListFrame
      config={listKinds.success}
      state={state}
      store={store}
      searchLabel={t('list.success.search.label')}
    >
      <ul className={`${cards.grid} ${successCards.successCards}`}>
        {state.items.map((item, index) => (
          <li key={item.id} className={cards.card}>
            <a
              href={withListContext(item.href, state.query)}
              className={cards.cardLink}
              {...newTabProps(item.external)}
            >
              <CardImage
                src={item.image}
                preview={item.preview}
                lead={index === 0 && !firstPage.belowBanner}
              />
              <div className={cards.cardBody}>
                <h2 className={cards.cardTitle}>{item.title}</h2>
                <p className={successCards.author}>{item.author}</p>
              </div>
            </a>
          </li>
        ))}
      </ul>
    </SearchListFrame>
  );
}

export default withErrorBoundary(SuccessList);
