/**
 * The shrinking-list guard: a list that suddenly has far fewer items than the published
 * release (an empty answer from a half-broken API, a bad export) must not replace a good site.
 */
import type { ListId } from '../../src/lib/content/build-data.ts';
import type { Snapshot } from './snapshot.ts';

/** Korean names of the lists, for messages. */
export const LIST_LABELS: Record<ListId, string> = {
  news: '뉴스',
  video: 'HR 영상',
  seminar: '세미나',
  faq: 'FAQ',
  hrStory: 'HR 이야기',
  success: '성공 사례',
  patent: '특허',
};

/** Items per list: the reported total for first-page lists, the items fetched for the others. */
export function snapshotCounts(snapshot: Snapshot): Record<ListId, number> {
  const total = (id: ListId) => snapshot.lists[id].first.paging.page_size;
  return {
    news: total('news'),
    video: total('video'),
    seminar: total('seminar'),
    faq: total('faq'),
    hrStory: snapshot.hrStories.length,
    success: snapshot.successStories.length,
    patent: snapshot.patents.length,
  };
}

/**
 * Korean descriptions of every list that fell under `minRatio` of its previous count (empty
 * when all is well). Lists that had no items before are never flagged.
 */
export function shrunkLists(
  previous: Partial<Record<ListId, number>> | undefined,
  current: Record<ListId, number>,
  minRatio: number,
): string[] {
  if (!previous) return [];
  const problems: string[] = [];
  for (const [id, now] of Object.entries(current) as [ListId, number][]) {
    const before = previous[id];
    if (typeof before !== 'number' || before <= 0) continue;
    if (now < before * minRatio) {
      problems.push(`${LIST_LABELS[id]} ${before}건 → ${now}건 (기준: 이전의 ${Math.round(minRatio * 100)}% 이상)`);
    }
  }
  return problems;
}
