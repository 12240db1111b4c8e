import { t } from '../../i18n/index.ts';
import { detailRoutes, type DetailKind } from '../../lib/routes.ts';
import styles from './detail.module.scss';

/**
 * While an article loads: its section (`HR 이야기`) as the page's heading, where the article
 * shows its section label, and grey blocks in the shape of the rest (title, meta, image,
 * paragraphs). The query-form pages are pre-rendered in this state, so the heading gives
 * their HTML its one `<h1>` until the article's title takes over.
 */
export function ArticleSkeleton({ kind }: { kind: DetailKind }) {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="detail-skeleton">
      <h1 className={`${styles.section} ${styles.skelHeading}`}>{detailRoutes[kind].section}</h1>
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div aria-hidden="true">
        <span className={styles.skelTitle} />
        <span className={styles.skelTitleShort} />
        <span className={styles.skelMeta} />
        <span className={styles.skelImage} />
        {/* Widths vary per line in CSS (no inline styles, which a hashed CSP would block). */}
        <div className={styles.skelLines}>
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className={styles.skelLine} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** An unknown or missing id: the message and the way back to the list. */
export function DetailNotFound({ backHref }: { backHref: string }) {
  return (
    <div className={styles.notFound}>
      <h1 className={styles.stateTitle}>{t('detail.notFound.title')}</h1>
      <p>{t('detail.notFound.body')}</p>
      <a href={backHref} className={styles.back}>
        {t('detail.backToList')}
      </a>
    </div>
  );
}

/** Any other failure: the client's Korean message and a button that repeats the request. */
export function DetailError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className={styles.error} role="alert">
      <h1 className={styles.stateTitle}>{t('detail.loadFailed')}</h1>
      <p>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}
