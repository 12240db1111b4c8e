/**
 * The footer's id, which a page's first paint waits for by default (BaseLayout's
 * `firstScreenEnd`): Chromium's `rel=expect` lets the page paint once that element's start tag is
 * parsed, and the footer comes after every page's main content. The home names the section after
 * its banner instead.
 */
export const SITE_FOOTER = 'site-footer';
