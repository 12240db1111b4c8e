/**
 * What a detail screen shows, whichever way it was loaded: the pre-rendered pages build it
 * from collection entries (HTML sanitised at build time), the live fallback from an API answer
 * (HTML sanitised in the browser). One shape keeps both renderings identical.
 */
import type { BlogDetail, PatentDetail } from '../../lib/api/schemas.ts';
import type { DetailKind } from '../../lib/routes.ts';

export interface Article {
  kind: DetailKind;
  /** Id or tag: the last segment of the detail's address. */
  key: string;
  title: string;
  /** Absent on patents. */
  author?: string;
  /** The API's date; the screen shows its first ten characters. */
  date: string;
  /** Absolute image address from the API host, or null for the fallback image. */
  image: string | null;
  tags: string[];
  /** Sanitised article HTML; empty when the item has none. */
  html: string;
}

/** An HR story or success story. `html` must already be sanitised. */
export function blogArticle(
  kind: 'blog' | 'success',
  key: string,
  detail: BlogDetail,
  html: string,
): Article {
  return {
    kind,
    key,
    title: detail.title,
    author: detail.author,
    date: detail.date,
    image: detail.img || null,
    tags: detail.tags.filter((tag) => tag.trim() !== ''),
    html,
  };
}

/** A patent. `html` must already be sanitised. */
export function patentArticle(key: string, detail: PatentDetail['list'], html: string): Article {
  return {
    kind: 'patent',
    key,
    title: detail.title,
    date: detail.date,
    image: detail.img || null,
    tags: [],
    html,
  };
}
