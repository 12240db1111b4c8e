/**
 * The dialog's listbox holds either recent searches (the box is empty) or results. Moving the
 * active option with the arrow keys wraps around, and "none" is where it starts.
 */
import type { SearchHit } from '../../lib/search/format/types.ts';

/** Results the dialog lists; "모든 결과 보기" shows the rest. */
export const DIALOG_LIMIT = 8;

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

const sameRanges = (a: readonly (readonly [number, number])[], b: readonly (readonly [number, number])[]) =>
  a.length === b.length && a.every(([start, end], index) => start === b[index]![0] && end === b[index]![1]);

/**
 * Whether two hits show the same thing. Every answer is new objects, and the next keystroke's
 * answer often holds the same results: a row whose hit shows the same is not rendered again.
 */
export function sameHitText(a: SearchHit, b: SearchHit): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.type === b.type &&
      a.title === b.title &&
      a.url === b.url &&
      a.date === b.date &&
      a.excerpt === b.excerpt &&
      sameRanges(a.titleMarks, b.titleMarks) &&
      sameRanges(a.excerptMarks, b.excerptMarks))
  );
}
