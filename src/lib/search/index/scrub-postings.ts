/**
 * What a publish over the previous index takes out of its term shards: the postings a removed
 * document, or the text an edit cut, left under the document's slot. Chained, a slot's grams give
 * its sentences back (`개인정보 인정보홍 …`), so a base shard holding them is rewritten without
 * them, under a new name (`rewrittenShardName`), and its old name is withdrawn from the release.
 */
import { FORMAT_VERSION, type Row, type TermShard } from '../format/format.ts';
import { countDocTerms, docWeights } from '../format/doc-terms.ts';

/**
 * A base slot whose postings may hold removed text (its document deleted, or changed since the
 * base): the terms its current title and text still post, the only ones that may stay posted
 * under it (none for a deleted document); and its current row, against which its old rows are
 * kept or dropped (`keepsRow`; none for a deleted document: all dropped).
 */
export interface StaleSlot {
  terms: ReadonlySet<string>;
  row: Row | null;
}
export type StaleSlots = ReadonlyMap<number, StaleSlot>;

/**
 * Whether a row shows nothing its document no longer has: the same address, date and type, and a
 * title the current one still says (a title only added to keeps its rows; the delta, which the
 * searcher reads before any row, shows the new one).
 */
const keepsRow = (row: Row, now: Row | null) =>
  now !== null &&
  row.i === now.i &&
  row.t === now.t &&
  row.d === now.d &&
  row.u === now.u &&
  now.ti.includes(row.ti);

/** The terms a document's title and text post now (grams, words, initials, prefixes): what its slot may keep. */
export function currentGrams(title: string, text: string, gram: number): Set<string> {
  const weights = docWeights(countDocTerms(title, text, gram), { averageTitle: 1, averageBody: 1 }, gram);
  return new Set(weights.keys());
}

/** A term's postings without the stale slots' (a term they no longer say), gaps taken again; null when none went. */
function scrubbedPostings(term: string, encoded: string, stale: StaleSlots): string | null {
  let slot = 0;
  let previous = 0;
  let dropped = false;
  const kept: string[] = [];
  for (const part of encoded.split(',')) {
    const dot = part.indexOf('.');
    slot += parseInt(part.slice(0, dot), 36);
    if (!(stale.get(slot)?.terms.has(term) ?? true)) {
      dropped = true;
      continue;
    }
    kept.push((slot - previous).toString(36) + part.slice(dot));
    previous = slot;
  }
  return dropped ? kept.join(',') : null;
}

/**
 * The shard without the stale slots' postings of terms their documents no longer have (a term
 * left with none is dropped) and without their rows; null when it has none of them, and keeps
 * its name and bytes.
 * Every posting under such a slot is looked at, not only the terms of its last known text.
 */
export function scrubbedShard(shard: TermShard, stale: StaleSlots): TermShard | null {
  const rows = Object.entries(shard.r ?? {});
  const keptRows = rows.filter(([slot, row]) => {
    const now = stale.get(parseInt(slot, 36));
    return now === undefined || keepsRow(row, now.row);
  });
  let dropped = keptRows.length < rows.length;
  const kept: [string, string][] = [];
  for (const [term, encoded] of Object.entries(shard.t)) {
    const left = scrubbedPostings(term, encoded, stale);
    if (left === null) kept.push([term, encoded]);
    else {
      dropped = true;
      if (left !== '') kept.push([term, left]);
    }
  }
  // fromEntries, not assignment: a term such as `__proto__` stays a key.
  return dropped ? { v: FORMAT_VERSION, t: Object.fromEntries(kept), r: Object.fromEntries(keptRows) } : null;
}
