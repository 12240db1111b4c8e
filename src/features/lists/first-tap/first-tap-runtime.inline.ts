/**
 * The half of a list island's first tap that can wait for the page to paint (see
 * waiting-island.ts): the early API request, the download of the island's code and its start,
 * and handing over what the visitor did meanwhile. An `.inline.ts` module (see
 * src/integrations/page-scripts/README.md): it carries its own copies of what it imports, so it
 * is one file, one round trip, on the first tap of a first visit.
 */
import { startEarly } from '../../../lib/dom/early-requests.ts';
import { loadWebFontsBesideLists } from '../../../lib/fonts/load-fonts.ts';
import { listApiUrl } from './list-address.ts';
import { LIST_READY_EVENT } from './list-pending.ts';
import { prefetchModules, visitorInteracts } from './prefetch-modules.ts';
import { CAUGHT, WAITING_ATTRIBUTE, type FirstTapRuntime, type WaitingIsland } from './waiting-island.ts';

// A list page leaves the first visit's web font download to this file (BaseLayout's `webFonts`):
// here it steps aside whenever the list waits for an answer.
loadWebFontsBesideLists();

/** Tells the page that code it needs is gone (see NewVersionNotice.astro). */
function reportStale(): void {
  dispatchEvent(new Event('site:stale'));
}

/**
 * Asks the API now for what the page address `address` shows, from the list frame's templates
 * (request-templates.ts, filled by list-address.ts), so the island's first request finds the answer under way.
 */
export function askEarly(island: Element, address: string | URLSearchParams | undefined): void {
  const frame = island.querySelector('[data-api-browse]');
  if (!frame || address === undefined) return;
  const templates = {
    browse: frame.getAttribute('data-api-browse')!,
    search: frame.getAttribute('data-api-search') ?? undefined,
  };
  startEarly(listApiUrl(templates, new URLSearchParams(address)), {
    headers: { Accept: 'application/json' },
  });
}

const prefetched = new WeakMap<Element, Promise<void>>();

/**
 * Downloads the island's code once (`prefetchModules`), without running it. Hydration waits for
 * it, so that its imports find the files in the cache instead of downloading them a second time
 * beside the prefetch on a slow network.
 */
export function prefetch(el: Element): Promise<void> {
  let done = prefetched.get(el);
  if (!done) {
    done = prefetchModules(
      ['component-url', 'renderer-url'].flatMap((name) => el.getAttribute(name) ?? []),
      { lazy: el.querySelector('[data-lazy-code]') !== null, interaction: visitorInteracts(document, el) },
    );
    prefetched.set(el, done);
  }
  return done;
}

/** An island whose address is not what its HTML shows: its answer and its code, at once. */
export async function startNow(island: WaitingIsland): Promise<void> {
  askEarly(island.el, location.search);
  island.el.addEventListener('astro:hydration-error', reportStale, { once: true });
  await (
    await island.load()
  )();
}

/**
 * Starts a waiting island and hands it what the visitor did meanwhile. Resolves to `false` when
 * its code could not be loaded (the directive then lets the visitor go on without it).
 */
export async function start(island: WaitingIsland): Promise<boolean> {
  const { el } = island;
  await prefetch(el);
  // Astro's island catches a failed import itself (after one retry), reports it with
  // `astro:hydration-error` and hands back a hydrate that does nothing.
  let failed = false;
  const onError = () => (failed = true);
  const ready = new Promise<void>((resolve) =>
    el.addEventListener(LIST_READY_EVENT, () => resolve(), { once: true }),
  );
  el.addEventListener('astro:hydration-error', onError);
  // Only Astro's own report counts: any other error is the island's, not a missing file's.
  try {
    const hydrate = await island.load();
    await hydrate();
  } finally {
    el.removeEventListener('astro:hydration-error', onError);
  }
  if (failed) return false;
  el.removeAttribute(WAITING_ATTRIBUTE);
  // Until React handles events itself, taps are still held, then handed over.
  await ready;
  for (const type of CAUGHT) el.removeEventListener(type, island.caught, true);
  for (const [select, value] of island.changed) {
    if (!select.isConnected) continue;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  island.held?.island();
  return true;
}

// The directive imports this module and knows it by `FirstTapRuntime` alone: held to it here.
({ askEarly, prefetch, startNow, start }) satisfies FirstTapRuntime;
