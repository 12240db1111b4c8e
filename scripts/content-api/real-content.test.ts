// @vitest-environment node
/**
 * The project's own content folder (`data/`) meets the contract's minimums, so every screen
 * of the site has enough to show (several pages, topics, empty-image fallbacks), and every
 * image it names exists.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints, endpointUrl, type EndpointName } from '../../src/lib/api/endpoints.ts';
import { loadContent, type Content } from './load-content.ts';
import { createApp } from './server.ts';

const DATA_DIR = fileURLToPath(new URL('./data', import.meta.url));

let content: Content;

beforeAll(() => {
  content = loadContent(DATA_DIR);
});

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Image files named by `/images/...` paths: whole image fields and `src="/images/..."` in HTML. */
function imageReferences(value: unknown): string[] {
  return strings(value).flatMap((text) =>
    [...text.matchAll(/(?:^|["'(\s=])\/images\/([^"'()\s<>?#]+)/g)].map((match) => match[1] as string),
  );
}

const distinct = (values: readonly number[]) => new Set(values).size;

describe('real content (scripts/content-api/data)', () => {
  it('meets the minimum counts', () => {
    expect(content.news.length).toBeGreaterThanOrEqual(14);
    expect(content.videos.items.length).toBeGreaterThanOrEqual(20);
    expect(content.seminars.items.length).toBeGreaterThanOrEqual(12);
    expect(content.faq.items.length).toBeGreaterThanOrEqual(25);
    expect(content.hrStories.items.length).toBeGreaterThanOrEqual(30);
    expect(content.patents.filter((patent) => patent.content).length).toBeGreaterThanOrEqual(12);
    expect(content.success.items.length).toBeGreaterThanOrEqual(8);
  });

  it('has seminars in the ended style (falsy type)', () => {
    expect(content.seminars.items.some((item) => !item.type)).toBe(true);
  });

  it('spreads FAQ over at least 5 topics and HR stories over at least 6', () => {
    expect(distinct(content.faq.items.flatMap((item) => item.tag_ids))).toBeGreaterThanOrEqual(5);
    expect(distinct(content.hrStories.items.flatMap((item) => item.tag_ids))).toBeGreaterThanOrEqual(6);
  });

  it('refers only to topics that exist', () => {
    const faqTopics = new Set(content.faq.topics.map((topic) => topic.id));
    const hrTopics = new Set(content.hrStories.topics.map((topic) => topic.id));
    expect(content.faq.items.flatMap((item) => item.tag_ids).filter((id) => !faqTopics.has(id))).toEqual([]);
    expect(content.hrStories.items.flatMap((item) => item.tag_ids).filter((id) => !hrTopics.has(id))).toEqual(
      [],
    );
  });

  it('has banners for videos, seminars and success stories', () => {
    expect(content.videos.banners.length).toBeGreaterThan(0);
    expect(content.seminars.banners.length).toBeGreaterThan(0);
    expect(content.success.banners.length).toBeGreaterThan(0);
  });

  it('has some items without a featured image, for the fallback image', () => {
    const items = [
      ...content.news,
      ...content.videos.items,
      ...content.seminars.items,
      ...content.hrStories.items,
      ...content.patents,
      ...content.success.items,
    ];
    expect(items.some((item) => !item.featured_image)).toBe(true);
  });

  it('uses unique ids, and blog detail ids do not collide between HR and success stories', () => {
    const lists = [
      content.news,
      content.videos.items,
      content.seminars.items,
      content.faq.items,
      [...content.hrStories.items, ...content.success.items],
      content.patents,
    ];
    for (const items of lists) {
      const ids = items.map((item) => item.analytics_page_id);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    }
    const tags = content.patents.map((patent) => patent.tag);
    expect(tags.filter((tag, index) => tags.indexOf(tag) !== index)).toEqual([]);
  });

  it('links HR stories, patents and success stories as the contract decides', () => {
    for (const story of content.hrStories.items)
      expect(story.absolute_url).toBe(`/info/blog/${story.analytics_page_id}`);
    for (const patent of content.patents) expect(patent.absolute_url).toBe(`/info/patent/${patent.tag}`);
    for (const story of content.success.items)
      expect(story.absolute_url).toBe(`/cad_archive/${story.analytics_page_id}`);
  });

  it('names only images that exist', () => {
    const references = imageReferences(content);
    expect(references.length).toBeGreaterThan(0);
    const missing = [...new Set(references)].filter((file) => !existsSync(join(DATA_DIR, 'images', file)));
    expect(missing).toEqual([]);
  });

  it('is served within the contract by every endpoint', async () => {
    const app = createApp(content, { imagesDir: join(DATA_DIR, 'images') });
    const samples: Partial<Record<EndpointName, Record<string, string>>> = {
      blogDetail: { id: content.hrStories.items[0]?.analytics_page_id ?? '' },
      patentDetail: { tag: content.patents[0]?.tag ?? '' },
    };
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const res = await app.request(
        endpointUrl('http://127.0.0.1:8787', name, samples[name] ?? { page: '1' }),
      );
      expect(res.status, name).toBe(200);
      const parsed = endpoints[name].schema.safeParse(await res.json());
      expect(parsed.success, `${name}: ${parsed.error?.message ?? ''}`).toBe(true);
    }
    const success = content.success.items[0];
    if (success) {
      const res = await app.request(
        endpointUrl('http://127.0.0.1:8787', 'blogDetail', { id: success.analytics_page_id }),
      );
      expect(res.status).toBe(200);
    }
  });
});
