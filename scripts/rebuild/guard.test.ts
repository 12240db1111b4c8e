import { describe, expect, it } from 'vitest';
import { shrunkCounts, type Counts } from './guard.ts';

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
