/** Link attributes for a destination off the site: a new tab, without opener or referrer. */
export function newTabProps(external: boolean): { target?: string; rel?: string } {
  return external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
