import { useId, type ReactElement } from 'react';
import { t } from '../../i18n/index.ts';
import { newTabProps } from '../../lib/dom/new-tab.ts';
import { copyToClipboard, shareNatively } from './share-actions.ts';
import { shareLinks } from './share-links.ts';
import { Icon, linkIcon, networkIcons, shareIcon } from './share-icons.tsx';
import { useCanShareNatively, useShareStatus } from './use-share-status.ts';
import shareCss from './share.module.scss';

export interface ShareButtonsProps {
  /** The page's canonical address. */
  url: string;
  title: string;
}

/** The networks' share links, each opening the network's own share screen in a new tab. */
function NetworkLinks({ url, title, hintId }: ShareButtonsProps & { hintId: string }) {
  return shareLinks(url, title).map((link) => (
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
        <Icon>{networkIcons[link.network]}</Icon>
      </a>
    </li>
  ));
}

interface ActionButtonProps {
  /** The button's name, also its tooltip. */
  label: string;
  /** What share-buttons.client.ts wires it to on the pre-rendered page. */
  action: 'copy' | 'native';
  icon: ReactElement;
  onClick(): void;
}

/** `링크 복사` or `공유하기`. */
function ActionButton({ label, action, icon, onClick }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`${shareCss.shareLink} ${shareCss.shareAction}`}
      aria-label={label}
      title={label}
      data-share-action={action}
      onClick={onClick}
    >
      <Icon>{icon}</Icon>
    </button>
  );
}

/**
 * The share row: links that open the networks' own share screens in a new tab, `링크 복사`
 * (Clipboard API) and, on devices with the Web Share API, `공유하기` (the system share sheet),
 * with a polite live region that says what happened. In the live fallback the React handlers
 * run; the pre-rendered page is not hydrated, and its inline script (share-buttons.client.ts)
 * wires the same markup to the same actions (share-actions.ts).
 */
export function ShareButtons({ url, title }: ShareButtonsProps) {
  const hintId = useId();
  const canShare = useCanShareNatively();
  const [status, say] = useShareStatus();
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
        <NetworkLinks url={url} title={title} hintId={hintId} />
        <li>
          <ActionButton
            label={t('share.copyLink')}
            action="copy"
            icon={linkIcon}
            onClick={() => void copy()}
          />
        </li>
        {/* Shown only where navigator.share exists (set after load: the server cannot know). */}
        <li hidden={!canShare}>
          <ActionButton
            label={t('share.native')}
            action="native"
            icon={shareIcon}
            onClick={() => void share()}
          />
        </li>
      </ul>
      <p className={shareCss.shareStatus} role="status" aria-live="polite" data-share-status="">
        {status}
      </p>
    </div>
  );
}
