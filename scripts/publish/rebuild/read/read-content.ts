/**
 * Phase 1: the run's one read of the content API. A sweep reads everything; a poll reads the
 * first pages and what changed on them, on top of the last published snapshot (poll-plan.ts).
 * What the rebuild keeps of the API between runs sits beside Astro's cache: the base snapshot and
 * the answers with their validators, for the next run's conditional requests, and a full read's
 * journal until its snapshot is published (read-journal.ts).
 */
import { mkdirSync } from 'node:fs';
import type { Progress } from '../../lib/log.ts';
import type { RebuildOptions } from '../args.ts';
import type { OutputFolder } from '../output-folder.ts';
import type { RecordedCalls } from '../../../../src/lib/content/recorded-api.ts';
import { readAnswerRecord, writeAnswerRecord } from './answer-cache.ts';
import { readBaseSnapshot, sweepReason, writeBaseSnapshot } from './poll-plan.ts';
import { dropJournal, openJournal, resumableJournal } from './read-journal.ts';
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
    fetch,
  }: {
    folder: OutputFolder;
    apiUrl: string;
    progress: Progress;
    now: () => Date;
    signal?: AbortSignal | undefined;
    /** The API's transport (tests answer in memory). */
    fetch?: typeof globalThis.fetch | undefined;
  },
): Promise<ContentRead> {
  const files = folder.api;
  mkdirSync(files.dir, { recursive: true });
  const plan = readPlan(options, files, apiUrl, now());
  progress.step('준비', plan.line);
  // A full read (or one resuming it) keeps its answers as they come, until they are published.
  const journal = plan.journalStart
    ? openJournal(files.journal, { version: 1, apiUrl, startedAt: plan.journalStart })
    : null;
  let snapshot: Snapshot;
  try {
    snapshot = await takeSnapshot({
      apiUrl,
      timeoutMs: options.timeoutMs,
      progress,
      reader: { ratePerSecond: options.rate, concurrency: options.concurrency, ...(fetch ? { fetch } : {}) },
      base: plan.base,
      sweep: plan.sweep,
      refresh: options.items,
      answers: readAnswerRecord(files.answers),
      ...(signal ? { signal } : {}),
      ...(journal ? { onAnswer: journal.record, onStamps: journal.stamps } : {}),
    });
  } catch (error) {
    journal?.close();
    throw error;
  }
  journal?.complete(snapshot.recorded.modified ?? {});
  // Answers carry their own validators: right to reuse next time, whatever this run does next.
  writeAnswerRecord(files.answers, snapshot.answers);
  warnMissing(snapshot, options, progress);
  return {
    snapshot,
    keepBase: () => {
      writeBaseSnapshot(files.base, {
        version: 1,
        apiUrl,
        sweptAt: plan.sweptAt,
        recorded: snapshot.recorded,
      });
      dropJournal(files.journal);
    },
  };
}

interface ReadPlan {
  /** The progress line that says what is read. */
  line: string;
  base: RecordedCalls | null;
  sweep: boolean;
  /** The time a full read began (kept as the base's `sweptAt`). */
  sweptAt: string;
  /** The journal's start time, when this read keeps one (a full read, or one resuming it). */
  journalStart: string | null;
}

/**
 * A poll over the published base; a full read when one is due, or, when a full read was cut short
 * (or its build was) and its journal is younger than a sweep's interval, a poll over that journal.
 */
function readPlan(options: RebuildOptions, files: OutputFolder['api'], apiUrl: string, now: Date): ReadPlan {
  const base = readBaseSnapshot(files.base);
  const sweepWhy = sweepReason(base, apiUrl, now, options.sweepEveryMs, options.full);
  if (sweepWhy === null)
    return {
      line: `첫 페이지와 바뀐 항목만 읽습니다 (마지막 전체 읽기: ${base!.sweptAt})`,
      base: base!.recorded,
      sweep: false,
      sweptAt: base!.sweptAt,
      journalStart: null,
    };
  const resumed = options.full ? null : resumableJournal(files.journal, apiUrl, now, options.sweepEveryMs);
  if (resumed === null)
    return {
      line: `API 전체를 읽습니다 (${sweepWhy})`,
      // Not read from, but an item whose detail fails keeps its published version from it.
      base: base?.apiUrl === apiUrl ? base.recorded : null,
      sweep: true,
      sweptAt: now.toISOString(),
      journalStart: now.toISOString(),
    };
  const { startedAt } = resumed.header;
  return {
    line: `${startedAt}에 시작한 전체 읽기를 이어서 읽습니다: 응답 ${resumed.answers}건을 다시 쓰고, 첫 페이지와 바뀌었거나 아직 읽지 않은 것만 읽습니다 (${sweepWhy})`,
    base: resumed.recorded,
    sweep: false,
    sweptAt: startedAt,
    journalStart: startedAt,
  };
}

function warnMissing(snapshot: Snapshot, options: RebuildOptions, progress: Progress): void {
  const missing = missingItems(snapshot, options.items);
  if (missing.length > 0) {
    progress.step(
      '경고',
      `--item 으로 지정한 항목을 API에서 찾지 못했습니다: ${missing.map((id) => JSON.stringify(id)).join(', ')}`,
    );
  }
}
