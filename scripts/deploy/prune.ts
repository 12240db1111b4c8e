/**
 * What a deploy may delete on the host. Pages cached at an edge (5 minutes by `_headers`) and
 * tabs left open for days still ask for the hashed files of the release they came from, so
 * nothing a recent release needs may go:
 *
 * - a pool file is deleted only when no release deployed within the last `keepDays` days names
 *   it, nor the live one, and it was not touched (by a deploy using it) within those days either;
 * - a release folder likewise: never the live one, nor one deployed or touched within the days;
 * - deploys.jsonl loses the lines of releases that are gone and older than the days.
 *
 * The file times cover what the records cannot: a deploy that switched but failed to write its
 * line. When the live release has no line at all, or a line did not parse, no pool file is
 * deleted: what the live pages need is then unknown.
 */
import type { DeployRecord } from './records.ts';

const DAY_MS = 86_400_000;

export interface PruneInput {
  now: Date;
  keepDays: number;
  /** The live release (after this deploy's switch). */
  current: string | null;
  /** Release folders with their modification time. */
  releases: ReadonlyMap<string, number>;
  /** Pool files with their modification time. */
  pool: ReadonlyMap<string, number>;
  /** Every record, this deploy's included. */
  records: readonly DeployRecord[];
  unreadableRecords: number;
}

export interface PrunePlan {
  releases: string[];
  pool: string[];
  /** The records to keep, or `null` when none is dropped. */
  records: DeployRecord[] | null;
  /** Why no pool file is deleted this time (Korean), or `null`. */
  poolHeld: string | null;
}

export function planPrune(input: PruneInput): PrunePlan {
  const since = input.now.getTime() - input.keepDays * DAY_MS;
  const recent = input.records.filter((record) => Date.parse(record.at) >= since);

  const lastDeployed = new Map<string, number>();
  for (const record of input.records) {
    lastDeployed.set(record.release, Math.max(lastDeployed.get(record.release) ?? 0, Date.parse(record.at)));
  }
  const releases = [...input.releases]
    .filter(([name, mtime]) => name !== input.current && Math.max(mtime, lastDeployed.get(name) ?? 0) < since)
    .map(([name]) => name)
    .sort();

  let poolHeld: string | null = null;
  const liveRecord = input.records.findLast((record) => record.release === input.current);
  if (input.current !== null && !liveRecord)
    poolHeld = `게시 중인 릴리스(${input.current})의 기록이 deploys.jsonl에 없습니다`;
  if (input.unreadableRecords > 0)
    poolHeld = `deploys.jsonl에 읽을 수 없는 줄이 ${input.unreadableRecords}개 있습니다`;
  const needed = new Set([...recent, ...(liveRecord ? [liveRecord] : [])].flatMap((record) => record.assets));
  const pool =
    poolHeld === null
      ? [...input.pool]
          .filter(([file, mtime]) => !needed.has(file) && mtime < since)
          .map(([file]) => file)
          .sort()
      : [];

  const gone = new Set(releases);
  const keptRecords = input.records.filter(
    (record) =>
      Date.parse(record.at) >= since ||
      (input.releases.has(record.release) && !gone.has(record.release)) ||
      record.release === input.current,
  );
  // Rewriting the file would lose the lines that did not parse: leave it as it is then.
  const unchanged = keptRecords.length === input.records.length || input.unreadableRecords > 0;
  return { releases, pool, records: unchanged ? null : keptRecords, poolHeld };
}
