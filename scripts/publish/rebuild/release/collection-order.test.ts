// @vitest-environment node
/** The rebuild's search index is made of the documents in the order the build reads them. */
import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../../src/lib/api/schemas.ts';
import { siteSearchDocs, type SiteContent } from '../../../../src/lib/content/search-docs.ts';
import { indexInputDigest } from '../../../../src/lib/search/index/prebuilt-index.ts';
import type { Snapshot } from '../read/snapshot.ts';
import { inCollectionOrder } from './collection-order.ts';
import { snapshotSearchIndex } from './routes.ts';

const item = (id: string, day: string): ContentItem => ({
  analytics_page_id: id,
  absolute_url: `/info/blog/${id}`,
  title: `제목 ${id}`,
  created_time: `2026-11-${day}T09:00:00+09:00`,
});
const article = (id: string, day: string) => ({
  id,
  item: item(id, day),
  detail: {
    title: `제목 ${id}`,
    author: '편집부',
    date: '2026-11-01',
    content: `<p>본문 ${id}</p>`,
    tags: [],
  },
});

/** As the API lists them: newest first, the card lists in the snapshot's own order. */
function snapshot(): Snapshot {
  return {
    cardLists: {
      news: [item('news-0002', '02'), item('news-0001', '01')],
      faq: [item('faq-0010', '10'), item('faq-0009', '09')],
    },
    hrStories: [article('hr-0010', '10'), article('hr-0002', '02'), article('hr-0001', '01')],
    successStories: [article('success-0002', '02'), article('success-0001', '01')],
    patents: [],
  } as unknown as Snapshot;
}

/**
 * What `src/lib/content/search-index.ts` hands `siteSearchDocs` in the build: Astro's data store
 * holds each collection's entries sorted by id (`localeCompare`, astro's data-store-writer.js),
 * the card lists being the entries of one collection.
 */
function asTheBuildReadsIt(content: Snapshot): SiteContent {
  const sorted = <T extends { id: string }>(entries: readonly T[]) =>
    [...entries].sort((a, b) => a.id.localeCompare(b.id));
  const listItems = sorted(Object.entries(content.cardLists).map(([id, items]) => ({ id, items })));
  return {
    cardLists: Object.fromEntries(listItems.map(({ id, items }) => [id, items])),
    hrStories: sorted(content.hrStories),
    successStories: sorted(content.successStories),
    patents: sorted(content.patents),
  };
}

describe('inCollectionOrder', () => {
  it('orders the card lists and each kind of entry by id, as the build reads them', () => {
    const ordered = inCollectionOrder(snapshot());
    expect(Object.keys(ordered.cardLists)).toEqual(['faq', 'news']);
    expect(ordered.hrStories.map(({ id }) => id)).toEqual(['hr-0001', 'hr-0002', 'hr-0010']);
    expect(ordered.successStories.map(({ id }) => id)).toEqual(['success-0001', 'success-0002']);
    // A list's own items keep the API's order: the build reads them as one entry's array.
    expect(ordered.cardLists.news?.map((i) => i.analytics_page_id)).toEqual(['news-0002', 'news-0001']);
  });

  it('leaves the snapshot as it was', () => {
    const content = snapshot();
    inCollectionOrder(content);
    expect(content.hrStories.map(({ id }) => id)).toEqual(['hr-0010', 'hr-0002', 'hr-0001']);
  });
});

describe('the index handed to the build', () => {
  it('is made of the documents the build would make it of, so the build takes it', () => {
    const content = snapshot();
    const { input } = snapshotSearchIndex(content, undefined);
    expect(input).toBe(indexInputDigest(siteSearchDocs(asTheBuildReadsIt(content)), undefined));
  });
});
