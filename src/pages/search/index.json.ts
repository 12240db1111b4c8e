/** `/search/index.json`: the site search's entry file, cached like a page (it names the hashed files). */
import type { APIRoute } from 'astro';
import { buildIndex } from '../../lib/content/search-index.ts';

export const GET: APIRoute = async () => {
  const { entry } = await buildIndex();
  return new Response(JSON.stringify(entry), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
