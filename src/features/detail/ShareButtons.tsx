import { useId, type ReactElement } from 'react';
import { t } from '../../i18n';
import { shareLinks, type ShareNetwork } from './share-links.ts';
import styles from './detail.module.scss';

/** Brand marks drawn inline (no requests, no icon font); white on the brand colour. */
const icons: Record<ShareNetwork, ReactElement> = {
  x: (
    <path d="M17.2 5h2.6l-5.7 6.5 6.7 8.9h-5.3l-4.1-5.4-4.7 5.4H4.1l6.1-7L3.8 5h5.4l3.7 4.9L17.2 5Zm-.9 13.8h1.4L8.3 6.5H6.8l9.5 12.3Z" />
  ),
  naver: <path d="M14.2 12.4 9.6 5.8H5.8v12.4h4V11.6l4.6 6.6h3.8V5.8h-4v6.6Z" />,
  facebook: (
    <path d="M13.4 20v-6.6h2.2l.4-2.7h-2.6V9c0-.8.3-1.3 1.4-1.3H16V5.3c-.3 0-1.1-.1-2-.1-2 0-3.4 1.2-3.4 3.5v2H8.4v2.7h2.2V20h2.8Z" />
  ),
};

export interface ShareButtonsProps {
  /** The page's canonical address. */
  url: string;
  title: string;
}

/** Links that open the networks' own share screens in a new tab, carrying the canonical address. */
export function ShareButtons({ url, title }: ShareButtonsProps) {
  const hintId = useId();
  return (
    <div className={styles.share}>
      <span id={hintId} hidden>
        {t('newTab')}
      </span>
      <ul aria-label={t('share')}>
        {shareLinks(url, title).map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={link.label}
              aria-describedby={hintId}
              title={link.label}
              className={`${styles.shareLink} ${styles[`share-${link.network}`]}`}
              data-share={link.network}
            >
              <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
                {icons[link.network]}
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
