/**
 * The header's early form (SearchButton.astro) holds what the visitor types between a shortcut
 * and the dialog's arrival; the dialog takes it over here. Moving focus in the middle of an IME
 * composition would commit a half-built syllable (머 + ㄴ would become 머ㄴ, not 먼), so the
 * takeover waits for the composition to end, or to sit still long enough that the visitor is
 * clearly waiting for the dialog.
 */
import { MAX_QUERY_LENGTH } from './search-address.ts';

/** How long a composition may sit untouched before the dialog takes over anyway. */
export const COMPOSING_GRACE_MS = 1000;

/** The early form, if this page has one (every page's header does). */
export function findEarlyForm(root: ParentNode = document): HTMLFormElement | null {
  return root.querySelector<HTMLFormElement>('form[data-search-early]');
}

/**
 * Whether an IME is composing in the form: the shortcut script notes whether the last input
 * was part of a composition; a `compositionend` seen here clears it.
 */
export function isComposing(form: HTMLFormElement): boolean {
  return form.dataset.ime === 'true';
}

/**
 * Calls `run` once the form is not composing: now if it is not, else after the composition
 * ends or has been still for `COMPOSING_GRACE_MS` (a Korean word's last syllable stays
 * composing until the next key: a visitor who stops typing to wait is served after that time,
 * and the focus move commits the syllable as typed). Returns a function that cancels the wait.
 */
export function whenSettled(
  form: HTMLFormElement,
  run: () => void,
  graceMs = COMPOSING_GRACE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    form.removeEventListener('compositionend', ended);
    form.removeEventListener('input', later);
  };
  const finish = () => {
    stop();
    run();
  };
  const check = () => {
    if (done) return;
    clearTimeout(timer);
    if (isComposing(form)) timer = setTimeout(finish, graceMs);
    else finish();
  };
  // The keystroke that ends one syllable starts the next one in the same task: look after it.
  function later() {
    clearTimeout(timer);
    timer = setTimeout(check);
  }
  // The last input of a composition still says it is composing: its end says otherwise.
  function ended() {
    form.dataset.ime = 'false';
    later();
  }
  form.addEventListener('compositionend', ended);
  form.addEventListener('input', later);
  check();
  return stop;
}

/** The form's text as the dialog will adopt it (the form has no maxlength of its own). */
export function earlyText(form: HTMLFormElement): string {
  const early = form.elements.namedItem('q') as HTMLInputElement | null;
  return (early?.value ?? '').slice(0, MAX_QUERY_LENGTH);
}

/**
 * Moves the early form's text and selection into `box` (the dialog's input, focused by now),
 * then empties and hides the form for the next time. Returns the text.
 */
export function adoptEarlyInput(form: HTMLFormElement, box: HTMLInputElement): string {
  const early = form.elements.namedItem('q') as HTMLInputElement | null;
  const value = earlyText(form);
  const start = Math.min(early?.selectionStart ?? value.length, value.length);
  const end = Math.min(early?.selectionEnd ?? value.length, value.length);
  const direction = early?.selectionDirection ?? undefined;
  box.value = value;
  box.setSelectionRange(start, end, direction);
  releaseEarlyForm(form);
  return value;
}

/** Empties and hides the form: the shortcut shows it again next time. */
export function releaseEarlyForm(form: HTMLFormElement): void {
  const early = form.elements.namedItem('q') as HTMLInputElement | null;
  if (early) early.value = '';
  form.hidden = true;
  delete form.dataset.ime;
}
