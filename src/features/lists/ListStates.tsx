import { t } from '../../i18n/index.ts';
import { injectStyles } from '../../lib/dom/later-styles.ts';
import stateStyles from './list-states.scss?inline';
import styles from './lists.module.scss';

// The loading and error states arrive with the island, not in the page (list-states.scss).
injectStyles('list-states', stateStyles);

/** The spec's empty message. */
export function EmptyState({ variant = 'default' }: { variant?: 'default' | 'news' }) {
  return (
    <div className={variant === 'news' ? `${styles.empty} ${styles.emptyNews}` : styles.empty}>
      {variant === 'news' && (
        <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" className={styles.emptyIcon}>
          <rect x="14" y="18" width="68" height="60" rx="10" fill="#eef2ff" />
          <rect x="24" y="30" width="30" height="6" rx="3" fill="#c9d1e1" />
          <rect x="24" y="44" width="48" height="5" rx="2.5" fill="#dfe5f1" />
          <rect x="24" y="55" width="40" height="5" rx="2.5" fill="#dfe5f1" />
          <circle cx="70" cy="66" r="14" fill="#fff" stroke="#3d5afe" strokeWidth="4" />
          <path d="m80 76 8 8" stroke="#3d5afe" strokeWidth="5" strokeLinecap="round" />
        </svg>
      )}
      <p className={styles.emptyTitle}>{t('list.empty.title')}</p>
      <p>{t('list.empty.body')}</p>
    </div>
  );
}

/** A failed request: what happened, in Korean, and a button that repeats it. */
export function ErrorState({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="list-error" role="alert">
      <p className="list-error-title">{t('list.error.title')}</p>
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}

/** Grey placeholders in the shape of the list while it loads. */
export function Skeletons({ count, shape }: { count: number; shape: 'card' | 'row' | 'faq' }) {
  return (
    <ul className={shape === 'card' ? 'list-grid' : 'list-rows'} aria-hidden="true" data-testid="skeletons">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={`list-skeleton-${shape}`}>
          {shape === 'card' && <span className="list-skeleton-image" />}
          <span className="list-skeleton-line" />
          <span className="list-skeleton-line-short" />
        </li>
      ))}
    </ul>
  );
}
