/**
 * The pre-rendered detail page's share row (rendered by ShareButtons.tsx, without hydration):
 * shows `공유하기` where the Web Share API exists and wires both buttons to share-actions.ts,
 * writing the outcome into the row's polite live region. Messages come from the row's `data-`
 * attributes, so the inline script carries no message table.
 */
import {
  canShareNatively,
  copyToClipboard,
  shareNatively,
  STATUS_MS,
  type ShareNavigator,
} from './share-actions.ts';

export function enhanceShareButtons(root: ParentNode, nav: ShareNavigator, doc: Document): void {
  for (const row of root.querySelectorAll<HTMLElement>('[data-share-row]')) {
    const { shareUrl: url = '', shareTitle: title = '' } = row.dataset;
    const status = row.querySelector<HTMLElement>('[data-share-status]');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const say = (message: string | undefined) => {
      if (!status) return;
      clearTimeout(timer);
      // Emptied first, so the same message twice is announced twice.
      status.textContent = '';
      requestAnimationFrame(() => {
        status.textContent = message ?? '';
        timer = setTimeout(() => (status.textContent = ''), STATUS_MS);
      });
    };
    row.querySelector('[data-share-action="copy"]')?.addEventListener('click', async () => {
      say((await copyToClipboard(url, nav, doc)) ? row.dataset.msgCopied : row.dataset.msgCopyFailed);
    });
    const native = row.querySelector<HTMLButtonElement>('[data-share-action="native"]');
    if (native && canShareNatively(nav)) {
      (native.closest('li') ?? native).hidden = false;
      native.addEventListener('click', async () => {
        if ((await shareNatively(nav, title, url)) === 'failed') say(row.dataset.msgShareFailed);
      });
    }
  }
}
