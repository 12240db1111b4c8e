/**
 * The id a page's first paint waits for by default (BaseLayout's `firstScreenEnd`): the first
 * element after the first screen, which Chromium's `rel=expect` counts as there once its start
 * tag is parsed. The site's footer comes after every page's main content; a long page names the
 * section after its FirstScreenEnd mark instead.
 */
export const SITE_FOOTER = 'site-footer';
