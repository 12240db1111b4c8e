/** Every array of the contract is capped, cut rather than rejected; the address fields are listed. */
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELDS,
  BannerListSchema,
  BannerSchema,
  BlogDetailSchema,
  ContentItemSchema,
  ListResponseSchema,
  PatentDetailSchema,
  SuccessSlideListSchema,
  SuccessSlideSchema,
  TopicListSchema,
} from './schemas.ts';

const item = (extra: Record<string, unknown>) => ({
  analytics_page_id: 'hr-1',
  absolute_url: '/info/blog/hr-1',
  title: '제목',
  created_time: '2026-10-02T09:00:00+09:00',
  ...extra,
});
const list = (objects: unknown[], tags?: unknown[]) => ({
  objects,
  paging: { page_size: objects.length, start_page: 1, end_page: 1 },
  ...(tags ? { tags } : {}),
});
const range = (length: number) => Array.from({ length }, (_, i) => i);

describe('array caps', () => {
  it('keep at most 100 of an item’s 10,000 tag ids, and keep the item', () => {
    const parsed = ListResponseSchema.parse(
      list([item({ tag_ids: range(10_000) }), item({ analytics_page_id: 'hr-2' })]),
    );
    expect(parsed.objects.map((o) => o.analytics_page_id)).toEqual(['hr-1', 'hr-2']);
    expect(parsed.objects[0]!.tag_ids).toEqual(range(100));
  });

  it('drop a bad tag id instead of the item', () => {
    const parsed = ContentItemSchema.parse(item({ tag_ids: [1, 'x', 2.5, null, 3] }));
    expect(parsed.tag_ids).toEqual([1, 2.5, 3]);
  });

  it('cap tags, topics, banners and slides', () => {
    const tags = range(10_000).map((i) => ({ name: `태그 ${i}` }));
    expect(ContentItemSchema.parse(item({ tags })).tags).toHaveLength(100);
    expect(ContentItemSchema.parse(item({ tags: '채용,면접' })).tags).toBe('채용,면접');
    const detail = BlogDetailSchema.parse({
      title: 't',
      author: '',
      date: '',
      content: '',
      tags: range(10_000).map(String),
    });
    expect(detail.tags).toHaveLength(100);

    const topics = range(5_000).map((id) => ({ id, name: `주제 ${id}` }));
    expect(TopicListSchema.parse(topics)).toHaveLength(1_000);
    expect(ListResponseSchema.parse(list([], topics)).tags).toHaveLength(1_000);

    const banners = range(500).map((i) => ({
      title: `배너 ${i}`,
      featured_image: '/b.png',
      absolute_url: '/a',
    }));
    expect(BannerListSchema.parse(banners)).toHaveLength(100);
    const slides = range(500).map((i) => ({ title: `사례 ${i}`, author_name: '', created_time: '' }));
    expect(SuccessSlideListSchema.parse(slides)).toHaveLength(100);
  });
});

describe('ADDRESS_FIELDS', () => {
  it('names exactly the link and image fields of the schemas', () => {
    const shapes = [
      ContentItemSchema.shape,
      BannerSchema.shape,
      SuccessSlideSchema.shape,
      BlogDetailSchema.shape,
      PatentDetailSchema.shape.list.shape,
    ];
    const found = new Set<string>();
    for (const shape of shapes) {
      for (const [field, schema] of Object.entries(shape)) {
        // A link or image field turns a script address into none and keeps a site path.
        const script = schema.safeParse('javascript:alert(1)');
        const path = schema.safeParse('/x');
        if (script.success && script.data === undefined && path.success && path.data === '/x')
          found.add(field);
      }
    }
    expect([...found].sort()).toEqual([...ADDRESS_FIELDS].sort());
  });
});
