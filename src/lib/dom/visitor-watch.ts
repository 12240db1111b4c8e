/**
 * The signals the site's start-later code waits for before it does work a plain page load does
 * not need: the visitor comes to an element (a pointer, focus or a key: `onInteraction`) or is at
 * the page at all (`onPageInteraction`), or scrolls an element near the screen (`onApproach`).
 * The list islands' hydration directive, the slider loader and the waiting pictures share them
 * (see src/integrations/page-scripts/README.md).
 */

/** What counts as coming to an element: a pointer over it or pressed on it, focus or a key in it. */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Calls `start` once, on the first interaction with `element` (`INTERACTION_EVENTS`). Returns a
 * function that stops watching (calling it after `start` ran does nothing).
 */
export function onInteraction(element: EventTarget, start: () => void): () => void {
  const stop = () => {
    for (const type of INTERACTION_EVENTS) element.removeEventListener(type, handle);
  };
  const handle = () => {
    stop();
    start();
  };
  for (const type of INTERACTION_EVENTS) element.addEventListener(type, handle, { passive: true });
  return stop;
}

/**
 * What says a visitor is at the page, not only loading it: a touch, a pointer moving or pressed,
 * focus, a key or a wheel. An element's interaction (`INTERACTION_EVENTS`) starts with a pointer
 * coming over it; on the page a mouse already inside it only moves.
 */
export const PAGE_INTERACTION_EVENTS = [
  'touchstart',
  'pointermove',
  'pointerdown',
  'focusin',
  'keydown',
  'wheel',
] as const;

/**
 * Calls `start` once, on the visitor's first interaction anywhere in `page`
 * (`PAGE_INTERACTION_EVENTS`) but inside `except`. Returns a function that stops watching.
 */
export function onPageInteraction(page: EventTarget, start: () => void, except?: Element): () => void {
  const watch = new AbortController();
  const handle = (event: Event) => {
    if (except && event.target instanceof Node && except.contains(event.target)) return;
    watch.abort();
    start();
  };
  for (const type of PAGE_INTERACTION_EVENTS)
    page.addEventListener(type, handle, { capture: true, passive: true, signal: watch.signal });
  return () => watch.abort();
}

/**
 * Calls `near(element)` once for each element, when it comes within `margin` (an
 * IntersectionObserver `rootMargin`, e.g. `'600px 0px'`) of the screen; an element already there
 * when watching starts counts at once. Where the browser has no IntersectionObserver every
 * element counts as near at once. Returns a function that stops watching the elements not yet
 * reached.
 */
export function onApproach(
  elements: Iterable<Element>,
  margin: string,
  near: (element: Element) => void,
): () => void {
  if (typeof IntersectionObserver !== 'function') {
    for (const element of elements) near(element);
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        near(entry.target);
      }
    },
    { rootMargin: margin },
  );
  for (const element of elements) observer.observe(element);
  return () => observer.disconnect();
}
