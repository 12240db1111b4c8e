/**
 * A page opened at a section's address (`/#results`) whose styles for what is below its first
 * screen arrive later (later-styles.ts): the browser scrolled to the section with the page laid
 * out without them, so once they are in, the section is brought back under the header. Fetched
 * only then, as a file of its own: every page's HTML must fit the first round trip.
 */

/** Resolves once `link`'s stylesheet is in (or failed). */
function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/** The visitor's own moves, and a jump to another section: either ends the hold. */
const VISITOR_MOVES = ['wheel', 'touchmove', 'keydown', 'pointerdown', 'hashchange'] as const;

/**
 * How long the section is held in place once the styles are in: the jump may have started a
 * smooth scroll (`scroll-behavior: smooth`) toward where the section was without them, and that
 * scroll, still on its way, would carry the page past it.
 */
export const HOLD_MS = 1000;

/**
 * Brings `target` back to the top of the view once `links` are loaded, and keeps it there for
 * {@link HOLD_MS}, unless the visitor moves (scrolls, presses a key, touches the page) or the
 * address names another section.
 */
export function keepFragmentInPlace(
  links: HTMLLinkElement[],
  target: Element,
  doc: Document = document,
): void {
  const win = doc.defaultView!;
  // A jump to another section changes the address at once and starts its (smooth) scroll, but its
  // `hashchange` event comes a task later; one frame of the hold in between would cancel the jump.
  const address = doc.location.hash;
  let moved = false;
  const onMove = () => (moved = true);
  for (const type of VISITOR_MOVES) win.addEventListener(type, onMove, { once: true, passive: true });
  const stop = () => {
    for (const type of VISITOR_MOVES) win.removeEventListener(type, onMove);
  };
  void Promise.all(links.map(loaded)).then(() => {
    const until = win.performance.now() + HOLD_MS;
    const hold = () => {
      if (moved || doc.location.hash !== address) return stop();
      target.scrollIntoView({ behavior: 'instant', block: 'start' });
      if (win.performance.now() < until) win.requestAnimationFrame(hold);
      else stop();
    };
    hold();
  });
}
