/**
 * A list answer asked for before the island that shows it has started. The hydration directive
 * knows what the visitor's first tap asks for (a page, a term, a topic) the moment it is made,
 * while the island's code still has to run; starting the API request then, and letting the
 * island's first request take it, overlaps the two waits instead of adding them up.
 *
 * This module is the hand-off: the first-tap runtime starts the answer (`startEarlyAnswer`), the
 * site's API client takes it (`fetchWithEarlyAnswer`). The two import it into separate bundles
 * (the runtime is an `.inline.ts` file that carries its own copy), so a module variable would be
 * two variables: the answer waits in one slot on `globalThis`, which only this module touches. It
 * is taken once, and only by a request for the very same address: anything else asks the API itself.
 */

interface EarlyAnswer {
  url: string;
  response: Promise<Response>;
}

const SLOT = Symbol.for('insighthire.earlyListAnswer');
type Slot = { [SLOT]?: EarlyAnswer | undefined };

/**
 * Starts the request for `url` (as the API client would make it) and keeps it for the island;
 * one already waiting for the same address is kept instead (a dropdown's pick fires `input`,
 * then `change`, and two requests would share a slow network and both arrive late).
 */
export function startEarlyAnswer(url: string): void {
  if ((globalThis as Slot)[SLOT]?.url === url) return;
  const response = fetch(url, { headers: { Accept: 'application/json' } });
  // Not taken (the island asked for something else): its failure is nobody's business.
  response.catch(() => undefined);
  (globalThis as Slot)[SLOT] = { url, response };
}

/**
 * The early answer for `url`, if one was started for exactly that address; it is given out
 * once, and any call empties the slot. `signal` aborts the wait as it would the request.
 */
export function takeEarlyAnswer(url: string, signal?: AbortSignal | null): Promise<Response> | undefined {
  const slot = globalThis as Slot;
  const early = slot[SLOT];
  slot[SLOT] = undefined;
  if (!early || early.url !== url) return undefined;
  if (!signal) return early.response;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    early.response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** `fetch`, but a request whose address an early answer was started for takes that answer. */
export const fetchWithEarlyAnswer: typeof fetch = (input, init) =>
  takeEarlyAnswer(String(input), init?.signal) ?? fetch(input, init);
