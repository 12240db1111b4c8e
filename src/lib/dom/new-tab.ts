/**
 * Link attributes for a destination off the site: a new tab, without opener or referrer. The one
 * place they are written: components, islands and the HTML sanitisers take them from here.
 */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The new-tab attributes when `external` (a link that leaves the site), else none. */
export function newTabProps(external = true): { target?: string; rel?: string } {
  return external ? NEW_TAB : {};
}

/** Opens `href` in a new tab from script, with the same guarantees as {@link NEW_TAB}. */
export function openInNewTab(href: string): void {
  window.open(href, NEW_TAB.target, NEW_TAB.rel.replace(' ', ','));
}
