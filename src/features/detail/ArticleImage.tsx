import { useState } from 'react';
import { FALLBACK_IMAGE } from '../../lib/images/fallback-image.ts';
import articleCss from './article.module.scss';

/**
 * The article's main image, or the site's fallback when it has none or it fails to load.
 * Pre-rendered pages get the failure swap from detail-page.client.ts (no hydration there).
 */
export function ArticleImage({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className={articleCss.figure}>
      <img
        className={articleCss.image}
        src={!src || failed ? FALLBACK_IMAGE : src}
        alt=""
        width={800}
        height={450}
        decoding="async"
        fetchPriority="high"
        data-fallback={FALLBACK_IMAGE}
        onError={() => setFailed(true)}
      />
    </figure>
  );
}
