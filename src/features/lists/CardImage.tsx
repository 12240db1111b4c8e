import { useState } from 'react';
import { FALLBACK_IMAGE } from '../../lib/images/fallback-image.ts';
import cards from './cards.module.scss';

/**
 * A 16:9 card image; decorative, since the card's title names the item. The first card's
 * image is the largest thing on a phone's first screen and is fetched first (the build usually
 * inlines it); the others load lazily and at low priority so they never compete with it.
 */
export function CardImage({ src, lead = false }: { src: string | null; lead?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={cards.cardImage}
      src={!src || failed ? FALLBACK_IMAGE : src}
      alt=""
      width={800}
      height={450}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : 'low'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
