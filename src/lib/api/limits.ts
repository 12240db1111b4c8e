/**
 * Limits of the content API contract, in a module with no imports so that code which only needs
 * a number (address parsing on detail pages) does not pull the schemas into the browser.
 */

/** Longest search term the API accepts; longer ones get 400. */
export const MAX_TERM_LENGTH = 200;
