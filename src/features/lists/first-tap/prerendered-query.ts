/**
 * Whether an address asks for exactly what a list page's HTML shows: the first page, no search
 * term (not even an empty one), all topics; other parameters do not count. The same answer as
 * `parseListQuery` (tested), written out because it is inlined into every list page (the
 * `client:interaction` directive) and `parseListQuery` is three times its size.
 */
export function isPrerenderedQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return (
    !params.has('term') &&
    !/^\d{1,9}$/.test(params.get('topic_id')?.trim() ?? '') &&
    !/^0*([2-9]|[1-9]\d+)$/.test(params.get('page')?.trim() ?? '')
  );
}
