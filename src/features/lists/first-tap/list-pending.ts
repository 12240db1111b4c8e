/**
 * A list island whose HTML is not the answer to the address (`?page=2`, a term, a topic), or
 * whose first tap is waiting for the island's code, is *pending*: its pre-rendered cards stay in
 * place as grey placeholders of the same size (the rule is in lists.module.scss), so the visitor
 * never reads the first page as the answer to what they asked. When the address asks, the
 * hydration directive's script marks the page before the island's HTML is parsed, and the
 * island itself once Astro calls the directive; the list frame clears the mark in the same
 * frame in which it shows its own loading state or the answer.
 */

export const PENDING_ATTRIBUTE = 'data-list-pending';

/**
 * Marks `island` pending and tells assistive technology it is busy. On the island element, not
 * on the list region inside it: React owns the region's `aria-busy`, and a value changed before
 * hydration would be a hydration mismatch.
 */
export function markPending(island: Element): void {
  island.setAttribute(PENDING_ATTRIBUTE, '');
  island.setAttribute('aria-busy', 'true');
  // The page's own mark has done its job: from now on the island's is the one that is cleared.
  document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
}

/**
 * Marks the whole page pending, from a script that runs before the island's HTML is parsed.
 * Astro calls an island's directive only once the island's HTML has been parsed to its end, and
 * a browser paints what it has parsed so far whenever its parser yields (on a slow network, at
 * the end of the first round trip's bytes; on a busy phone, at any task boundary): without this
 * mark, that frame shows the pre-rendered cards as the answer. `markPending` moves it to the
 * island.
 */
export function markPagePending(): void {
  document.documentElement.setAttribute(PENDING_ATTRIBUTE, '');
}

/** Clears the mark of the pending island around `node`, if there is one. */
export function clearPending(node: Element): void {
  const island = node.closest(`[${PENDING_ATTRIBUTE}]`);
  island?.removeAttribute(PENDING_ATTRIBUTE);
  island?.removeAttribute('aria-busy');
}

/**
 * Sent (bubbling) by a list island once React handles its events: only then can a request held
 * by the directive be handed over. React does hydrate an island synchronously for some events
 * dispatched before it is done, but not for a form's submission, which would then leave the page.
 */
export const LIST_READY_EVENT = 'list:ready';
