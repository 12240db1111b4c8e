/** Retention: which old releases go after a publish. */
import { rmSync } from 'node:fs';
import type { Progress } from '../../lib/log.ts';
import type { OutputFolder } from '../output-folder.ts';
import { currentUntil, releasesByRecency } from './history.ts';
import { readHold } from './hold.ts';
import { currentRelease } from './releases.ts';

/**
 * Deletes releases beyond the `keep` most recently current ones, unless they were current
 * within the last `keepDays` days: pages loaded from them (open tabs, an edge's cache) still ask
 * for their hashed files, which `stage.ts --previous` serves from here, however many publishes
 * came since. Never the current release or one a rollback holds. Returns the deleted names.
 */
export function pruneReleases(folder: OutputFolder, keep: number, keepDays = 0, now = new Date()): string[] {
  const protectedNames = new Set(
    [currentRelease(folder), readHold(folder)?.release].filter((name): name is string => !!name),
  );
  const since = now.getTime() - keepDays * 86_400_000;
  const until = currentUntil(folder, now);
  const ranked = releasesByRecency(folder);
  const doomed = ranked
    .slice(keep)
    .filter((name) => !protectedNames.has(name) && (until.get(name) ?? 0) < since);
  for (const name of doomed) rmSync(folder.release(name), { recursive: true, force: true });
  return doomed;
}

/**
 * Prunes after a publish. A failure is reported, never thrown: `current` has already moved, so
 * the run ends as published with errors (exit 3), not as failed.
 */
export function pruneAfterPublish(
  folder: OutputFolder,
  retention: { keep: number; keepDays: number },
  {
    progress,
    now,
    prune = pruneReleases,
  }: { progress: Progress; now: () => Date; prune?: typeof pruneReleases | undefined },
): 'published' | 'published-with-errors' {
  let pruned: string[];
  try {
    pruned = prune(folder, retention.keep, retention.keepDays, now());
  } catch (error) {
    progress.fail(
      `게시는 완료되었습니다. 오래된 릴리스 정리에 실패했습니다: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'published-with-errors';
  }
  if (pruned.length > 0) progress.step('게시', `오래된 릴리스 ${pruned.length}개 삭제: ${pruned.join(', ')}`);
  return 'published';
}
