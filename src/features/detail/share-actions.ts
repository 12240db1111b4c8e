/**
 * What the share row's two buttons do, for both renderings of a detail page: the live
 * fallback's React handlers call these, and so does the pre-rendered page's inline script
 * (`share-buttons.client.ts`), which must stay small (no i18n table: messages come from the
 * row's `data-` attributes there).
 */

/** The clipboard and share-sheet parts of `navigator` these need (a stub in tests). */
export interface ShareNavigator {
  clipboard?: { writeText(text: string): Promise<void> } | undefined;
  share?: ((data: { title?: string; text?: string; url?: string }) => Promise<void>) | undefined;
}

/** Whether the device has a system share sheet (the Web Share API). */
export function canShareNatively(nav: ShareNavigator | undefined): boolean {
  return typeof nav?.share === 'function';
}

/**
 * Copies `text` to the clipboard: the Clipboard API, or where it is missing or refused (an
 * in-app browser, a page not served over HTTPS) a selected hidden text field and the older copy
 * command. True when one of them reported success.
 */
export async function copyToClipboard(
  text: string,
  nav: ShareNavigator | undefined,
  doc?: Document,
): Promise<boolean> {
  try {
    if (nav?.clipboard && typeof nav.clipboard.writeText === 'function') {
      await nav.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused: try the fallback below.
  }
  if (!doc?.body) return false;
  const field = doc.createElement('textarea');
  try {
    field.value = text;
    field.setAttribute('readonly', '');
    field.setAttribute('aria-hidden', 'true');
    field.tabIndex = -1;
    // CSSOM, which the CSP allows (unlike a style attribute in markup).
    field.style.position = 'fixed';
    field.style.top = '0';
    field.style.left = '0';
    field.style.opacity = '0';
    const active = doc.activeElement as HTMLElement | null;
    doc.body.append(field);
    field.select();
    const copied = typeof doc.execCommand === 'function' && doc.execCommand('copy');
    active?.focus?.({ preventScroll: true });
    return copied;
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/** Outcome of opening the share sheet: shared, closed by the visitor, or failed. */
export type NativeShareResult = 'shared' | 'cancelled' | 'failed';

/** Opens the system share sheet with the page's title and canonical address. */
export async function shareNatively(
  nav: ShareNavigator | undefined,
  title: string,
  url: string,
): Promise<NativeShareResult> {
  if (!canShareNatively(nav)) return 'failed';
  try {
    await nav!.share!({ title, url });
    return 'shared';
  } catch (error) {
    // Closing the sheet rejects with AbortError: not a failure worth a message.
    return error instanceof Error && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/** How long a status message stays on screen. */
export const STATUS_MS = 4000;
