import { t } from '../../i18n/index.ts';
import { detailRoutes, type DetailKind } from '../../lib/routes.ts';
import articleCss from './article.module.scss';
import backLinkCss from './back-link.module.scss';
import statesCss from './states.module.scss';

/**
 * While an article loads: its section (`HR 이야기`) as the page's heading, where the article
 * shows its section label, and grey blocks in the shape of the rest (title, meta, image,
 * paragraphs). The query-form pages are pre-rendered in this state, so the heading gives
 * their HTML its one `<h1>` until the article's title takes over.
 */
export function ArticleSkeleton({ kind }: { kind: DetailKind }) {
  return (
    <div className={statesCss.skeleton} aria-busy="true" data-testid="detail-skeleton">
      <h1 className={`${articleCss.section} ${statesCss.skelHeading}`}>{detailRoutes[kind].section}</h1>
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div aria-hidden="true">
        <span className={statesCss.skelTitle} />
        <span className={statesCss.skelTitleShort} />
        <span className={statesCss.skelMeta} />
        <span className={statesCss.skelImage} />
        {/* Widths vary per line in CSS (no inline styles, which a hashed CSP would block). */}
        <div className={statesCss.skelLines}>
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className={statesCss.skelLine} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** An unknown or missing id: the message and the way back to the list. */
export function DetailNotFound({ backHref }: { backHref: string }) {
  return (
    <div className={statesCss.notFound}>
      <h1 className={statesCss.stateTitle}>{t('detail.notFound.title')}</h1>
      <p>{t('detail.notFound.body')}</p>
      <a href={backHref} className={backLinkCss.back}>
        {t('detail.backToList')}
      </a>
    </div>
  );
}

/** Any other failure: the client's Korean message and a button that repeats the request. */
export function DetailError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className={statesCss.error} role="alert">
      <h1 className={statesCss.stateTitle}>{t('detail.loadFailed')}</h1>
      <p>{message}</p>
      <button type="button" className={statesCss.retry} onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}
