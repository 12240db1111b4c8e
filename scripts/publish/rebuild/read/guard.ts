/**
 * The shrinking-content guard: content that suddenly has far fewer items than the published
 * release (an empty answer from a half-broken API, a bad export, articles whose bodies went
 * blank) must not replace a good site. It counts what the build renders — the objects each
 * first page actually returned, banners, slides, topics, detail pages and non-empty bodies —
 * not the totals an API claims.
 */
import { listIds, listRoutes, type ListId } from '../../../../src/lib/routes.ts';
import type { Snapshot } from './snapshot.ts';

/** Everything counted, with its Korean label. The first seven are the lists themselves. */
export const COUNT_LABELS = {
  ...(Object.fromEntries(listIds.map((id) => [id, listRoutes[id].label])) as Record<ListId, string>),
  videoBanners: 'HR 영상 배너',
  seminarBanners: '세미나 배너',
  successSlides: '성공 사례 슬라이드',
  faqTopics: 'FAQ 주제',
  hrStoryTopics: 'HR 이야기 주제',
  hrStoryBodies: '본문이 있는 HR 이야기',
  successBodies: '본문이 있는 성공 사례',
  patentBodies: '본문이 있는 특허',
} as const;

export type CountKey = keyof typeof COUNT_LABELS;
export type Counts = Record<CountKey, number>;

/** Whether article HTML has any visible text or picture. */
function hasBody(html: string | undefined): boolean {
  if (!html) return false;
  return /<(img|iframe)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/** What the build would render, counted. */
export function snapshotCounts(snapshot: Snapshot): Counts {
  const shown = (id: ListId) => snapshot.lists[id].first.objects.length;
  return {
    news: shown('news'),
    video: shown('video'),
    seminar: shown('seminar'),
    faq: shown('faq'),
    hrStory: snapshot.hrStories.length,
    success: snapshot.successStories.length,
    patent: snapshot.patents.length,
    videoBanners: snapshot.lists.video.banners?.length ?? 0,
    seminarBanners: snapshot.lists.seminar.banners?.length ?? 0,
    successSlides: snapshot.lists.success.slides?.length ?? 0,
    faqTopics: snapshot.lists.faq.topics?.length ?? 0,
    hrStoryTopics: snapshot.lists.hrStory.topics?.length ?? 0,
    hrStoryBodies: snapshot.hrStories.filter((story) => hasBody(story.detail.content)).length,
    successBodies: snapshot.successStories.filter((story) => hasBody(story.detail.content)).length,
    patentBodies: snapshot.patents.filter((patent) => hasBody(patent.detail.content)).length,
  };
}

/**
 * A count must fall by more than this many to be flagged (unless it falls to zero): four
 * banners becoming one, or three FAQ topics one, is an editor's choice, not an outage.
 */
export const SMALL_DROP = 3;

/**
 * Korean descriptions of every count that fell under `minRatio` of its previous value by more
 * than {@link SMALL_DROP}, or to zero (empty when all is well). Counts that were zero or unknown
 * before are never flagged; `minRatio` 0 turns the guard off.
 */
export function shrunkCounts(
  previous: Partial<Record<string, number>> | undefined,
  current: Counts,
  minRatio: number,
): string[] {
  if (!previous) return [];
  const problems: string[] = [];
  for (const [key, now] of Object.entries(current) as [CountKey, number][]) {
    const before = previous[key];
    if (typeof before !== 'number' || before <= 0) continue;
    if (now < before * minRatio && (now === 0 || before - now > SMALL_DROP)) {
      problems.push(
        `${COUNT_LABELS[key]} ${before}건 → ${now}건 (기준: 이전의 ${Math.round(minRatio * 100)}% 이상)`,
      );
    }
  }
  return problems;
}

/** On a first run there is nothing to compare with: an empty list is refused outright. */
export function emptyLists(current: Counts): string[] {
  return listIds.filter((id) => current[id] === 0).map((id) => listRoutes[id].label);
}

/**
 * Why this content must not replace the published site, as Korean lines (empty when it may):
 * counts that fell against `baseline` (the counts of the newest release that has them), or, with
 * nothing to compare with, an empty list unless `allowEmpty`.
 */
export function guardFailure(
  baseline: Partial<Record<string, number>> | undefined,
  current: Counts,
  { minRatio, allowEmpty, published }: { minRatio: number; allowEmpty: boolean; published: boolean },
): string[] {
  const shrunk = shrunkCounts(baseline, current, minRatio);
  if (shrunk.length > 0) {
    return [
      `렌더링할 콘텐츠가 이전 릴리스보다 크게 줄어 게시하지 않습니다: ${shrunk.join(', ')}`,
      '콘텐츠가 맞다면 --min-ratio 를 낮춰 다시 실행해 주세요.',
    ];
  }
  const empty = baseline ? [] : emptyLists(current);
  if (empty.length > 0 && !allowEmpty) {
    return [
      `${published ? '비교할 이전 릴리스 기록이 없는데' : '첫 빌드인데'} 비어 있는 목록이 있어 게시하지 않습니다: ${empty.join(', ')}`,
      '비어 있는 것이 맞다면 --allow-empty 를 붙여 다시 실행해 주세요.',
    ];
  }
  return [];
}
