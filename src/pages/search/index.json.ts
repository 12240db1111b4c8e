/**
 * `/search/index.json`: the site search's entry file (format 4: a header of constant size), cached
 * like a page (it names the other files).
 */
import type { APIRoute } from 'astro';
import { buildIndex } from '../../lib/content/search-index.ts';

export const GET: APIRoute = async () => {
  const { entry } = await buildIndex();
  return new Response(JSON.stringify(entry), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
