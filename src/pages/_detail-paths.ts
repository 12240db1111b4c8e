/**
 * `getStaticPaths` of the three pre-rendered detail routes (/info/blog/[id], /cad_archive/[id],
 * /info/patent/[tag]): a page per entry of the route's collection, named by the entry's id in
 * the route's one parameter, with the entry as its prop and the entry's digest as its cache key.
 */
import { getCollection } from 'astro:content';
import { cacheKeyOf } from '../features/detail/cache-key.ts';

/** The paths of the detail route over `collection` whose parameter is `param`. */
export async function detailPaths<C extends 'hrStories' | 'successStories' | 'patents'>(
  collection: C,
  param: 'id' | 'tag',
) {
  const entries = await getCollection(collection);
  return entries.map((entry) => ({ params: { [param]: entry.id }, props: { entry }, ...cacheKeyOf(entry) }));
}
