/**
 * What a publish over the previous index takes out of its term shards: the postings a removed
 * document, or the text an edit cut, left under the document's slot. Chained, a slot's grams give
 * its sentences back (`개인정보 인정보홍 …`), so a base shard holding them is rewritten without
 * them, under a new name (`rewrittenShardName`), and its old name is withdrawn from the release.
 */
import { decodePostings, encodePostings, FORMAT_VERSION, type TermShard } from '../format/format.ts';
import { gramTerms } from '../format/tokenize.ts';

/**
 * By base slot whose postings may hold removed text (its document deleted, or changed since the
 * base), the grams its current title and text still have: the only ones that may stay posted
 * under it. Empty for a deleted document.
 */
export type StaleSlots = ReadonlyMap<number, ReadonlySet<string>>;

/** The grams a document's title and text have now: what its slot may keep in the base shards. */
export function currentGrams(title: string, text: string, gram: number): Set<string> {
  return new Set([...gramTerms(title, gram).terms, ...gramTerms(text, gram).terms]);
}

/**
 * The shard without the stale slots' postings of grams their documents no longer have (a term
 * left with none is dropped); null when it posts none of them, and keeps its name and bytes.
 * Every posting under such a slot is looked at, not only the grams of its last known text: an
 * index published before postings were scrubbed may hold older ones still.
 */
export function scrubbedShard(shard: TermShard, stale: StaleSlots): TermShard | null {
  let dropped = false;
  const kept: [string, string][] = [];
  for (const [term, encoded] of Object.entries(shard.t)) {
    const postings = decodePostings(encoded);
    const left = postings.filter(([slot]) => stale.get(slot)?.has(term) ?? true);
    if (left.length === postings.length) {
      kept.push([term, encoded]);
      continue;
    }
    dropped = true;
    if (left.length > 0) kept.push([term, encodePostings(left)]);
  }
  // fromEntries, not assignment: a term such as `__proto__` stays a key.
  return dropped ? { v: FORMAT_VERSION, t: Object.fromEntries(kept) } : null;
}
