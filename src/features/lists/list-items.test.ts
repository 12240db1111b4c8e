/** Cards resolve their topic ids with one index per topics list, never a scan per id. */
import { describe, expect, it } from 'vitest';
import type { ContentItem, Topic } from '../../lib/api/schemas.ts';
import { compactCardItem, expandCardItem, toCardItem, topicNames } from './list-items.ts';

const item = (tag_ids: number[], id = 'hr-1'): ContentItem => ({
  analytics_page_id: id,
  absolute_url: `/info/blog/${id}`,
  featured_image: undefined,
  thumb: undefined,
  logo: undefined,
  created_time: '2026-10-02T09:00:00+09:00',
  tag_ids,
});
const same = (html: string) => html;

describe('topicNames', () => {
  it('names 100 tag ids against 200,000 topics, in the item’s order, skipping unknown ids', () => {
    const topics: Topic[] = Array.from({ length: 200_000 }, (_, i) => ({ id: i * 2, name: `주제 ${i * 2}` }));
    // 50 known ids (even) and 50 unknown ones (odd or past the end), interleaved.
    const ids = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 399_998 - i * 1_000 : 1_000_001 + i));
    const expected = ids.filter((id) => id % 2 === 0 && id < 400_000).map((id) => `주제 ${id}`);
    expect(expected).toHaveLength(50);
    expect(topicNames(ids, topics)).toEqual(expected);
    expect(toCardItem(item(ids), same, topics).tags).toEqual(expected);
  });

  it('takes the first topic of a repeated id, as before', () => {
    const topics: Topic[] = [
      { id: 1, name: '처음' },
      { id: 1, name: '나중' },
      { id: 2, name: '둘' },
    ];
    expect(topicNames([2, 1, 3], topics)).toEqual(['둘', '처음']);
  });

  it('reads a list’s topics once for all its cards, not once per tag id', () => {
    const size = 1_000;
    let reads = 0;
    const topics = new Proxy(
      Array.from({ length: size }, (_, id) => ({ id, name: `주제 ${id}` })),
      {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      },
    ) as Topic[];
    const unknownIds = Array.from({ length: 100 }, (_, i) => size + i);
    const cards = ['a', 'b', 'c'].map((id) => toCardItem(item([...unknownIds, 7], id), same, topics));
    expect(cards.map((card) => card.tags)).toEqual([['주제 7'], ['주제 7'], ['주제 7']]);
    // A scan per id would read 3 cards × 101 ids × 1,000 topics; the index reads each topic once.
    expect(reads).toBe(size);
  });
});

describe('compactCardItem', () => {
  const full = {
    id: 'n-1',
    href: 'https://news.example/a',
    external: true,
    title: '제목',
    description: '',
    image: null,
    preview: null,
    logo: null,
    author: '',
    date: '2026-11-18T10:00:00+09:00',
    tags: [],
    place: '',
    ended: true,
    no: null,
    views: null,
    html: '',
  };

  it('keeps only what an item fills, and expanding gives the same card back', () => {
    const compact = compactCardItem(full);
    expect(compact).toEqual({
      id: 'n-1',
      href: 'https://news.example/a',
      external: true,
      title: '제목',
      date: full.date,
    });
    expect(expandCardItem(compact)).toEqual(full);
    const seminar = {
      ...full,
      href: undefined,
      external: false,
      ended: false,
      place: '서울',
      tags: ['채용'],
      no: 3,
      html: '<p>답</p>',
    };
    expect(expandCardItem(compactCardItem(seminar))).toEqual(seminar);
  });

  it('leaves out what the screen does not show, and expanding fills those fields as empty', () => {
    const faq = { ...full, href: '/faq#faq-0001', external: false, tags: ['요금'], html: '<p>답</p>' };
    const compact = compactCardItem(faq, ['tags', 'html']);
    expect(compact).toEqual({ id: 'n-1', title: '제목', tags: ['요금'], html: '<p>답</p>' });
    expect(expandCardItem(compact)).toEqual({ ...faq, href: undefined, date: '' });
  });
});

describe('toCardItem links', () => {
  const story = { analytics_page_id: 'hr-0001', absolute_url: 'https://blog.example/post', created_time: '' };

  it('links a card of a list with detail pages to the page built for the item, on the site', () => {
    const card = toCardItem(story, same, [], 'hrStory');
    expect(card.href).toBe('/info/blog/hr-0001');
    expect(card.external).toBe(false);
  });

  it('keeps the address the API gave on lists without detail pages', () => {
    const card = toCardItem(story, same, [], 'news');
    expect(card.href).toBe('https://blog.example/post');
    expect(card.external).toBe(true);
  });
});

describe('toCardItem answers', () => {
  it('sanitises an answer when it is first read, once: the questions are drawn before any answer', () => {
    const seen: string[] = [];
    const sanitize = (html: string) => {
      seen.push(html);
      return html.replace(/<script>.*?<\/script>/g, '');
    };
    const card = toCardItem(
      {
        ...item([], 'faq-1'),
        title: '요금은 어떻게 되나요?',
        post_body: '<p>답</p><script>alert(1)</script>',
      },
      sanitize,
      [],
      'faq',
    );
    expect(card.title).toBe('요금은 어떻게 되나요?');
    expect(seen).toEqual([]);
    expect(card.html).toBe('<p>답</p>');
    expect(card.html).toBe('<p>답</p>');
    expect(seen).toHaveLength(1);
    // A copy (the store's spread, a compact prop) carries the safe text, not the untrusted one.
    expect({ ...card }.html).toBe('<p>답</p>');
  });

  it('leaves an item without an answer with empty HTML and never calls the sanitiser', () => {
    const card = toCardItem(item([]), () => {
      throw new Error('not called');
    });
    expect(card.html).toBe('');
  });
});
