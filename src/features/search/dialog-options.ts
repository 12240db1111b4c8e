/**
 * The dialog's listbox holds either recent searches (the box is empty) or results. Moving the
 * active option with the arrow keys wraps around, and "none" is where it starts.
 */
import type { SearchHit } from '../../lib/search/types.ts';

export type DialogOption = { kind: 'recent'; query: string } | { kind: 'hit'; hit: SearchHit };

/** The options to show for the box's `text`. */
export function dialogOptions(
  text: string,
  recent: readonly string[],
  hits: readonly SearchHit[],
): DialogOption[] {
  return text.trim() === ''
    ? recent.map((query) => ({ kind: 'recent', query }))
    : hits.map((hit) => ({ kind: 'hit', hit }));
}

/** The next active index (-1: none) after ArrowDown (`step` 1) or ArrowUp (`step` -1). */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
