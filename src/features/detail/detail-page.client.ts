/**
 * Behaviour of the pre-rendered detail pages, which have no island: the `목록으로` link is
 * pre-rendered as the plain list address (a static page cannot know where the visitor came
 * from) and is rewritten here from the page's own query; a main image that fails to load is
 * swapped for the fallback, as the island does with React.
 */
import { backLinkHref } from './back-link.ts';
import { detailRoutes, type DetailKind } from '../../lib/routes.ts';

function isDetailKind(value: string | undefined): value is DetailKind {
  return value !== undefined && Object.hasOwn(detailRoutes, value);
}

/** Points every `a[data-back-link="{kind}"]` inside `root` at the list page and topic in `search`. */
export function rewriteBackLinks(root: ParentNode, search: string): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-back-link]')) {
    const kind = link.dataset.backLink;
    if (isDetailKind(kind)) link.href = backLinkHref(kind, search);
  }
}

/** Replaces images marked with `data-fallback` that failed (or fail later) with their fallback. */
export function watchImageFallbacks(root: ParentNode): void {
  for (const image of root.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    const fallback = image.dataset.fallback!;
    const swap = () => {
      if (!image.src.endsWith(fallback)) image.src = fallback;
    };
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) swap();
    else image.addEventListener('error', swap, { once: true });
  }
}
