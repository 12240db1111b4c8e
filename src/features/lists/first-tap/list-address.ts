/**
 * The one rule that turns a page address (`?page=2&term=…`) into a list's API call. The store
 * follows it with the endpoint table (request-templates.ts: `listCall`); the first-tap runtime,
 * which must stay small and has no endpoint table, follows it on the call's address templates
 * that the list frame renders (`listApiUrl`). So an early answer is asked for at the very address
 * the island's first request asks for, by construction.
 */

/** A list's calls: one for browsing (pages, topics) and, for a list with a search box, one for searching. */
export interface ListCalls<T> {
  browse: T;
  search?: T | undefined;
}

/** The call a page address asks for: a term the searching one (when the list has one), else browsing. */
export function chosenCall<T>(calls: ListCalls<T>, address: URLSearchParams): T {
  return (address.has('term') && calls.search) || calls.browse;
}

/**
 * The value of each of a call's parameters `keys` for a page address: the address's own (a term
 * trimmed, as the search box sends it), else `missing(key)`.
 */
export function callValues(
  keys: Iterable<string>,
  address: URLSearchParams,
  missing: (key: string) => string,
): [string, string][] {
  return [...keys].map((key) => {
    const value = address.get(key);
    if (value === null) return [key, missing(key)];
    return [key, key === 'term' ? value.trim() : value];
  });
}

/**
 * The API address of a list request, from the frame's templates (the list's calls for its first
 * page: request-templates.ts): each parameter a template has takes the page address's value,
 * else keeps the first page's.
 */
export function listApiUrl(templates: ListCalls<string>, address: URLSearchParams): string {
  const url = new URL(chosenCall(templates, address));
  for (const [key, value] of callValues([...url.searchParams.keys()], address, (key) =>
    url.searchParams.get(key)!,
  ))
    url.searchParams.set(key, value);
  return url.toString();
}
