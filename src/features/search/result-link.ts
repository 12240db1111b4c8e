/**
 * How a result links: pages of this site in place, news articles and videos (addresses on other
 * hosts) in a new tab like the lists open them (`newTabProps`). An address that is not http(s)
 * (`javascript:`, say, from a hostile item) is never followed.
 */
import { newTabProps } from '../../lib/dom/new-tab.ts';

export interface ResultLink {
  href: string;
  external: boolean;
}

/** Where a result with `url` leads, seen from a page at `origin`. */
export function resultLink(url: string, origin: string): ResultLink {
  try {
    const resolved = new URL(url, origin);
    if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:')
      return { href: '#', external: false };
    const external = resolved.origin !== origin;
    return { href: external ? resolved.href : resolved.pathname + resolved.search + resolved.hash, external };
  } catch {
    return { href: '#', external: false };
  }
}

/** The anchor attributes for `link`. */
export function linkProps(link: ResultLink): { href: string; target?: string; rel?: string } {
  return { href: link.href, ...newTabProps(link.external) };
}
