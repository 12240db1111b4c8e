import { DateText } from '../../components/ui/DateText.tsx';
import { withListContext, type ListQuery } from '../../lib/list-query.ts';
import { CardImage } from './CardImage.tsx';
import type { CardItem } from './list-items.ts';
import cards from './cards.module.scss';
import hrStory from './hr-story.module.scss';

export interface HrStoryCardsProps {
  items: readonly CardItem[];
  /** The list's query, carried by each card's link so the detail's 목록으로 comes back to it. */
  query: ListQuery;
}

/** The HR story card grid: picture, tags, title, summary, author and date. */
export function HrStoryCards({ items, query }: HrStoryCardsProps) {
  return (
    <ul className={`${cards.grid} ${hrStory.hrStoryCards}`}>
      {items.map((item, index) => (
        <li key={item.id} className={cards.card}>
          <a href={withListContext(item.href, query)} className={cards.cardLink}>
            <CardImage src={item.image} preview={item.preview} lead={index === 0} />
            <div className={cards.cardBody}>
              {item.tags.length > 0 && (
                <p className={cards.cardTags}>{item.tags.map((tag) => `#${tag}`).join(' ')}</p>
              )}
              <h2 className={cards.cardTitle}>{item.title}</h2>
              <p className={cards.cardDescription}>{item.description}</p>
              <p className={cards.meta}>
                <span>{item.author}</span>
                <DateText value={item.date} />
              </p>
            </div>
          </a>
        </li>
      ))}
    </ul>
  );
}
