/** `/robots.txt`: everything may be crawled; the sitemap's address comes from the configured `site`. */
import type { APIRoute } from 'astro';
import { siteConfig } from '../config/site.ts';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? siteConfig.siteUrl).toString();
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
