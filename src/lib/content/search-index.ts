/**
 * The site search's index for this build, made once from the content collections (the same
 * content the pages are built from) and shared by the entry's and the hashed files' endpoints and
 * the header, whose search form names the base (`searchShardHint`).
 * Over the previous release's index when `SEARCH_PREVIOUS_INDEX` names its root (the rebuild
 * sets it), so that a publish rewrites little of it; the rebuild's own copy of the same index
 * when `SEARCH_PREBUILT_INDEX` names one made of the same documents (prebuilt-index.ts).
 */
import { getCollection } from 'astro:content';
import { shardHintOf } from '../search/format/shard-names.ts';
import { buildSearchIndex, type BuiltIndex } from '../search/index/build-index.ts';
import {
  indexInputDigest,
  readPrebuiltIndex,
  SEARCH_PREBUILT_INDEX_ENV,
} from '../search/index/prebuilt-index.ts';
import { siteSearchDocs } from './search-docs.ts';
import { previousIndexOptions, SEARCH_PREVIOUS_INDEX_ENV } from '../search/index/previous-index.ts';
import type { ListId } from '../routes.ts';
import type { ContentItem } from '../api/schemas.ts';

let built: Promise<BuiltIndex> | undefined;

async function make() {
  const [listItems, hrStories, successStories, patents] = await Promise.all([
    getCollection('listItems'),
    getCollection('hrStories'),
    getCollection('successStories'),
    getCollection('patents'),
  ]);
  const lists: Partial<Record<ListId, ContentItem[]>> = {};
  for (const entry of listItems) lists[entry.id as ListId] = entry.data.items;
  const docs = siteSearchDocs({
    cardLists: lists,
    hrStories: hrStories.map(({ id, data }) => ({ id, item: data.item, detail: data.detail })),
    successStories: successStories.map(({ id, data }) => ({ id, item: data.item, detail: data.detail })),
    patents: patents.map(({ id, data }) => ({ id, item: data.item, detail: data.detail })),
  });
  const previousRoot = process.env[SEARCH_PREVIOUS_INDEX_ENV] || undefined;
  const input = indexInputDigest(docs, previousRoot);
  return (
    readPrebuiltIndex(process.env[SEARCH_PREBUILT_INDEX_ENV], input) ??
    buildSearchIndex(docs, previousIndexOptions(previousRoot))
  );
}

/** The index of this build's content (made on first use). */
export function buildIndex() {
  built ??= make();
  return built;
}

/** The base's hint for a page's searcher (`shardHintOf`): the header carries it. */
export async function searchShardHint(): Promise<string | null> {
  return shardHintOf((await buildIndex()).entry);
}

/**
 * The previous release's index files this build no longer serves because they held text the
 * content took out (`BuiltIndex.withdrawn`): for the publish to drop from the deploy pool and
 * purge from the CDN. Empty without a usable previous index.
 */
export async function withdrawnSearchFiles(): Promise<string[]> {
  return (await buildIndex()).withdrawn;
}
