/**
 * What the site search indexes: every item of every list the site publishes and the site's own
 * pages, as plain text. Addresses are only ever the ones the site already decided (`itemHref`,
 * the list and page routes): the search links where the lists and the navigation link.
 */
import type { BlogDetail, ContentItem, PatentDetail } from '../api/schemas.ts';
import { itemHref } from '../api/item-address.ts';
import { sanitizeHtmlServer } from '../html/sanitize.server.ts';
import { plainTextOfHtml } from '../search/index/plain-text.ts';
import { listRoutes, type ListId } from '../routes.ts';
import { products, productSlugs } from '../../data/products.ts';
import { whitepaper } from '../../data/whitepaper.ts';
import { operation } from '../../data/operation.ts';
import type { SearchDoc, SearchType } from '../search/format/types.ts';

/** An HR or success story as the loaders fetch it (`ArticleData`). */
export interface ArticleContent {
  id: string;
  item: ContentItem;
  detail: BlogDetail;
}

/** A patent as the loaders fetch it (`PatentData`). */
export interface PatentContent {
  id: string;
  item: ContentItem;
  detail: PatentDetail['list'];
}

export interface SiteContent {
  /** Every item of the lists without detail pages (news, videos, seminars, FAQ). */
  cardLists: Partial<Record<ListId, readonly ContentItem[]>>;
  hrStories: readonly ArticleContent[];
  successStories: readonly ArticleContent[];
  patents: readonly PatentContent[];
}

const TYPE_OF_LIST: Record<ListId, SearchType> = {
  news: 'news',
  video: 'video',
  seminar: 'seminar',
  faq: 'faq',
  hrStory: 'hrStory',
  success: 'success',
  patent: 'patent',
};

function dayOf(time: string | undefined): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(time ?? '')?.[0];
  return day;
}

function joinText(parts: (string | undefined | null)[]): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function tagText(tags: ContentItem['tags']): string {
  if (tags === undefined) return '';
  return typeof tags === 'string' ? tags.replace(/,/g, ' ') : tags.map((tag) => tag.name).join(' ');
}

function itemDoc(list: ListId, item: ContentItem, text: string, title?: string): SearchDoc | null {
  const name = title ?? item.title ?? item.html_title;
  if (!name) return null;
  const date = dayOf(item.created_time);
  return {
    id: `${list}:${item.analytics_page_id}`,
    type: TYPE_OF_LIST[list],
    title: name,
    url: itemHref(list, item) ?? listRoutes[list].path,
    ...(date ? { date } : {}),
    text,
  };
}

/** Every string of a page's copy, in order, leaving out what is not drawn as text. */
function copyText(value: unknown, skip: ReadonlySet<string>): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((v) => copyText(v, skip));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => (skip.has(key) ? [] : copyText(v, skip)));
  }
  return [];
}

/** Alternative texts, identifiers and labels that are not the page's prose. */
const NOT_PROSE = new Set([
  'alt',
  'slug',
  'id',
  'processAlt',
  'processScrollHint',
  'successLinkLabel',
  'shareEyebrow',
  'updatedLabel',
  'updated',
]);

export function sitePageDocs(): SearchDoc[] {
  const docs: SearchDoc[] = productSlugs.map((slug) => {
    const product = products[slug];
    return {
      id: `product:${slug}`,
      type: 'product',
      title: product.title,
      url: `/${slug}`,
      text: joinText(copyText({ ...product, title: undefined }, NOT_PROSE)),
    };
  });
  docs.push({
    id: 'product:whitepaper',
    type: 'product',
    title: whitepaper.title,
    url: '/whitepaper',
    date: whitepaper.updated,
    text: joinText(copyText({ ...whitepaper, title: undefined }, NOT_PROSE)),
  });
  docs.push({
    id: 'product:operation',
    type: 'product',
    title: operation.title,
    url: '/operation',
    text: joinText(copyText({ ...operation, title: undefined }, NOT_PROSE)),
  });
  return docs;
}

/** The text a reader sees of the API's HTML, after the shared allow-list (as the pages show it). */
function htmlText(html: string): string {
  return html ? plainTextOfHtml(sanitizeHtmlServer(html)) : '';
}

/**
 * The documents of the site search, from the loaders' own data (`build-data.ts`): the build's
 * endpoints and the rebuild's route check both make the index from it, so they agree on its files.
 * An item without a title is left out (its card has none either).
 */
export function siteSearchDocs(content: SiteContent): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const push = (make: () => SearchDoc | null) => {
    // One odd item must not keep the site from building: it is left out of the search, as a
    // page leaves out what it cannot show.
    try {
      const doc = make();
      if (doc) docs.push(doc);
    } catch {
      /* left out */
    }
  };
  for (const [list, items] of Object.entries(content.cardLists) as [ListId, readonly ContentItem[]][]) {
    for (const item of items) {
      push(() =>
        itemDoc(
          list,
          item,
          joinText([
            item.meta_description,
            htmlText(item.post_body ?? ''),
            tagText(item.tags),
            item.author_name,
            item.addr,
          ]),
        ),
      );
    }
  }
  const articles = (list: 'hrStory' | 'success', entries: readonly ArticleContent[]) => {
    for (const { id, item, detail } of entries) {
      push(() => {
        const doc = itemDoc(
          list,
          item,
          joinText([item.meta_description, htmlText(detail.content), detail.tags.join(' '), detail.author]),
          detail.title,
        );
        return doc && { ...doc, id: `${list}:${id}` };
      });
    }
  };
  articles('hrStory', content.hrStories);
  articles('success', content.successStories);
  for (const { id, item, detail } of content.patents) {
    push(() => {
      const doc = itemDoc(
        'patent',
        item,
        joinText([item.meta_description, htmlText(detail.content ?? ''), tagText(item.tags)]),
        detail.title,
      );
      return doc && { ...doc, id: `patent:${id}` };
    });
  }
  docs.push(...sitePageDocs());
  return docs;
}
