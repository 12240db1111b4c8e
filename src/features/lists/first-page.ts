/**
 * Build-time: the first page of a list screen as the small props its island receives.
 */
import { getEntry } from 'astro:content';
import { totalPosts } from '../../lib/paging.ts';
import { sanitizeHtmlServer } from '../../lib/html/sanitize.server.ts';
import { contentPictureSrc } from '../../lib/images/card-picture.ts';
import { leadCardPicture } from '../../lib/images/lead-card-picture.ts';
import type { ListId } from '../../lib/routes.ts';
import { compactCardItem, toCardItem } from './list-items.ts';
import { listKinds } from './list-kinds.ts';
import type { ListFirstPage } from './list.store.ts';

export async function loadListEntry(kind: ListId) {
  const entry = await getEntry('lists', kind);
  if (!entry) throw new Error(`목록 데이터가 없습니다: ${kind}`);
  return entry;
}

export async function listFirstPage(
  kind: ListId,
  { belowBanner = false }: { belowBanner?: boolean } = {},
): Promise<ListFirstPage> {
  const { data } = await loadListEntry(kind);
  const topics = data.topics ?? data.first.tags ?? [];
  const items = data.first.objects.map((item) => toCardItem(item, sanitizeHtmlServer, topics, kind));
  // The first card's image is the largest thing on a phone's first screen: when it is small (or
  // the fallback) it travels inside the HTML and the island's props instead of costing a request;
  // an SVG's text is left to a WebP drawn over it (lead-card-picture.ts).
  // Lists whose cards show no picture (FAQ, patents) would only carry it as dead weight, and so
  // would a list below a banner slider, whose first screen is the banner.
  // The others' pictures, and the fallback of those without, are drawn again as WebP files of
  // the site's own (card-picture.ts).
  if (listKinds[kind].cardImages) {
    await Promise.all(
      items.map(async (item, index) => {
        if (index === 0 && !belowBanner) Object.assign(item, await leadCardPicture(item.image));
        else item.image = await contentPictureSrc(item.image);
      }),
    );
  }
  return {
    items: items.map((item) => compactCardItem(item, listKinds[kind].cardFields)),
    total: totalPosts(data.first.paging.page_size),
    // A topic's slug is the API's; the screens show and ask by id and name.
    topics: topics.map(({ id, name }) => ({ id, name })),
    ...(belowBanner && { belowBanner: true }),
  };
}
