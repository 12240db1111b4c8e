/**
 * Requests started before the code that reads them has arrived: a list's first tap asks the API
 * while the island's code still runs (features/lists/first-tap/), the header's search shortcut
 * asks for the index's entry and the typed words' term shards while the dialog's code is on its
 * way (features/search/search-shortcut.inline.ts). Starting the request early and letting the
 * reader's own request for the same address take it overlaps the two waits instead of adding
 * them up.
 *
 * One registry for the whole site, by address. It lives on `globalThis` under one registered
 * symbol because the inline scripts and the chunks that read their requests each carry their own
 * copy of this module, and the copies must share one map. A request is taken once (a response's
 * body can be read only once): the next reader of the same address, a retry included, asks the
 * network itself.
 */
// Short: the header's shortcut script carries it in every page's first round trip.
const REGISTRY = Symbol.for('ih:early');

type Registry = Map<string, Promise<Response>>;

const registry = (): Registry =>
  ((globalThis as unknown as Record<symbol, Registry | undefined>)[REGISTRY] ??= new Map());

/**
 * Starts the request for `url` now, for a reader to come; one already waiting for the same
 * address is kept instead (a dropdown's pick fires `input`, then `change`, and two requests would
 * share a slow network and both arrive late).
 */
export function startEarly(url: string, init?: RequestInit): void {
  const requests = registry();
  if (requests.has(url)) return;
  const response = fetch(url, init);
  requests.set(url, response);
  // Never taken (the reader asked for another address): its failure is nobody's business.
  response.catch(() => {});
}

/**
 * The request started early for exactly `url`, given out once; `undefined` when there is none.
 * `signal` aborts the wait as it would the request.
 */
export function takeEarly(url: string, signal?: AbortSignal | null): Promise<Response> | undefined {
  const requests = registry();
  const early = requests.get(url);
  requests.delete(url);
  if (!early || !signal) return early;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    early.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** `fetch`, but a request whose address was started early takes that request. */
export const fetchEarly: typeof fetch = (input, init) =>
  takeEarly(String(input), init?.signal) ?? fetch(input, init);
