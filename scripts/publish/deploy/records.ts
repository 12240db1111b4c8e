/**
 * `TARGET/deploys.jsonl`: one line per deploy that switched `current` — the release, when, and
 * the hashed files it references. Pruning reads it: a release was live from its line's `at` to
 * the next line's, and a hashed file stays while a release live within the last days names it.
 */

export interface DeployRecord {
  /** The release folder under `TARGET/releases/`. */
  release: string;
  /** When `current` was switched to it (ISO time of the deploying machine). */
  at: string;
  /** The release `current` pointed to before, live until `at` (`null` on the first deploy). */
  from: string | null;
  /** Pool paths of its hashed files (`_astro/client.Cd-EeyjT.js`), sorted. */
  assets: string[];
}

/** One line of deploys.jsonl (with its newline). */
export function formatRecord(record: DeployRecord): string {
  return `${JSON.stringify(record)}\n`;
}

/**
 * The records, oldest first. A line that does not parse (cut short by a full disk, edited by
 * hand) is skipped and counted: it must not stop a deploy, but pruning then keeps every hashed
 * file (see prune.ts), as it can no longer tell what that release needed.
 */
export function parseRecords(text: string): { records: DeployRecord[]; unreadable: number } {
  const records: DeployRecord[] = [];
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line) as Partial<DeployRecord>;
      if (
        typeof value.release === 'string' &&
        typeof value.at === 'string' &&
        !Number.isNaN(Date.parse(value.at)) &&
        Array.isArray(value.assets) &&
        value.assets.every((asset) => typeof asset === 'string')
      ) {
        records.push({
          release: value.release,
          at: value.at,
          from: value.from ?? null,
          assets: value.assets,
        });
        continue;
      }
    } catch {
      // counted below
    }
    unreadable++;
  }
  return { records, unreadable };
}
