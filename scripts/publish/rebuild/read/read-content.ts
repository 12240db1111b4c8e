/**
 * Phase 1: the run's one read of the content API. A sweep reads everything; a poll reads the
 * first pages and what changed on them, on top of the last published snapshot (poll-plan.ts).
 * What the rebuild keeps of the API between runs sits beside Astro's cache: the base snapshot and
 * the answers with their validators, for the next run's conditional requests.
 */
import { mkdirSync } from 'node:fs';
import type { Progress } from '../../lib/log.ts';
import type { RebuildOptions } from '../args.ts';
import type { OutputFolder } from '../output-folder.ts';
import { readAnswerRecord, writeAnswerRecord } from './answer-cache.ts';
import { readBaseSnapshot, sweepReason, writeBaseSnapshot } from './poll-plan.ts';
import { missingItems, takeSnapshot, type Snapshot } from './snapshot.ts';

export interface ContentRead {
  snapshot: Snapshot;
  /** Keeps this snapshot as the base of the next poll: once it is published, or found unchanged. */
  keepBase(): void;
}

/** Reads the content, warning about `--item` ids the API does not have. */
export async function readContent(
  options: RebuildOptions,
  {
    folder,
    apiUrl,
    progress,
    now,
    signal,
  }: {
    folder: OutputFolder;
    apiUrl: string;
    progress: Progress;
    now: () => Date;
    signal?: AbortSignal | undefined;
  },
): Promise<ContentRead> {
  const files = folder.api;
  mkdirSync(files.dir, { recursive: true });
  const base = readBaseSnapshot(files.base);
  const sweepWhy = sweepReason(base, apiUrl, now(), options.sweepEveryMs, options.full);
  progress.step(
    '준비',
    sweepWhy
      ? `API 전체를 읽습니다 (${sweepWhy})`
      : `첫 페이지와 바뀐 항목만 읽습니다 (마지막 전체 읽기: ${base!.sweptAt})`,
  );
  const snapshot = await takeSnapshot({
    apiUrl,
    timeoutMs: options.timeoutMs,
    progress,
    reader: { ratePerSecond: options.rate, concurrency: options.concurrency },
    base: base?.apiUrl === apiUrl ? base.recorded : null,
    sweep: sweepWhy !== null,
    refresh: options.items,
    answers: readAnswerRecord(files.answers),
    ...(signal ? { signal } : {}),
  });
  // Answers carry their own validators: right to reuse next time, whatever this run does next.
  writeAnswerRecord(files.answers, snapshot.answers);
  const sweptAt = sweepWhy !== null ? now().toISOString() : base!.sweptAt;
  const missing = missingItems(snapshot, options.items);
  if (missing.length > 0) {
    progress.step(
      '경고',
      `--item 으로 지정한 항목을 API에서 찾지 못했습니다: ${missing.map((id) => JSON.stringify(id)).join(', ')}`,
    );
  }
  return {
    snapshot,
    keepBase: () =>
      writeBaseSnapshot(files.base, { version: 1, apiUrl, sweptAt, recorded: snapshot.recorded }),
  };
}
