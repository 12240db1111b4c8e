import { t } from '../../i18n';
import styles from './detail.module.scss';

/** Grey blocks in the shape of an article (meta, title, image, paragraphs) while it loads. */
export function ArticleSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="detail-skeleton">
      <span className="visually-hidden" role="status">
        {t('loading')}
      </span>
      <div aria-hidden="true">
        <span className={styles.skelSection} />
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
      <h1 className={styles.stateTitle}>{t('detailNotFound')}</h1>
      <p>{t('detailNotFoundBody')}</p>
      <a href={backHref} className={styles.back}>
        {t('backToList')}
      </a>
    </div>
  );
}

/** Any other failure: the client's Korean message and a button that repeats the request. */
export function DetailError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className={styles.error} role="alert">
      <h1 className={styles.stateTitle}>{t('detailLoadFailed')}</h1>
      <p>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
