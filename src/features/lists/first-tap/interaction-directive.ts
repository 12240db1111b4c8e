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
 *   is asked for at once (early-answer.ts), and it hydrates after the first contentful paint
 *   and an idle moment (`client:idle` alone can fire before the first paint on a fast machine,
 *   and then the island's JavaScript is downloaded ahead of the first frame on a slow phone).
 *
 * The first request made before React is there is caught rather than lost or turned into a page
 * load: a page link or a search is held (no navigation; the list shows its placeholders at
 * once), and its API request starts at once (early-answer.ts: the island's first request takes
 * it, so the network and the island's start-up overlap). It is handed to the island, as is the
 * last click on any other button (an FAQ category, a topic) and a changed `<select>` (the topic
 * dropdown), once the island says React handles its events (`LIST_READY_EVENT`). Text typed
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
import { firstTapRuntime, WAITING_ATTRIBUTE, type WaitingIsland } from './waiting-island.ts';
import { onFirstPaint } from '../../../lib/dom/after-first-paint.ts';
import { clearPending, markPagePending, markPending } from '../../../lib/dom/list-pending.ts';
import { onInteraction } from '../../../lib/dom/visitor-watch.ts';
import { isPrerenderedQuery } from '../../../lib/list-query.ts';

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
function isListLink(target: Element | null): target is HTMLAnchorElement {
  const link = target?.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target) return false;
  const url = new URL(link.href);
  return url.origin === location.origin && url.pathname === location.pathname;
}

/** What a press on `target` asks the list for: a page link's query, a category's or topic's. */
const pressedAddress = (target: Element | null) =>
  isListLink(target) ? new URL(target.closest('a')!.href).search : target?.closest('button')?.dataset.query;

// This script runs where Astro writes it, before the first island's HTML: the cards parsed after
// it are placeholders from the first frame that shows them (see markPagePending).
if (!isPrerenderedQuery(location.search)) markPagePending();

const interaction: ClientDirective = (load, _options, el) => {
  const island: WaitingIsland = {
    el,
    load,
    changed: new Map(),
    stopHolding: () => {
      for (const type of CAUGHT) el.removeEventListener(type, record, true);
    },
  };
  /** Asks the API now for what the page address `address` shows (the runtime's `askEarly`). */
  const ask = (address: string | URLSearchParams | undefined) =>
    void firstTapRuntime().then(
      (runtime) => runtime.askEarly(el, address),
      () => undefined,
    );
  if (!isPrerenderedQuery(location.search)) {
    // The HTML holds the first page; the address asks for another: placeholders, not a stale answer.
    markPending(el);
    // At the paint, not an idle moment later: the visitor is waiting for this answer.
    onFirstPaint(() => void firstTapRuntime().then((runtime) => runtime.startNow(island), reportStale));
    return;
  }
  /** Whether the island is starting (or has started): it is started once, however it is asked. */
  let started = false;
  let stopListening: (() => void) | undefined;
  const listen = () => (stopListening = onInteraction(el, begin));
  /**
   * The island's code (or the runtime) could not be loaded. Links and forms work without the
   * island: a held one is done the plain way (a new page load, which also brings the new
   * release's files). The rest waits for the next interaction, which tries again.
   */
  const fail = () => {
    const fallback = island.held?.fallback;
    island.held = undefined;
    started = false;
    clearPending(el);
    reportStale();
    if (fallback) fallback();
    else listen();
  };
  const begin = () => {
    if (started) return;
    started = true;
    stopListening?.();
    // An error of the island's own (not a missing file) is not the visitor's way out.
    void firstTapRuntime().then((runtime) => runtime.start(island).then((ok) => ok || fail()), fail);
  };
  const record = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    /**
     * Held for the island: React, listening on this same element, must not see it too (a
     * hydrating React replays some events itself, after hydration has reset a dropdown's value,
     * and a toggle handled twice undoes itself).
     */
    const hold = () => event.stopImmediatePropagation();
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      event.preventDefault();
      hold();
      markPending(el);
      ask(new URLSearchParams(new FormData(target) as unknown as Record<string, string>));
      island.held = { island: () => target.requestSubmit(), fallback: () => target.submit() };
      begin();
      return;
    }
    // A dropdown fires `input`, then `change`: hydration may come in between and reset it.
    if ((event.type === 'change' || event.type === 'input') && target instanceof HTMLSelectElement) {
      island.changed.set(target, target.value);
      hold();
      markPending(el);
      ask(target.selectedOptions[0]?.dataset.query);
      begin();
      return;
    }
    if (event.type === 'pointerdown') {
      // The click that ends this press comes only after the island's first code has run (the
      // press also starts it): on a slow phone that is tens of milliseconds the request can have.
      if (isPlainClick(event)) ask(pressedAddress(target));
      return;
    }
    if (event.type !== 'click') return;
    if (isListLink(target) && isPlainClick(event)) {
      event.preventDefault();
      hold();
      markPending(el);
      const link = target.closest('a')!;
      ask(pressedAddress(target));
      island.held = { island: () => link.click(), fallback: () => location.assign(link.href) };
      begin();
      return;
    }
    const button = target?.closest('button');
    if (button && button.type !== 'submit') {
      hold();
      ask(pressedAddress(target));
      island.held = { island: () => button.click() };
      begin();
    }
  };
  el.setAttribute(WAITING_ATTRIBUTE, '');
  for (const type of CAUGHT) el.addEventListener(type, record, true);
  listen();
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
};

/** What is caught before the island is there. */
const CAUGHT = ['pointerdown', 'click', 'submit', 'input', 'change'] as const;

export default interaction;
