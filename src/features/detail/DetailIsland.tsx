import { useEffect } from 'react';
import { siteConfig } from '../../config/site.ts';
import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { ArticleView } from './ArticleView.tsx';
import { backLinkHref } from './back-link.ts';
import { detailPath, keyFromQuery, matchDetailPath } from '../../lib/detail-paths.ts';
import { detailRoutes, type DetailKind } from '../../lib/routes.ts';
import { canonicalUrl } from '../../lib/seo/canonical.ts';
import type { WantedDetail } from './detail.store.ts';
import { ArticleSkeleton, DetailError, DetailNotFound } from './DetailStates.tsx';
import { useDetailStore } from './use-detail-store.ts';

export type DetailIslandProps =
  | {
      /** The query form: `/info/blog?portal=…`, `/cad_archive?portal=…`, `/info/patent?tag=…`. */
      source: 'query';
      kind: DetailKind;
      /** The site's public address, for the canonical address the share links carry. */
      site: string;
    }
  | {
      /**
       * The 404 page: shows the detail when the address is a detail path that was not
       * pre-rendered (an item newer than the build), and leaves the 404 text alone otherwise.
       */
      source: 'path';
      site: string;
      /** Id of the element holding the 404 text, hidden while a detail is shown instead. */
      notFoundId: string;
    };

/** What the current address asks for; `undefined` when this island has nothing to do here. */
function targetFromLocation(props: DetailIslandProps): WantedDetail | undefined {
  if (props.source === 'query')
    return { kind: props.kind, key: keyFromQuery(props.kind, window.location.search) };
  return matchDetailPath(window.location.pathname) ?? undefined;
}

/**
 * The live fallback for details newer than the last build: fetches the item from the
 * content API in the browser, sanitises its HTML with DOMPurify and renders the same
 * ArticleView as the pre-rendered pages, with skeleton, not-found and retryable error states.
 */
function DetailIsland(props: DetailIslandProps) {
  // The query form has to load something (or say what is missing), so its server HTML is the skeleton;
  // the 404 page renders nothing until it knows the address is a detail path.
  const [state, store] = useDetailStore(props.source === 'query' ? 'loading' : 'idle');

  // The address can only be read in the browser, after hydration, and it does not change under a
  // static page: it is read once, on mount.
  useEffect(() => {
    const wanted = targetFromLocation(props);
    if (!wanted) {
      document.documentElement.removeAttribute('data-live-detail');
      return;
    }
    if (props.source === 'path') {
      const notFound = document.getElementById(props.notFoundId);
      if (notFound) notFound.hidden = true;
    }
    // The 404 page's early check hid its text to avoid a flash; from here the island decides.
    document.documentElement.removeAttribute('data-live-detail');
    store.show(wanted);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  useEffect(() => {
    if (state.status === 'ready') document.title = `${state.article.title} | ${siteConfig.brand}`;
  }, [state]);

  if (state.status === 'idle') return null;
  const kind = state.target?.kind ?? (props.source === 'query' ? props.kind : 'blog');
  const backHref =
    typeof window === 'undefined' ? detailRoutes[kind].listPath : backLinkHref(kind, window.location.search);

  switch (state.status) {
    case 'loading':
      return <ArticleSkeleton kind={kind} />;
    case 'not-found':
      return <DetailNotFound backHref={backHref} />;
    case 'error':
      return <DetailError message={state.message} onRetry={store.retry} />;
    case 'ready': {
      const article = state.article;
      // With a trailing slash, as the pre-rendered page's canonical address will be after the next build.
      const shareUrl =
        article.kind === 'patent'
          ? undefined
          : canonicalUrl(`${detailPath({ kind: article.kind, key: article.key })}/`, props.site);
      return <ArticleView article={article} backHref={backHref} shareUrl={shareUrl} />;
    }
  }
}

export default withErrorBoundary(DetailIsland);
