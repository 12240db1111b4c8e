/**
 * `/search-index/<file>.json`: the site search's term shards, fragments and delta
 * (src/lib/search/FORMAT.md). A name never holds other content (its base's id, or its own hash),
 * so the folder is cached forever (`public/_headers`) and an unchanged file is restored from the
 * incremental build's cache.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { buildIndex } from '../../lib/content/search-index.ts';

export const getStaticPaths = (async () => {
  const { files } = await buildIndex();
  return files.map(({ name, body }) => {
    const file = name.replace(/\.json$/, '');
    return { params: { file }, props: { body }, cacheKey: file };
  });
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ body: string }> = ({ props }) =>
  new Response(props.body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
