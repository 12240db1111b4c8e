/**
 * The search dialog's first screen before its React code arrives, drawn with plain DOM by the
 * dialog's first chunk (search-start.inline.ts): on a slow phone React's dialog comes a round trip
 * and a compile after the entry, and the visitor would type into nothing meanwhile.
 *
 * The header's early form stays where it is and keeps focus (moving a focused input during an IME
 * composition commits a half-built syllable): a class shows it as the dialog's bar, over the top of
 * a panel drawn after it, inside the header (the header's backdrop filter makes it the fixed
 * elements' frame: both are placed in it alike). The panel shows the engine's answer (the same
 * search as the dialog's first, which takes it over), its first results (titles before excerpts)
 * while it comes; the latest query wins. Titles, excerpts and addresses are untrusted: text nodes
 * only, links through `resultLink`. The form's release (the dialog adopting its text, or Escape
 * here) takes the panel away in the same task, before a frame is drawn.
 */
import { formatDate, interpolate, isoDay, t } from '../../i18n/index.ts';
import { newTabProps } from '../../lib/dom/new-tab.ts';
import type { SearchHit, SearchResponse } from '../../lib/search/format/types.ts';
import { earlyText, releaseEarlyForm } from './early-input.ts';
import { markPieces } from './highlight.ts';
import { resultLink } from './result-link.ts';
import { searchPageHref } from './search-address.ts';
import type { SearchFn } from './search-client.ts';
import { searchWithFirst } from './search-with-first.ts';
import { typeLabel } from './search-labels.ts';

/** The form's classes while it is the bar; `visually-hidden` while it is not. */
const BAR_CLASSES = ['search-dialog-bar', 'search-early-bar'];

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** `text` with its matched ranges in `<mark>`, as `Marked` draws it (ResultText.tsx). */
function appendMarked(parent: HTMLElement, text: string, marks: SearchHit['titleMarks']): void {
  for (const piece of markPieces(text, marks)) {
    parent.append(piece.mark ? element('mark', undefined, piece.text) : piece.text);
  }
}

/** One result as the dialog's option shows it (type, date, title, excerpt), as a link. */
export function earlyResult(hit: SearchHit, origin: string): HTMLLIElement {
  const item = element('li');
  const link = resultLink(hit.url, origin);
  const anchor = element('a', 'search-option');
  anchor.href = link.href;
  for (const [name, value] of Object.entries(newTabProps(link.external))) anchor.setAttribute(name, value);
  const meta = element('span', 'search-meta');
  meta.append(element('span', 'search-type', typeLabel(hit.type)));
  const date = formatDate(hit.date);
  if (date) {
    const time = element('time', undefined, date);
    time.dateTime = isoDay(hit.date) ?? '';
    meta.append(time);
  }
  const title = element('span', 'search-option-title');
  appendMarked(title, hit.title, hit.titleMarks);
  if (link.external) title.append(element('span', 'visually-hidden', ` (${t('common.newTab')})`));
  anchor.append(meta, title);
  if (hit.excerpt) {
    const excerpt = element('span', 'search-option-excerpt');
    appendMarked(excerpt, hit.excerpt, hit.excerptMarks);
    anchor.append(excerpt);
  }
  item.append(anchor);
  return item;
}

/** The panel's parts that change with each answer. */
interface Panel {
  root: HTMLElement;
  list: HTMLUListElement;
  note: HTMLParagraphElement;
  all: HTMLAnchorElement;
  status: HTMLParagraphElement;
}

function buildPanel(onClose: () => void): Panel {
  // The backdrop, as the modal dialog's; a click on it closes, as on the dialog's.
  const root = element('div', 'search-early');
  root.addEventListener('click', (event) => {
    if (event.target === root) onClose();
  });
  const box = element('div', 'search-dialog search-early-panel');
  // Where the early form lies as the bar.
  const bar = element('div', 'search-early-spacer');
  const body = element('div', 'search-dialog-body');
  const list = element('ul', 'search-options');
  list.setAttribute('aria-label', t('search.results'));
  // Until the first answer: that the search is on its way; then, when it found nothing, so.
  const note = element('p', 'search-dialog-note', t('search.loading'));
  const all = element('a', 'search-dialog-all', t('search.dialog.all'));
  const status = element('p', 'visually-hidden');
  status.setAttribute('role', 'status');
  body.append(list, note, all, status);
  const foot = element('p', 'search-dialog-foot', t('search.dialog.hint'));
  foot.setAttribute('aria-hidden', 'true');
  box.append(bar, body, foot);
  root.append(box);
  return { root, list, note, all, status };
}

export interface EarlyPanelOptions {
  /** The header's early form (early-input.ts), focused, holding what is typed. */
  form: HTMLFormElement;
  /** What focus returns to when the visitor closes the panel. */
  opener: Element | null;
  search: SearchFn;
  /** The dialog's limit: the same search as its first, so it takes this one's answer. */
  limit: number;
  /** The visitor closed the panel (Escape, the close button, the backdrop). */
  onClose(): void;
  origin?: string;
}

/**
 * Shows the form as the dialog's bar, with the dialog's close button (added to the form, so the
 * focused input stays put), and the panel after it: both go when the panel stops.
 */
function showPanel(form: HTMLFormElement, onClose: () => void): { panel: Panel; close: HTMLButtonElement } {
  const panel = buildPanel(onClose);
  form.classList.remove('visually-hidden');
  form.classList.add(...BAR_CLASSES);
  const close = element('button', 'search-dialog-close', t('search.dialog.close'));
  close.type = 'button';
  close.addEventListener('click', onClose);
  form.append(close);
  form.after(panel.root);
  return { panel, close };
}

/** The engine's answer for `query` drawn in the panel; `null`, nothing to search (an emptied box). */
function drawAnswer(panel: Panel, origin: string, query: string, response: SearchResponse | null) {
  const hits = response?.hits ?? [];
  panel.list.replaceChildren(...hits.map((hit) => earlyResult(hit, origin)));
  panel.note.hidden = !query || hits.length > 0;
  panel.note.textContent = response ? t('search.dialog.empty') : t('search.loading');
  panel.all.href = searchPageHref(query);
  panel.all.hidden = !query;
  panel.status.textContent = response
    ? interpolate(t('search.dialog.status'), { count: response.total })
    : '';
}

/**
 * Searches what the early form holds as it changes, and once it holds something shows the form
 * as the dialog's bar with the results below it, until the form is released. Returns a function
 * that stops it all (the panel goes).
 */
export function startEarlyPanel(options: EarlyPanelOptions): () => void {
  const { form } = options;
  const origin = options.origin ?? location.origin;
  let shown: { panel: Panel; close: HTMLButtonElement } | null = null;
  let latest = 0;
  let stopped = false;

  const shut = () => {
    const { opener } = options;
    releaseEarlyForm(form);
    stop();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    options.onClose();
  };

  const update = () => {
    if (stopped) return;
    const mine = ++latest;
    const query = earlyText(form).trim();
    if (query) shown ??= showPanel(form, shut);
    const draw = (response: SearchResponse) => {
      if (mine === latest && !stopped && shown) drawAnswer(shown.panel, origin, query, response);
    };
    // The previous answer stays until this one comes, as in the dialog, its first results drawn
    // meanwhile. A failure is the dialog's to show (it searches again): nothing alarming here.
    if (query)
      searchWithFirst(options.search, query, { limit: options.limit }, draw).then(draw, () => undefined);
    else if (shown) drawAnswer(shown.panel, origin, query, null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    event.preventDefault();
    shut();
  };

  // The dialog adopting the text hides the form: the panel goes in the same task, the dialog is up.
  const released = new MutationObserver(() => {
    if (form.hidden) stop();
  });

  function stop() {
    if (stopped) return;
    stopped = true;
    released.disconnect();
    form.removeEventListener('input', update);
    form.removeEventListener('keydown', onKeyDown);
    shown?.panel.root.remove();
    shown?.close.remove();
    shown = null;
    form.classList.remove(...BAR_CLASSES);
    form.classList.add('visually-hidden');
  }

  released.observe(form, { attributes: true, attributeFilter: ['hidden'] });
  form.addEventListener('input', update);
  form.addEventListener('keydown', onKeyDown);
  update();
  return stop;
}
