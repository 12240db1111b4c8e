/**
 * The excerpt shown under a result and the ranges to highlight, as plain text and offsets: the
 * screens render the text as text and wrap the ranges, so nothing here is ever HTML.
 */
import { initialOf, isSyllable } from '../format/hangul.ts';
import { ELLIPSIS } from '../format/lead.ts';

export type Range = [number, number];

const EXCERPT_LENGTH = 120;
const LEAD = 24;

/** Whether a UTF-16 code unit is whitespace as `\s` has it, without a regular expression per character. */
function isSpace(code: number): boolean {
  if (code < 0xa0) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The text without whitespace, lowercased, with each character's offset in the original. Run
 * over every result's whole text at each keystroke: one lowercasing of the text, not one per
 * character.
 */
function compacted(text: string): { compact: string; offsets: number[] } {
  const lowered = text.toLowerCase();
  // Lowercasing can lengthen a string in rare scripts (İ); then character by character, keeping
  // one offset per code unit.
  const aligned = lowered.length === text.length;
  const chars: string[] = [];
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) continue;
    if (aligned) chars.push(lowered[i]!);
    else {
      const lower = text[i]!.toLowerCase();
      chars.push(lower.length === 1 ? lower : text[i]!);
    }
    offsets.push(i);
  }
  return { compact: chars.join(''), offsets };
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Range[] = [];
  for (const range of sorted) {
    const last = out[out.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([range[0], range[1]]);
  }
  return out;
}

/**
 * Where the needles occur in `text`, spaces in the text ignored (구조화면접 marks 구조화 면접),
 * case ignored; overlapping ranges merged, in order.
 */
export function markRanges(text: string, needles: readonly string[]): Range[] {
  const { compact, offsets } = compacted(text);
  const ranges: Range[] = [];
  for (const raw of new Set(needles)) {
    const needle = raw.replace(/\s+/g, '').toLowerCase();
    if (needle.length === 0) continue;
    for (let at = compact.indexOf(needle); at !== -1; at = compact.indexOf(needle, at + needle.length)) {
      ranges.push([offsets[at]!, offsets[at + needle.length - 1]! + 1]);
    }
  }
  return merge(ranges);
}

/** Where a run of initial consonants (ㅇㅂㄷ) falls in a title, or no range. */
export function initialsRanges(title: string, initials: string): Range[] {
  const positions: number[] = [];
  let sequence = '';
  for (let i = 0; i < title.length; i++) {
    if (!isSyllable(title[i]!)) continue;
    sequence += initialOf(title[i]!);
    positions.push(i);
  }
  const at = sequence.indexOf(initials);
  if (at === -1) return [];
  return [[positions[at]!, positions[at + initials.length - 1]! + 1]];
}

/** How many different needles' text the ranges inside [start, end) cover. */
function coverage(text: string, ranges: Range[], start: number, end: number): number {
  const seen = new Set<string>();
  for (const [a, b] of ranges) if (a >= start && b <= end) seen.add(text.slice(a, b).toLowerCase());
  return seen.size;
}

/**
 * About {@link EXCERPT_LENGTH} characters of `text` around the part with the most different
 * matches, with its highlight ranges; the start of the text when nothing matches.
 */
export function excerptOf(text: string, needles: readonly string[]): { excerpt: string; marks: Range[] } {
  const ranges = markRanges(text, needles);
  let start = 0;
  if (ranges.length > 0) {
    let best = -1;
    for (const [a] of ranges) {
      const from = Math.max(0, a - LEAD);
      const score = coverage(text, ranges, from, from + EXCERPT_LENGTH);
      if (score > best) {
        best = score;
        start = from;
      }
    }
    // Start at a word boundary when one is near, so the excerpt does not open mid-word.
    if (start > 0) {
      const space = text.lastIndexOf(' ', start);
      if (space !== -1 && start - space <= 12) start = space + 1;
    }
  }
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) {
    const space = text.indexOf(' ', end);
    if (space !== -1 && space - end <= 12) end = space;
  }
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < text.length ? ELLIPSIS : '';
  const body = text.slice(start, end);
  const marks: Range[] = [];
  for (const [a, b] of ranges) {
    const from = Math.max(a, start);
    const to = Math.min(b, end);
    if (from < to) marks.push([from - start + prefix.length, to - start + prefix.length]);
  }
  return { excerpt: prefix + body + suffix, marks };
}
