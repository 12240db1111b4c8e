import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { t } from '../../i18n/index.ts';
import { newTabProps } from '../../lib/dom/new-tab.ts';
import { canShareNatively, copyToClipboard, shareNatively, STATUS_MS } from './share-actions.ts';
import { shareLinks, type ShareNetwork } from './share-links.ts';
import shareCss from './share.module.scss';

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

/** Outline icons of the two buttons (a chain link, the share arrow). */
const linkIcon = (
  <path
    d="M10.6 13.4a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2M13.4 10.6a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  />
);
const shareIcon = (
  <path
    d="M12 15V4m0 0L8 8m4-4 4 4M6 12v6.5c0 .8.7 1.5 1.5 1.5h9c.8 0 1.5-.7 1.5-1.5V12"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  />
);

const Icon = ({ children }: { children: ReactElement }) => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

export interface ShareButtonsProps {
  /** The page's canonical address. */
  url: string;
  title: string;
}

/**
 * The share row: links that open the networks' own share screens in a new tab, `링크 복사`
 * (Clipboard API) and, on devices with the Web Share API, `공유하기` (the system share sheet),
 * with a polite live region that says what happened. In the live fallback the React handlers
 * run; the pre-rendered page is not hydrated, and its inline script (share-buttons.client.ts)
 * wires the same markup to the same actions (share-actions.ts).
 */
/** `navigator.share` does not come and go: nothing to subscribe to. */
const noSubscription = () => () => {};

export function ShareButtons({ url, title }: ShareButtonsProps) {
  const hintId = useId();
  // The system share sheet exists only in some browsers; never during the build.
  const canShare = useSyncExternalStore(
    noSubscription,
    () => canShareNatively(navigator),
    () => false,
  );
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (message: string) => {
    clearTimeout(timer.current);
    // Emptied first, so the same message twice is announced twice.
    setStatus('');
    requestAnimationFrame(() => {
      setStatus(message);
      timer.current = setTimeout(() => setStatus(''), STATUS_MS);
    });
  };
  const copy = async () =>
    say((await copyToClipboard(url, navigator, document)) ? t('share.copied') : t('share.copyFailed'));
  const share = async () => {
    if ((await shareNatively(navigator, title, url)) === 'failed') say(t('share.failed'));
  };

  return (
    <div
      className={shareCss.share}
      data-share-row=""
      data-share-url={url}
      data-share-title={title}
      data-msg-copied={t('share.copied')}
      data-msg-copy-failed={t('share.copyFailed')}
      data-msg-share-failed={t('share.failed')}
    >
      <span id={hintId} hidden>
        {t('common.newTab')}
      </span>
      <ul aria-label={t('share.label')}>
        {shareLinks(url, title).map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              {...newTabProps()}
              aria-label={link.label}
              aria-describedby={hintId}
              title={link.label}
              className={`${shareCss.shareLink} ${shareCss[`share-${link.network}`]}`}
              data-share={link.network}
            >
              <Icon>{icons[link.network]}</Icon>
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${shareCss.shareLink} ${shareCss.shareAction}`}
            aria-label={t('share.copyLink')}
            title={t('share.copyLink')}
            data-share-action="copy"
            onClick={() => void copy()}
          >
            <Icon>{linkIcon}</Icon>
          </button>
        </li>
        {/* Shown only where navigator.share exists (set after load: the server cannot know). */}
        <li hidden={!canShare}>
          <button
            type="button"
            className={`${shareCss.shareLink} ${shareCss.shareAction}`}
            aria-label={t('share.native')}
            title={t('share.native')}
            data-share-action="native"
            onClick={() => void share()}
          >
            <Icon>{shareIcon}</Icon>
          </button>
        </li>
      </ul>
      <p className={shareCss.shareStatus} role="status" aria-live="polite" data-share-status="">
        {status}
      </p>
    </div>
  );
}
