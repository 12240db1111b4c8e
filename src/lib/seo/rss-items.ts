/** The feed items of the HR stories (pure, so the feed's content is unit-tested without a build). */
import type { RSSFeedItem } from '@astrojs/rss';
import type { BlogDetail, ContentItem } from '../api/schemas.ts';

/**
 * Namespaces on the feed's root: Dublin Core for the items' `<dc:creator>`, Atom for the
 * channel's `<atom:link rel="self">`.
 */
export const RSS_NAMESPACES = { dc: 'http://purl.org/dc/elements/1.1/', atom: 'http://www.w3.org/2005/Atom' };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The channel's own address (`<atom:link rel="self">`), which RSS 2.0 lacks: the W3C feed
 * validator asks for it, and a reader that got the feed through a redirect or a copy learns
 * where to fetch it again.
 */
export function feedSelfLink(feedUrl: string): string {
  return `<atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`;
}

export interface StoryForFeed {
  id: string;
  item: ContentItem;
  detail: BlogDetail;
}

/** One item per story, newest first: title, link `/info/blog/{id}/`, date, summary, byline (`dc:creator`) and topics. */
export function rssItems(stories: StoryForFeed[]): RSSFeedItem[] {
  return stories
    .map(({ id, item, detail }) => ({
      title: detail.title,
      link: `/info/blog/${encodeURIComponent(id)}/`,
      pubDate: new Date(item.created_time || detail.date),
      ...(item.meta_description ? { description: item.meta_description } : {}),
      // RSS's own <author> must be an e-mail address; the byline goes in Dublin Core's creator.
      ...(detail.author.trim()
        ? { customData: `<dc:creator>${escapeXml(detail.author.trim())}</dc:creator>` }
        : {}),
      categories: detail.tags.map((tag) => tag.trim()).filter(Boolean),
    }))
    .filter((entry) => !Number.isNaN(entry.pubDate.getTime()))
    .sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime());
}
