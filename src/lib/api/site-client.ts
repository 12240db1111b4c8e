/** The browser's content API client, bound to the configured API host. */
import { siteConfig } from '../../config/site';
import { createApiClient } from './client.ts';

export const api = createApiClient({ baseUrl: siteConfig.apiBaseUrl });
