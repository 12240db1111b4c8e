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

export interface VideoListProps {
  snapshot: ListSnapshot;
}

/** HR videos: thumbnail, title, author and date. */
function VideoList({ snapshot }: VideoListProps) {
  const [state, store] = useListStore('video', snapshot);
  return (
    <ListFrame config={listKinds.video} state={state} store={store}>
      <ul className={styles.grid}>
        {state.items.map((item, index) => (
          <li key={item.id} className={cards.card}>
            <a href={item.href} className={cards.cardLink} {...newTabProps(item.external)}>
              <span className={cards.videoThumb}>
                <CardImage src={item.image} lead={index === 0} />
                <span className={cards.play} aria-hidden="true" />
              </span>
              <div className={cards.cardBody}>
                <h3 className={cards.cardTitle}>{item.title}</h3>
                <p className={cards.meta}>
                  <span>{item.author}</span>
                  <DateText value={item.date} />
                </p>
              </div>
              {item.external && <span className="visually-hidden">(새 창에서 열림)</span>}
            </a>
          </li>
        ))}
      </ul>
    </ListFrame>
  );
}

export default withErrorBoundary(VideoList);
