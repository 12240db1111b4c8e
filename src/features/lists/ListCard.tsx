import type { ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { CardImage } from './CardImage.tsx';
import type { CardItem } from './list-items.ts';
import { newTabProps } from '../../lib/dom/new-tab.ts';
import cards from './cards.module.scss';
import listCard from './list-card.module.scss';

export interface ListCardProps {
  item: Pick<CardItem, 'href' | 'external' | 'title' | 'image' | 'preview'>;
  /** The first card of the page: its image is fetched first. */
  lead: boolean;
  /** Greyed out (an ended seminar). */
  ended?: boolean;
  /** A play button over the image (videos). */
  play?: boolean;
  /** Above the title (a status badge). */
  badge?: ReactNode;
  /** Below the title: what the list adds (facts, author and date). */
  children?: ReactNode;
}

/**
 * The card of the video and seminar lists: one link holding a 16:9 image, the title and what
 * the list adds; an address off the site opens in a new tab and says so to screen readers.
 * Card titles of every list are `<h2>`: the items are the sections under the page's `<h1>`
 * (a banner slide's `<h2>` above them is their sibling, not their parent).
 */
export function ListCard({ item, lead, ended = false, play = false, badge, children }: ListCardProps) {
  const image = <CardImage src={item.image} preview={item.preview} lead={lead} />;
  return (
    <li className={ended ? `${cards.card} ${listCard.ended}` : cards.card}>
      <a href={item.href} className={cards.cardLink} {...newTabProps(item.external)}>
        {play ? (
          <span className={listCard.videoThumb}>
            {image}
            <span className={listCard.play} aria-hidden="true" />
          </span>
        ) : (
          image
        )}
        <div className={cards.cardBody}>
          {badge}
          <h2 className={cards.cardTitle}>{item.title}</h2>
          {children}
        </div>
        {item.external && <span className="visually-hidden">{`(${t('common.newTab')})`}</span>}
      </a>
    </li>
  );
}
