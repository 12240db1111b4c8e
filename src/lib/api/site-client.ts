/** The browser's content API client, bound to the API host of `PUBLIC_CONTENT_API_URL`. */
import { PUBLIC_CONTENT_API_URL } from 'astro:env/client';
import { createApiClient, type ApiClient } from './client.ts';

/** A client of the site's API host; `fetch` replaces the browser's (the lists' early answer). */
export function siteApi(fetch?: typeof globalThis.fetch): ApiClient {
  return createApiClient({ baseUrl: PUBLIC_CONTENT_API_URL, ...(fetch && { fetch }) });
}
