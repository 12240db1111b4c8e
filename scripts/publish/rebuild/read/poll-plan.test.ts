import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../../src/lib/api/schemas.ts';
import {
  changedCards,
  listMayHaveChanged,
  mergeFirstPage,
  namedItemReads,
  pageOfMerged,
  planPollLists,
  sweepReason,
  withFreshPage,
  type BaseSnapshot,
  type ListAtPoll,
  type PolledList,
} from './poll-plan.ts';

const item = (id: string, title = id): ContentItem => ({
  analytics_page_id: id,
  absolute_url: `/info/blog/${id}`,
  title,
  created_time: '2026-11-01T09:00:00+09:00',
});
const ids = (items: readonly ContentItem[] | null) => items?.map((entry) => entry.analytics_page_id) ?? null;
const list = (...names: string[]) => names.map((name) => item(name));

describe('mergeFirstPage', () => {
  const base = list('a', 'b', 'c', 'd', 'e', 'f');

  it('puts a new item in front and keeps the rest of the list behind the first page', () => {
    expect(ids(mergeFirstPage(list('n', 'a', 'b'), 7, base))).toEqual(['n', 'a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('drops an item deleted from the first page', () => {
    expect(ids(mergeFirstPage(list('a', 'c', 'd'), 5, base))).toEqual(['a', 'c', 'd', 'e', 'f']);
  });

  it('gives up when the total does not add up (an item deleted further down, or added there)', () => {
    expect(mergeFirstPage(list('a', 'b', 'c'), 5, base)).toBeNull();
    expect(mergeFirstPage(list('a', 'b', 'c'), 7, base)).toBeNull();
  });

  it('gives up when a whole page of items is new', () => {
    expect(mergeFirstPage(list('x', 'y', 'z'), 9, base)).toBeNull();
  });

  it('takes a list that fits on its first page as it is, and an empty list only when the API says so', () => {
    expect(ids(mergeFirstPage(list('x', 'y'), 2, base))).toEqual(['x', 'y']);
    expect(mergeFirstPage([], 0, base)).toEqual([]);
    expect(mergeFirstPage([], 4, base)).toBeNull();
  });
});

describe('pageOfMerged', () => {
  it('answers a later page as the API would: same page size, total, and blocks of five pages', () => {
    const merged = Array.from({ length: 60 }, (_, index) => item(`i${index}`));
    const first = {
      objects: merged.slice(0, 9),
      paging: { page_size: 60, start_page: 1, end_page: 5 },
      tags: [{ id: 1, name: '채용' }],
    };
    const page7 = pageOfMerged('hrStoryTags', first, merged, 7);
    expect(ids(page7.objects)).toEqual(ids(merged.slice(54, 60)));
    expect(page7.paging).toEqual({ page_size: 60, start_page: 6, end_page: 7 });
    expect(page7.tags).toEqual(first.tags);
    expect(pageOfMerged('hrStoryTags', first, merged, 8).objects).toEqual([]);
  });
});

describe('namedItemReads', () => {
  const polled = (merged: ContentItem[] | null, fresh = merged?.slice(0, 3) ?? []): PolledList => ({
    fresh,
    merged,
    keyOf: (entry) => `key-${entry.analytics_page_id}`,
  });
  const lists = {
    hrStoryTags: polled(list('a', 'b', 'c', 'd', 'e', 'f', 'g')),
    successSearch: polled(list('s1', 's2', 's3', 's4')),
    techSearch: polled(null, list('p1', 'p2', 'p3')),
  };

  it('reads nothing more for items on a fresh first page, by id or by key', () => {
    expect(namedItemReads(['b', 'key-s2', 'p1'], lists)).toEqual(new Map());
  });

  it('reads the page the merge puts an item further down on', () => {
    expect(namedItemReads(['e', 'key-g', 'd'], lists)).toEqual(new Map([['hrStoryTags', [2, 3]]]));
    expect(namedItemReads(['s4'], lists)).toEqual(new Map([['successSearch', [2]]]));
  });

  it('reads every merged list whole for an item found nowhere (new further down, or gone)', () => {
    expect(namedItemReads(['x'], lists)).toEqual(
      new Map([
        ['hrStoryTags', 'whole'],
        ['successSearch', 'whole'],
      ]),
    );
  });
});

describe('planPollLists', () => {
  const day1 = 'Sun, 01 Nov 2026 00:00:00 GMT';
  const day2 = 'Mon, 02 Nov 2026 00:00:00 GMT';
  const faqs = Array.from({ length: 25 }, (_, index) => item(`faq-${index + 1}`));
  const hr = list('a', 'b', 'c', 'd', 'e', 'f', 'g');
  /** A list whose first page is `size` items of `all`, the base as it was, stamped `now` (recorded: day 1). */
  const atPoll = (all: ContentItem[], size: number, now = day1, key = false): ListAtPoll => ({
    fresh: all.slice(0, size),
    total: all.length,
    before: all,
    stamp: { now, recorded: day1 },
    // Card lists' items have no detail key: only their id names them.
    keyOf: key ? (entry) => `key-${entry.analytics_page_id}` : () => null,
  });
  const lists = (faqStamp = day1) => ({
    hrStoryTags: atPoll(hr, 3, day1, true),
    faqTags: atPoll(faqs, 10, faqStamp),
  });

  it('merges a card list whose stamp stayed, and reads it whole once its stamp moved, like a long list', () => {
    const still = planPollLists(lists(), []);
    expect(still.faqTags.whole).toBeNull();
    expect(ids(still.faqTags.merged)).toEqual(ids(faqs));
    const moved = planPollLists(lists(day2), []);
    expect(moved.faqTags).toMatchObject({ whole: 'stamp', merged: null, pages: [] });
    expect(moved.hrStoryTags.whole).toBeNull();
  });

  it('reads a card list whole when its first page and the base do not add up', () => {
    const plans = planPollLists({ faqTags: { ...atPoll(faqs, 10), total: 24 } }, []);
    expect(plans.faqTags).toMatchObject({ whole: 'unmatched', merged: null });
  });

  it('reads again the page an --item of a card list is on (an FAQ on page 2), and nothing else', () => {
    const plans = planPollLists(lists(), ['faq-14']);
    expect(plans.faqTags.pages).toEqual([2]);
    expect(plans.faqTags.whole).toBeNull();
    expect(plans.hrStoryTags.pages).toEqual([]);
    expect(planPollLists(lists(), ['faq-3']).faqTags.pages).toEqual([]);
  });

  it('reads every list whole, card lists included, for an --item found nowhere; a list already read whole keeps its reason', () => {
    const plans = planPollLists(lists(day2), ['nowhere']);
    expect(plans.hrStoryTags).toMatchObject({ whole: 'named', merged: null, pages: [] });
    expect(plans.faqTags.whole).toBe('stamp');
    expect(planPollLists(lists(), ['nowhere']).faqTags).toMatchObject({ whole: 'named', merged: null });
  });
});

describe('withFreshPage', () => {
  const merged = list('a', 'b', 'c', 'd', 'e', 'f', 'g');

  it('takes the fresh cards of a page that holds the items the merge put there', () => {
    const fresh = [item('d', 'd (개정판)'), item('e'), item('f')];
    const result = withFreshPage(merged, 3, 2, fresh);
    expect(ids(result)).toEqual(ids(merged));
    expect(result![3]!.title).toBe('d (개정판)');
  });

  it('gives up when the page holds other items (something moved further down)', () => {
    expect(withFreshPage(merged, 3, 2, list('e', 'f', 'g'))).toBeNull();
    expect(withFreshPage(merged, 3, 3, list('g', 'h'))).toBeNull();
  });
});

describe('listMayHaveChanged', () => {
  const day1 = 'Sun, 01 Nov 2026 00:00:00 GMT';
  const day2 = 'Mon, 02 Nov 2026 00:00:00 GMT';

  it('says yes only for a stamp later than the recorded one', () => {
    expect(listMayHaveChanged(day2, day1)).toBe(true);
    expect(listMayHaveChanged(day1, day1)).toBe(false);
    // A clock or a server set back is no change of the content.
    expect(listMayHaveChanged(day1, day2)).toBe(false);
  });

  it('says no without a stamp now (no signal), yes with one but none recorded (nothing to compare with)', () => {
    expect(listMayHaveChanged(undefined, day1)).toBe(false);
    expect(listMayHaveChanged(undefined, undefined)).toBe(false);
    expect(listMayHaveChanged(day1, undefined)).toBe(true);
  });

  it('takes any difference between stamps that are not dates', () => {
    expect(listMayHaveChanged('v7', 'v6')).toBe(true);
    expect(listMayHaveChanged('v7', 'v7')).toBe(false);
  });
});

describe('changedCards', () => {
  it('names new items and items whose card changed in any field', () => {
    const before = list('a', 'b', 'c');
    const now = [item('n'), item('a', 'a (개정판)'), item('b'), item('c')];
    expect([...changedCards(now, before)].sort()).toEqual(['a', 'n']);
  });
});

describe('sweepReason', () => {
  const base: BaseSnapshot = {
    version: 1,
    apiUrl: 'https://api.example',
    sweptAt: '2026-11-24T00:00:00.000Z',
    recorded: { version: 1, apiUrl: 'https://api.example', calls: {} },
  };
  const day = 24 * 3_600_000;
  const at = (iso: string) => new Date(iso);

  it('polls while the last full read is recent, from the same API', () => {
    expect(sweepReason(base, 'https://api.example', at('2026-11-24T05:00:00Z'), day, false)).toBeNull();
  });

  it('reads everything on --full, without a base, for another API, once a day, and when the clock went back', () => {
    expect(sweepReason(base, 'https://api.example', at('2026-11-24T05:00:00Z'), day, true)).toBe('--full');
    expect(sweepReason(null, 'https://api.example', at('2026-11-24T05:00:00Z'), day, false)).not.toBeNull();
    expect(sweepReason(base, 'https://other.example', at('2026-11-24T05:00:00Z'), day, false)).not.toBeNull();
    expect(sweepReason(base, 'https://api.example', at('2026-11-25T00:00:00Z'), day, false)).not.toBeNull();
    expect(sweepReason(base, 'https://api.example', at('2026-11-23T00:00:00Z'), day, false)).not.toBeNull();
  });
});
