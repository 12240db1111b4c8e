/**
 * The home's success stories, by the home's rule of three: at most three, newest first, padded with
 * `준비 중` placeholders to three.
 */
import type { ContentItem } from '../../../lib/api/schemas.ts';

export const HOME_SUCCESS_COUNT = 3;

/** The newest `count` stories by `created_time` (the success list's first-page order). */
export function latestStories(items: readonly ContentItem[], count = HOME_SUCCESS_COUNT): ContentItem[] {
  return [...items].sort((a, b) => Date.parse(b.created_time) - Date.parse(a.created_time)).slice(0, count);
}

/** Exactly `count` slots: the first stories, then `null` for each placeholder. */
export function successSlots(
  items: readonly ContentItem[],
  count = HOME_SUCCESS_COUNT,
): (ContentItem | null)[] {
  const stories: (ContentItem | null)[] = items.slice(0, count);
  while (stories.length < count) stories.push(null);
  return stories;
}
