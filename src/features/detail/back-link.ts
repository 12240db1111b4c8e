/**
 * The `목록으로` address of a detail page: the list it belongs to, at the page (and, for HR
 * stories, the topic) the visitor came from. List cards link details with
 * `?page=N&topic_id=T&name=…` (list-query.ts `withListContext`); this reads them back.
 */
import { parseListQuery, serializeListQuery } from '../../lib/list-query.ts';
import { detailRoutes, type DetailKind } from '../../lib/routes.ts';

/** The back link for a detail page whose own address query is `search`. */
export function backLinkHref(kind: DetailKind, search: string): string {
  const config = detailRoutes[kind];
  const params = new URLSearchParams(search);
  if (!params.has('page') && !(config.carries === 'page-topic' && params.has('topic_id')))
    return config.listPath;
  const query = parseListQuery(params);
  const carried =
    config.carries === 'page-topic'
      ? { ...query, term: null }
      : { page: query.page, term: null, topicId: null, name: '' };
  return `${config.listPath}${serializeListQuery(carried)}`;
}
