/**
 * A list answer asked for before the island that shows it has started. The hydration directive
 * knows what the visitor's first tap asks for (a page, a term, a topic) the moment it is made,
 * while the island's code still has to run; starting the API request then, and letting the
 * island's first request take it, overlaps the two waits instead of adding them up.
 *
 * The directive and the island are separate bundles, so the answer waits on `globalThis`. It is
 * taken once, and only by a request for the very same address: anything else asks the API itself.
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

/**
 * The API address of a list request, from the list's address templates (rendered by the list
 * frame: its API calls with every parameter empty) and the page address asked for: a term asks
 * the search call, anything else the browsing one; each parameter the call has takes the
 * address's value. The same address the island's store builds for a canonical page address.
 */
export function listApiUrl(
  templates: { browse: string; search?: string | undefined },
  address: URLSearchParams,
): string | undefined {
  const template = address.has('term') ? templates.search : templates.browse;
  if (!template) return undefined;
  const url = new URL(template);
  for (const key of [...url.searchParams.keys()]) {
    const value = address.get(key);
    if (value !== null) url.searchParams.set(key, key === 'term' ? value.trim() : value);
  }
  return url.toString();
}
