/**
 * The addresses the site falls back to when the environment names none, written once for
 * `astro.config.mjs`, the site config, the build's API client, the CSP and the scripts (the
 * reference content server, `npm start`, the rebuild, the test servers).
 */

/** Public address of the site when `SITE_URL` is not set: canonical URLs, the sitemap, share links. */
export const DEFAULT_SITE_URL = 'https://www.insighthire.example';

/** Port of the reference content server (`scripts/content-api`) when `CONTENT_API_PORT` is not set. */
export const DEFAULT_CONTENT_API_PORT = 8787;

/** The content API when `PUBLIC_CONTENT_API_URL` is not set: the reference server on this machine. */
export const DEFAULT_CONTENT_API_URL = `http://127.0.0.1:${DEFAULT_CONTENT_API_PORT}`;
