import { useState } from 'react';
import styles from './lists.module.scss';

/** The fallback shown when an item has no image, or its image fails to load. */
export const FALLBACK_IMAGE = '/images/fallback-thumb.svg';

/** A 16:9 card image; decorative, since the card's title names the item. */
export function CardImage({ src, eager = false }: { src: string | null; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={styles.cardImage}
      src={!src || failed ? FALLBACK_IMAGE : src}
      alt=""
      width={800}
      height={450}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
