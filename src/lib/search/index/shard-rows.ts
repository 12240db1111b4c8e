/**
 * The rows a term shard carries (`r`, FORMAT.md): for each of its terms, the best `ROW_TOP`
 * documents' type, date, title and address. A query's term shards are asked for beside the entry
 * (shard-names.ts), so its first results can be drawn from them; on a slow network the fragments,
 * a round trip after the ranking, then bring only the excerpts.
 */
import { TITLE_WEIGHT } from '../format/doc-terms.ts';
import { decodePostings, isInitialsTerm, ROW_TOP, type Row, type WeightedPosting } from '../format/format.ts';

/** A posting's weight as the ranking weighs it: for `^` initials, the earliest and then the shortest title. */
function rowWeight(term: string, [, title, body]: WeightedPosting): number {
  if (isInitialsTerm(term)) return -(title * 1000 + body);
  if (term.startsWith('*')) return body;
  return TITLE_WEIGHT * title + body;
}

/**
 * The base slots of a term's best `ROW_TOP` documents, equal weights newest first (slot order).
 * A repeat of another document's text is left out: the ranking puts it after that one.
 */
export function bestSlots(term: string, encoded: string): number[] {
  const scored = decodePostings(encoded, isInitialsTerm(term))
    .filter((posting) => posting[3] === 0)
    .map((posting) => ({ slot: posting[0], weight: rowWeight(term, posting) }));
  return scored
    .sort((a, b) => b.weight - a.weight || a.slot - b.slot)
    .slice(0, ROW_TOP)
    .map(({ slot }) => slot);
}

/** The rows of a shard's terms' best documents, by slot (base 36), in slot order. */
export function shardRows(
  terms: readonly [string, string][],
  rowOf: (slot: number) => Row,
): Record<string, Row> {
  const slots = new Set<number>();
  for (const [term, encoded] of terms) for (const slot of bestSlots(term, encoded)) slots.add(slot);
  return Object.fromEntries(
    [...slots].sort((a, b) => a - b).map((slot) => [slot.toString(36), rowOf(slot)] as const),
  );
}
