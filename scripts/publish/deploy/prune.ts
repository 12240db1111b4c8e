/**
 * What a deploy may delete on the host. Pages cached at an edge (5 minutes by `_headers`) and
 * tabs left open for days still ask for the hashed files of the release they came from, so
 * nothing a release live within the last `keepDays` days needs may go. Days count from when a
 * release *stopped* being live, not from its deploy: the release this deploy just replaced was
 * live a moment ago, however long ago it was deployed.
 *
 * - a release was live until the next switch away from it: the `at` of the record after its own,
 *   or of a record naming it as `from`; the live one is live now;
 * - a pool file is deleted only when no release live within the days names it, and it was not
 *   touched (by a deploy using it) within those days either;
 * - a release folder likewise: never the live one, nor one live or touched within the days;
 * - deploys.jsonl loses the lines of releases that are gone and older than the days.
 *
 * The site search's files are the exception (deleted means gone): one the live release does not
 * name is deleted now, whatever the days, since it may hold text the content team removed
 * (scripts/publish/lib/withdrawn.ts); a page still open reads the search entry again. Only when
 * the live release's own record is missing, and with it the list of its search files, is none
 * deleted.
 *
 * The file times cover what the records cannot: a deploy that switched but failed to write its
 * line. When a release live within the days has no line at all (the live one included), or a
 * line did not parse, no pool file is deleted: what its pages need is then unknown.
 */
import { liveUntil as liveUntilBySwitch } from '../lib/release.ts';
import { isWithdrawable } from '../lib/withdrawn.ts';
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
  /** Of `pool`, the search files the live release does not name: deleted now, whatever the days. */
  withdrawn: string[];
  /** The records to keep, or `null` when none is dropped. */
  records: DeployRecord[] | null;
  /** Why no pool file is deleted this time (Korean), or `null`. */
  poolHeld: string | null;
}

/** When each release named in the records stopped being live (ms): see the rebuild's {@link liveUntilBySwitch}. */
export function liveUntil(
  records: readonly DeployRecord[],
  current: string | null,
  now: number,
): Map<string, number> {
  return liveUntilBySwitch(
    records.map((record) => ({ release: record.release, from: record.from, at: Date.parse(record.at) })),
    current,
    now,
  );
}

export function planPrune(input: PruneInput): PrunePlan {
  const now = input.now.getTime();
  const since = now - input.keepDays * DAY_MS;
  const until = liveUntil(input.records, input.current, now);
  const liveWithin = (release: string) => (until.get(release) ?? 0) >= since;

  const releases = [...input.releases]
    .filter(([name, mtime]) => name !== input.current && !liveWithin(name) && mtime < since)
    .map(([name]) => name)
    .sort();

  let poolHeld: string | null = null;
  const recorded = new Set(input.records.map((record) => record.release));
  const unrecorded = [...until.keys()].filter((name) => liveWithin(name) && !recorded.has(name)).sort();
  if (input.current !== null && !recorded.has(input.current))
    poolHeld = `게시 중인 릴리스(${input.current})의 기록이 deploys.jsonl에 없습니다`;
  else if (unrecorded.length > 0)
    poolHeld = `${input.keepDays}일 안에 게시 중이던 릴리스(${unrecorded.join(', ')})의 기록이 deploys.jsonl에 없습니다`;
  if (input.unreadableRecords > 0)
    poolHeld = `deploys.jsonl에 읽을 수 없는 줄이 ${input.unreadableRecords}개 있습니다`;
  const needed = new Set(
    input.records.filter((record) => liveWithin(record.release)).flatMap((record) => record.assets),
  );
  const aged =
    poolHeld === null
      ? [...input.pool].filter(([file, mtime]) => !needed.has(file) && mtime < since).map(([file]) => file)
      : [];
  const withdrawn = withdrawnFiles(input);
  const pool = [...new Set([...aged, ...withdrawn])].sort();

  const gone = new Set(releases);
  const keptRecords = input.records.filter(
    (record) =>
      Date.parse(record.at) >= since ||
      liveWithin(record.release) ||
      (input.releases.has(record.release) && !gone.has(record.release)),
  );
  // Rewriting the file would lose the lines that did not parse: leave it as it is then.
  const unchanged = keptRecords.length === input.records.length || input.unreadableRecords > 0;
  return { releases, pool, withdrawn, records: unchanged ? null : keptRecords, poolHeld };
}

/** Pool files that may hold removed text and the live release does not name (none when its record is missing). */
function withdrawnFiles(input: PruneInput): string[] {
  const live = input.records.findLast((record) => record.release === input.current);
  if (!live) return [];
  const kept = new Set(live.assets);
  return [...input.pool.keys()].filter((file) => isWithdrawable(file) && !kept.has(file)).sort();
}
