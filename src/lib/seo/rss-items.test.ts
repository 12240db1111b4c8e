import { describe, expect, it } from 'vitest';
import type { BlogDetail, ContentItem } from '../api/schemas.ts';
import { feedSelfLink, rssItems } from './rss-items.ts';

function story(
  id: string,
  created: string,
  extra: Partial<ContentItem> = {},
  detail: Partial<BlogDetail> = {},
) {
  return {
    id,
    item: { analytics_page_id: id, absolute_url: `/info/blog/${id}`, created_time: created, ...extra },
    detail: {
      title: `제목 ${id}`,
      author: 'HR팀 & <동료>',
      date: created,
      content: '<p>본문</p>',
      tags: ['면접', ' '],
      ...detail,
    },
  };
}

describe('rssItems', () => {
  it('lists the stories newest first with link, date, summary, byline and topics', () => {
    const items = rssItems([
      story('hr-0001', '2026-01-05T09:00:00+09:00', { meta_description: '요약 1' }),
      story('hr-0002', '2026-03-01T09:00:00+09:00'),
    ]);
    expect(items.map((item) => item.link)).toEqual(['/info/blog/hr-0002/', '/info/blog/hr-0001/']);
    expect(items[1]).toEqual({
      title: '제목 hr-0001',
      link: '/info/blog/hr-0001/',
      pubDate: new Date('2026-01-05T00:00:00Z'),
      description: '요약 1',
      customData: '<dc:creator>HR팀 &amp; &lt;동료&gt;</dc:creator>',
      categories: ['면접'],
    });
    expect(items[0]).not.toHaveProperty('description');
  });

  it('drops stories without a readable date', () => {
    expect(rssItems([story('hr-0003', 'not a date', {}, { date: 'nope' })])).toEqual([]);
  });
});

describe('feedSelfLink', () => {
  it('names the feed itself as an Atom self link, escaped for an attribute', () => {
    expect(feedSelfLink('https://www.insighthire.example/rss.xml')).toBe(
      '<atom:link href="https://www.insighthire.example/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(feedSelfLink('https://a.example/rss.xml?x="1"&y')).toContain(
      'href="https://a.example/rss.xml?x=&quot;1&quot;&amp;y"',
    );
  });
});
