/**
 * The search dialog's life as a modal: shown once any IME composition in the header's early form
 * is over (the keys typed there move into the box, in order, and the next ones land in it),
 * closed from its backdrop, and, once closed, focus handed back to what opened it.
 */
import { useEffect, type RefObject } from 'react';
import { adoptEarlyInput, whenSettled } from './early-input.ts';

export interface ModalDialogOptions {
  /** Called once the dialog has closed (or was closed in the early panel before it showed). */
  onClosed(): void;
  /** What had focus when the dialog was asked for. */
  opener: HTMLElement | null;
  /** The header's early form, holding what was typed while the dialog's code loaded. */
  early: HTMLFormElement | null;
  /** Takes what the early form held (a stable function: a new one shows the dialog again). */
  adopt(typed: string): void;
}

export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  inputRef: RefObject<HTMLInputElement | null>,
  { onClosed, opener, early, adopt }: ModalDialogOptions,
): void {
  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    const show = () => {
      // Closed by the visitor in the early panel (early-results.ts) while this waited for a syllable.
      if (early?.hidden) {
        onClosed();
        return;
      }
      element.showModal();
      const box = inputRef.current;
      box?.focus();
      if (!early || !box) return;
      const typed = adoptEarlyInput(early, box);
      if (typed) adopt(typed);
    };
    const cancel = early ? whenSettled(early, show) : (show(), undefined);
    const onClose = () => {
      if (opener?.isConnected) opener.focus();
      onClosed();
    };
    // A click on the backdrop lands on the dialog element itself (its content covers the rest).
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener('close', onClose);
    element.addEventListener('click', onBackdrop);
    return () => {
      cancel?.();
      element.removeEventListener('close', onClose);
      element.removeEventListener('click', onBackdrop);
    };
  }, [dialogRef, inputRef, onClosed, opener, early, adopt]);
}
