/**
 * `client:interaction`, the list islands' directive. Until an island hydrates, its HTML works on
 * its own: page numbers are plain links and the search form submits as a plain form.
 *
 * - When the address asks for exactly what the HTML shows (first page, no term, all topics:
 *   `isPrerenderedQuery`), the island hydrates on the visitor's first interaction with it
 *   (a pointer over it or pressed on it, focus or a key in it), so a visit that only reads
 *   costs a slow phone no hydration work at all. While it waits, the island carries
 *   `data-hydrate-on-interaction`, and its code is downloaded after the first paint without
 *   being run (`prefetchModules`), so the first tap pays for running it, not for fetching it.
 * - Otherwise (`?page=2`, a term, a topic) the HTML is not what was asked for: the island is
 *   marked pending at once (its cards turn into placeholders, see list-pending.ts), its answer
 *   is asked for at once (src/lib/dom/early-requests.ts), and it hydrates after the first contentful paint
 *   and an idle moment (`client:idle` alone can fire before the first paint on a fast machine,
 *   and then the island's JavaScript is downloaded ahead of the first frame on a slow phone).
 *
 * The first request made before React is there is caught rather than lost or turned into a page
 * load: a page link, a search or a category not chosen yet is held (no navigation; the list
 * shows its placeholders at once), and its API request starts at once (src/lib/dom/early-requests.ts: the
 * island's first request takes it, so the network and the island's start-up overlap). It is
 * handed to the island, as is the last click on any other button (the category already chosen,
 * "more topics") and a changed `<select>` (the topic dropdown), once the island says React
 * handles its events (`LIST_READY_EVENT`). Text typed
 * into the search box stays (see SearchForm). Taking one starts the island if nothing has yet:
 * a click or a submission can come with no pointer or key event before it (assistive
 * technology's default action, voice control, an extension, `element.click()`), and a request
 * held for an island that never starts would leave the list busy forever.
 *
 * This file is in every list page's HTML, inside the first round trip: it only holds a tap and
 * marks the list pending, synchronously. Everything that can wait (the early request, the
 * download of the island's code, its start, the hand-over) is the first-tap runtime, one hashed
 * file shared by every list page (src/features/lists/first-tap/).
 *
 * When the island's files (or the runtime's) cannot be loaded (the site was deployed anew under
 * an open page), the page says so (NewVersionNotice offers a reload, on `site:stale` or Astro's own
 * `astro:hydration-error`); a held link or search is then followed the plain way, and otherwise
 * the island goes back to waiting, so a later interaction tries again instead of finding it dead.
 */
import type { ClientDirective } from 'astro';
import { onFirstPaint } from '../../../lib/dom/after-first-paint.ts';
import { onInteraction } from '../../../lib/dom/visitor-watch.ts';
import { clearPending, markPagePending, markPending } from './list-pending.ts';
import { isPrerenderedQuery } from './prerendered-query.ts';
import { CAUGHT, firstTapRuntime, WAITING_ATTRIBUTE, type WaitingIsland } from './waiting-island.ts';

/** A waiting island; while it waits for the visitor, `stopWaiting` ends that wait. */
interface Catcher extends WaitingIsland {
  stopWaiting?: (() => void) | undefined;
}

/** Tells the page that code it needs is gone (see NewVersionNotice.astro). */
function reportStale(): void {
  dispatchEvent(new Event('site:stale'));
}

/** A plain left click, which the list would take over once hydrated (not a new tab or window). */
function isPlainClick(event: Event): boolean {
  return (
    event instanceof MouseEvent &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/** A link to this same list page with another query (a page number): the island answers it in place. */
function listLink(target: Element | null): HTMLAnchorElement | undefined {
  const link = target?.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target) return undefined;
  const url = new URL(link.href);
  return url.origin + url.pathname === location.origin + location.pathname ? link : undefined;
}

/** What submitting `form` (the list's search) asks the list for. */
const formAddress = (form: HTMLFormElement) =>
  new URLSearchParams(new FormData(form) as unknown as Record<string, string>);

/**
 * What a press on `target` asks the list for once it becomes a click: a page link's query, a
 * category's or topic's, the search form's.
 */
function pressedAddress(target: Element | null): string | URLSearchParams | undefined {
  const submit = target?.closest('button[type="submit"]');
  if (submit instanceof HTMLButtonElement && submit.form) return formAddress(submit.form);
  const link = listLink(target);
  return link ? new URL(link.href).search : target?.closest('button')?.dataset.query;
}

/** Asks the API now for what the page address `address` shows (the runtime's `askEarly`). */
function askEarly(island: WaitingIsland, address: string | URLSearchParams | undefined): void {
  void firstTapRuntime().then(
    (runtime) => runtime.askEarly(island.el, address),
    () => undefined,
  );
}

/**
 * Asks for a press's answer at the press, for the island's whole life: the click that ends it
 * comes only after the browser has handled the press and the release, tens of milliseconds on a
 * slow phone before React's handler asks (the second tap on a list: 30-90 ms of a Slow 4G
 * round trip's 600). Before React is there, the press also starts the island (`listen`).
 */
function askAtPress(island: WaitingIsland): void {
  island.el.addEventListener(
    'pointerdown',
    (event) => {
      if (!isPlainClick(event)) return;
      const target = event.target instanceof Element ? event.target : null;
      askEarly(island, pressedAddress(target));
    },
    { capture: true, passive: true },
  );
}

/** Waits for the visitor's first interaction with the island, which starts it. */
function listen(island: Catcher): void {
  island.stopWaiting = onInteraction(island.el, () => begin(island));
}

/** Starts the island, once however it is asked (it is not waiting then); the runtime hands it what was held. */
function begin(island: Catcher): void {
  const stopWaiting = island.stopWaiting;
  if (!stopWaiting) return;
  island.stopWaiting = undefined;
  stopWaiting();
  const fail = () => failed(island);
  // An error of the island's own (not a missing file) is not the visitor's way out.
  void firstTapRuntime().then((runtime) => runtime.start(island).then((ok) => ok || fail()), fail);
}

/**
 * The island's code (or the runtime) could not be loaded. Links and forms work without the
 * island: a held one is done the plain way (a new page load, which also brings the new
 * release's files). The island waits again: the next interaction tries again.
 */
function failed(island: Catcher): void {
  const fallback = island.held?.fallback;
  island.held = undefined;
  clearPending(island.el);
  reportStale();
  listen(island);
  fallback?.();
}

/**
 * A button that asks for another list (an FAQ category or an HR topic not chosen yet): the list
 * will change, so it can turn pending at once. Any other button (the one already chosen, "more
 * topics") may change nothing on the list.
 */
function asksForList(button: HTMLButtonElement): boolean {
  return button.dataset.query !== undefined && button.getAttribute('aria-pressed') !== 'true';
}

/**
 * Holds a request for the island: its answer asked for now, and the island started; `held`
 * carries it out later. A link or a form (a request with a plain way) is not followed now (it is,
 * the plain way, when the island cannot start). The list turns pending when the request is sure
 * to change it (`pending`): on a slow phone the island's code can take a second, and a tap with no
 * sign of it reads as a tap not taken. React, listening on this same element, must not see the
 * event too: a hydrating React replays some events itself, after hydration has reset a
 * dropdown's value, and a toggle handled twice undoes itself.
 */
function hold(
  island: Catcher,
  event: Event,
  address: string | URLSearchParams | undefined,
  held?: WaitingIsland['held'],
  pending = !held || held.fallback !== undefined,
): void {
  event.stopImmediatePropagation();
  if (held?.fallback) event.preventDefault();
  if (pending) markPending(island.el);
  askEarly(island, address);
  if (held) island.held = held;
  begin(island);
}

/** Takes what the visitor did before React was there. */
function record(island: Catcher, event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const { type } = event;
  // A press (`pointerdown`) is asked for by `askAtPress`; it starts the island (`listen`).
  if (type === 'submit' && target instanceof HTMLFormElement) {
    hold(island, event, formAddress(target), {
      island: () => target.requestSubmit(),
      fallback: () => target.submit(),
    });
  } else if ((type === 'change' || type === 'input') && target instanceof HTMLSelectElement) {
    // A dropdown fires `input`, then `change`: hydration may come in between and reset it.
    island.changed.set(target, target.value);
    hold(island, event, target.selectedOptions[0]?.dataset.query);
  } else if (type === 'click') {
    const link = isPlainClick(event) ? listLink(target) : undefined;
    const button = target?.closest('button');
    if (link)
      hold(island, event, pressedAddress(link), {
        island: () => link.click(),
        fallback: () => location.assign(link.href),
      });
    else if (button && button.type !== 'submit')
      hold(island, event, button.dataset.query, { island: () => button.click() }, asksForList(button));
  }
}

/** The HTML holds the first page; the address asks for another: placeholders, then the answer. */
function startAtPaint(island: WaitingIsland): void {
  markPending(island.el);
  // At the paint, not an idle moment later: the visitor is waiting for this answer.
  onFirstPaint(() => void firstTapRuntime().then((runtime) => runtime.startNow(island), reportStale));
}

/** The HTML is the answer: the island waits for the visitor, holding what they do meanwhile. */
function waitForVisitor(island: Catcher): void {
  const { el } = island;
  el.setAttribute(WAITING_ATTRIBUTE, '');
  for (const type of CAUGHT) el.addEventListener(type, island.caught, true);
  listen(island);
  // The runtime and the island's code are downloaded as soon as the page has painted (no idle
  // wait: on a slow phone the main thread is busy for half a second after the paint, and a tap in
  // that time waited for the whole download), and ahead of the web fonts, which wait for the load
  // event and download at low priority; the code is run only on the first interaction.
  onFirstPaint(
    () =>
      void firstTapRuntime().then(
        (runtime) => runtime.prefetch(el),
        () => undefined,
      ),
  );
}

/** The HTML shows what the page's address asks for (then the islands wait for the visitor). */
const prerendered = isPrerenderedQuery(location.search);
// This script runs where Astro writes it, before the first island's HTML: the cards parsed after
// it are placeholders from the first frame that shows them (see markPagePending).
if (!prerendered) markPagePending();

const interaction: ClientDirective = (load, _options, el) => {
  const island: Catcher = { el, load, changed: new Map(), caught: (event) => record(island, event) };
  askAtPress(island);
  if (prerendered) waitForVisitor(island);
  else startAtPaint(island);
};

export default interaction;
