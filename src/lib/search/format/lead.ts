/**
 * A document's lead, as the entry carries it: the builder writes it, the engine shows it as a
 * result's excerpt before the text file arrives, and an excerpt window cut from a text ends the
 * same way.
 */

/** What a text cut short ends (or starts) with. */
export const ELLIPSIS = '…';

/** Characters of a document's lead: one line of a result on a phone, carried in the entry. */
export const LEAD_LENGTH = 60;

/**
 * The start of a text as the entry carries it, cut at a word boundary when one is near, with an
 * ellipsis when the text goes on: the excerpt a result shows before its text file arrives.
 */
export function leadOf(text: string, length: number = LEAD_LENGTH): string {
  if (text.length <= length) return text;
  let end = length;
  const space = text.lastIndexOf(' ', end);
  if (space > length / 2) end = space;
  return text.slice(0, end) + ELLIPSIS;
}
