import { useState } from 'react';
import { FALLBACK_IMAGE } from '../../lib/images/fallback-image.ts';
import cards from './cards.module.scss';

/**
 * A 16:9 card image; decorative, since the card's title names the item. The first card's
 * image is the largest thing on a phone's first screen and is fetched first (the build usually
 * inlines it); the others load lazily and at low priority so they never compete with it.
 *
 * With a `preview` (the first card's inlined SVG without its text, lib/images/lead-card-picture.ts)
 * the preview paints with the HTML and the picture, the site's WebP file, is laid over it when it
 * arrives: asked at low priority, since what the first screen needs is already there.
 */
export function CardImage({
  src,
  preview = null,
  lead = false,
}: {
  src: string | null;
  preview?: string | null;
  lead?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const image = (
    <img
      className={preview ? `${cards.cardImage} ${cards.cardImageOver}` : cards.cardImage}
      src={!src || failed ? FALLBACK_IMAGE : src}
      alt=""
      width={800}
      height={450}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead && !preview ? 'high' : 'low'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
  if (!preview) return image;
  return (
    <span className={cards.cardImageLayers} data-layered-picture="">
      <img className={cards.cardImage} src={preview} alt="" width={800} height={450} decoding="async" />
      {image}
    </span>
  );
}
