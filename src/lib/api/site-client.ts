/** The browser's content API client, bound to the configured API host. */
import { siteConfig } from '../../config/site';
import { createApiClient } from './client.ts';
import { takeEarlyAnswer } from './early-answer.ts';

export const api = createApiClient({
  baseUrl: siteConfig.apiBaseUrl,
  // A list's first request may already be under way, started by the first tap (early-answer.ts).
  fetch: (input, init) => takeEarlyAnswer(String(input), init?.signal) ?? fetch(input, init),
});
