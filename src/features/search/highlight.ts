/**
 * Splits a result's text at the engine's matched ranges, so the screen can wrap each matched
 * piece in `<mark>` as a React text node: the text stays text whatever it holds.
 */

/** A piece of the text, marked or not. */
export interface TextPiece {
  text: string;
  mark: boolean;
}

/**
 * `text` cut at `marks` (`[start, end)` in UTF-16 units). Ranges may come unsorted, overlapping or
 * out of bounds (an index from an older build): they are sorted, merged and clipped, never thrown on.
 */
export function markPieces(text: string, marks: readonly (readonly [number, number])[]): TextPiece[] {
  const ranges = marks
    .map(([start, end]) => [Math.max(0, Math.min(start, end)), Math.min(text.length, Math.max(start, end))])
    .filter(([start, end]) => end! > start!)
    .sort((a, b) => a[0]! - b[0]!) as [number, number][];
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) pieces.push({ text: text.slice(at, from), mark: false });
    const last = pieces.at(-1);
    // Touching ranges read as one highlight.
    if (last?.mark && from === at) last.text += text.slice(from, end);
    else pieces.push({ text: text.slice(from, end), mark: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), mark: false });
  return pieces;
}
