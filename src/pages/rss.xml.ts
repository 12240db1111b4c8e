/** `/rss.xml`: the HR stories as an RSS 2.0 feed, newest first, linked from every page's <head>. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { siteConfig } from '../config/site.ts';
import { t } from '../i18n/index.ts';
import { feedSelfLink, RSS_NAMESPACES, rssItems } from '../lib/seo/rss-items.ts';

export const GET: APIRoute = async ({ site }) => {
  const stories = await getCollection('hrStories');
  const siteUrl = site ?? new URL(siteConfig.siteUrl);
  return rss({
    title: `${siteConfig.brand} ${t('rss.title')}`,
    description: t('rss.description'),
    site: siteUrl,
    items: rssItems(
      stories.map((entry) => ({ id: entry.id, item: entry.data.item, detail: entry.data.detail })),
    ),
    customData: `<language>ko-KR</language>${feedSelfLink(new URL('/rss.xml', siteUrl).href)}`,
    xmlns: RSS_NAMESPACES,
    trailingSlash: true,
  });
};
