import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { DateText } from '../../components/ui/DateText.tsx';
import { ListCard } from './ListCard.tsx';
import { listKinds } from './list-kinds.ts';
import { SearchListFrame } from './SearchListFrame.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import cards from './cards.module.scss';
import listCard from './list-card.module.scss';

export interface VideoListProps {
  firstPage: ListFirstPage;
}

/** HR videos: thumbnail, title, author and date. */
function VideoList({ firstPage }: VideoListProps) {
  const [state, store] = useListStore('video', firstPage);
  return (
    <SearchListFrame config={listKinds.video} state={state} store={store}>
      <ul className={`${cards.grid} ${listCard.videoCards}`}>
        {state.items.map((item, index) => (
          <ListCard key={item.id} item={item} lead={index === 0 && !firstPage.belowBanner} play>
            <p className={cards.meta}>
              <span>{item.author}</span>
              <DateText value={item.date} />
            </p>
          </ListCard>
        ))}
      </ul>
    </SearchListFrame>
  );
}

export default withErrorBoundary(VideoList);
