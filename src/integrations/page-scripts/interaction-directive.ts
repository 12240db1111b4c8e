/**
 * `client:interaction`, the list islands' directive. Until an island hydrates, its HTML works on
 * its own: page numbers are plain links and the search form submits as a plain form.
 *
 * - When the address asks for exactly what the HTML shows (first page, no term, all topics:
 *   `isPrerenderedQuery`), the island hydrates on the visitor's first interaction with it
 *   (a pointer over it or pressed on it, focus or a key in it), so a visit that only reads
 *   costs a slow phone no hydration work at all. While it waits, the island carries
 *   `data-hydrate-on-interaction`.
 * - Otherwise (`?page=2`, a term, a topic) the HTML is not what was asked for, and it hydrates
 *   at once: after the first contentful paint and an idle moment (`client:idle` alone can fire
 *   before the first paint on a fast machine, and then the island's JavaScript is downloaded
 *   ahead of the first frame on a slow phone).
 *
 * An interaction that arrives before React does is not lost: a link or a submit button does
 * what it does without JavaScript, and the last click on any other button (an FAQ question, a
 * topic) and a changed `<select>` (the topic dropdown) are played again once the island has
 * hydrated; React hydrates synchronously for them. Text typed into the search box stays (see
 * SearchForm).
 *
 * When the island's files cannot be loaded (the site was deployed anew under an open page), the
 * page says so (NewVersionNotice offers a reload, on `site:stale` or Astro's own
 * `astro:hydration-error`) and the island goes back to waiting, so a later interaction tries
 * again instead of finding it dead.
 */
import type { ClientDirective } from 'astro';
import { afterFirstPaint } from '../../lib/dom/after-first-paint.ts';
import { onInteraction } from '../../lib/dom/visitor-watch.ts';
import { isPrerenderedQuery } from '../../lib/list-query.ts';

export const WAITING_ATTRIBUTE = 'data-hydrate-on-interaction';

/** Tells the page that code it needs is gone (see NewVersionNotice.astro). */
function reportStale(): void {
  dispatchEvent(new Event('site:stale'));
}

const interaction: ClientDirective = (load, _options, el) => {
  if (!isPrerenderedQuery(location.search)) {
    el.addEventListener('astro:hydration-error', reportStale, { once: true });
    afterFirstPaint(async () => (await load())());
    return;
  }
  let clicked: HTMLButtonElement | undefined;
  const changed = new Set<HTMLSelectElement>();
  const record = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === 'change' && target instanceof HTMLSelectElement) changed.add(target);
    const button = target?.closest('button');
    if (event.type === 'click' && button && button.type !== 'submit') clicked = button;
  };
  const listen = () => onInteraction(el, () => void start());
  const start = async () => {
    // Astro's island catches a failed import itself (after one retry), reports it with
    // `astro:hydration-error` and hands back a hydrate that does nothing.
    let failed = false;
    const onError = () => (failed = true);
    el.addEventListener('astro:hydration-error', onError);
    // Only Astro's own report counts: any other error is the island's, not a missing file's.
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeEventListener('astro:hydration-error', onError);
    }
    if (failed) {
      // Links and forms keep working without the island; the next interaction tries again.
      listen();
      reportStale();
      return;
    }
    el.removeEventListener('click', record, true);
    el.removeEventListener('change', record, true);
    el.removeAttribute(WAITING_ATTRIBUTE);
    for (const select of changed)
      if (select.isConnected) select.dispatchEvent(new Event('change', { bubbles: true }));
    if (clicked?.isConnected) clicked.click();
  };
  el.setAttribute(WAITING_ATTRIBUTE, '');
  el.addEventListener('click', record, true);
  el.addEventListener('change', record, true);
  listen();
};

export default interaction;
