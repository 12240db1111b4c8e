/** The guard that stops a run whose content shrank: what it counts, and what it lets through. */
import { describe, expect, it } from 'vitest';
import { emptyLists, shrunkCounts, snapshotCounts, type Counts } from './guard.ts';
import type { Snapshot } from './snapshot.ts';

const counts = (overrides: Partial<Counts>): Counts => ({
  news: 6,
  video: 9,
  seminar: 9,
  faq: 10,
  hrStory: 33,
  success: 9,
  patent: 13,
  videoBanners: 4,
  seminarBanners: 3,
  successSlides: 5,
  faqTopics: 3,
  hrStoryTopics: 6,
  hrStoryBodies: 33,
  successBodies: 9,
  patentBodies: 13,
  ...overrides,
});

describe('the shrink guard and small changes', () => {
  it('lets an editor take four banners down to one, or three FAQ topics to one', () => {
    expect(shrunkCounts(counts({}), counts({ videoBanners: 1, faqTopics: 1 }), 0.5)).toEqual([]);
  });

  it('still stops a small count that falls to zero, and a large one that halves', () => {
    expect(shrunkCounts(counts({}), counts({ seminarBanners: 0 }), 0.5)).toHaveLength(1);
    expect(shrunkCounts(counts({}), counts({ hrStory: 12 }), 0.5)).toHaveLength(1);
  });

  it('is off with a ratio of 0', () => {
    expect(shrunkCounts(counts({}), counts({ hrStory: 0 }), 0)).toEqual([]);
  });
});

describe('the shrinking-content guard', () => {
  const counts: Counts = {
    news: 6,
    video: 9,
    seminar: 9,
    faq: 10,
    hrStory: 33,
    success: 9,
    patent: 12,
    videoBanners: 3,
    seminarBanners: 3,
    successSlides: 3,
    faqTopics: 5,
    hrStoryTopics: 6,
    hrStoryBodies: 33,
    successBodies: 9,
    patentBodies: 12,
  };

  it('flags what fell under the ratio, not what had nothing before', () => {
    expect(shrunkCounts({ ...counts }, { ...counts, hrStory: 0 }, 0.5)).toEqual([
      'HR 이야기 33건 → 0건 (기준: 이전의 50% 이상)',
    ]);
    expect(shrunkCounts({ ...counts, news: 0 }, counts, 0.5)).toEqual([]);
    expect(shrunkCounts(counts, { ...counts, faq: 5 }, 0.5)).toEqual([]);
    expect(shrunkCounts(counts, { ...counts, faq: 0 }, 0)).toEqual([]);
    expect(shrunkCounts(undefined, counts, 0.5)).toEqual([]);
  });

  it('guards banners, topics and article bodies too', () => {
    expect(shrunkCounts(counts, { ...counts, videoBanners: 0, faqTopics: 1, hrStoryBodies: 3 }, 0.5)).toEqual(
      [
        'HR 영상 배너 3건 → 0건 (기준: 이전의 50% 이상)',
        'FAQ 주제 5건 → 1건 (기준: 이전의 50% 이상)',
        '본문이 있는 HR 이야기 33건 → 3건 (기준: 이전의 50% 이상)',
      ],
    );
  });

  it('counts the objects a first page returned and the bodies that have text, not the totals an API claims', () => {
    const first = (n: number, total: number) => ({
      objects: Array.from({ length: n }, () => ({})),
      paging: { page_size: total, start_page: 1, end_page: 1 },
    });
    const story = (content: string) => ({ detail: { content } });
    const snapshot = {
      lists: {
        news: { first: first(0, 40) },
        video: { first: first(9, 9), banners: [{}] },
        seminar: { first: first(9, 9), banners: [] },
        faq: { first: first(10, 30), topics: [{}, {}] },
        hrStory: { first: first(9, 33), topics: [{}] },
        success: { first: first(9, 9), slides: [{}] },
        patent: { first: first(9, 12) },
      },
      hrStories: [story('<p>본문</p>'), story('<p> &nbsp;</p>'), story('<img src="/a.png">')],
      successStories: [story('')],
      patents: [{ detail: {} }],
    } as unknown as Snapshot;
    expect(snapshotCounts(snapshot)).toMatchObject({
      news: 0,
      faq: 10,
      hrStory: 3,
      hrStoryBodies: 2,
      successBodies: 0,
      patentBodies: 0,
      videoBanners: 1,
      seminarBanners: 0,
    });
    expect(emptyLists(snapshotCounts(snapshot))).toEqual(['뉴스']);
  });
});
