/**
 * Phase 1: a snapshot of everything the build renders, fetched with the typed client and
 * validated by the contract's schemas — the same calls the content loaders make
 * (`src/lib/content/build-data.ts`), so hashing the snapshot tells whether a build would differ.
 * The reads themselves are snapshot-reader.ts, a poll's plan snapshot-poll.ts.
 */
import type { PoliteFetchOptions } from '../../../../src/lib/api/polite-fetch.ts';
import type { ContentItem } from '../../../../src/lib/api/schemas.ts';
import {
  fetchArticles,
  fetchCardLists,
  fetchListFirstPages,
  fetchPatents,
  type ArticleData,
  type ListEntryData,
  type PatentData,
} from '../../../../src/lib/content/build-data.ts';
import type { RecordedAnswer, RecordedCalls } from '../../../../src/lib/content/recorded-api.ts';
import type { ListId } from '../../../../src/lib/routes.ts';
import type { Progress } from '../../lib/log.ts';
import type { AnswerRecord } from './answer-cache.ts';
import { planPoll } from './snapshot-poll.ts';
import { PHASE, SnapshotError, SnapshotReader } from './snapshot-reader.ts';

/** Everything the site is built from. */
export interface Snapshot {
  apiUrl: string;
  lists: Record<ListId, ListEntryData>;
  /** Every item of the lists without detail pages, for the site search (`fetchCardLists`). */
  cardLists: Partial<Record<ListId, ContentItem[]>>;
  hrStories: ArticleData[];
  successStories: ArticleData[];
  patents: PatentData[];
  /** API calls made (retries not counted). */
  requests: number;
  /** Answer bytes received. */
  bytes: number;
  /** Answers the API confirmed unchanged (`304`), reused from the previous run. */
  notModified: number;
  retries: number;
  /** This run's answers with their validators, for the next run's conditional requests. */
  answers: AnswerRecord;
  /** Every answer, for the build to render from (`CONTENT_SNAPSHOT_FILE`): one read per run. */
  recorded: RecordedCalls;
  /** Items left out (bad id, missing or broken detail), one Korean line each. */
  warnings: string[];
}

export interface SnapshotOptions {
  apiUrl: string;
  /** Per-attempt time-out in milliseconds. */
  timeoutMs: number;
  progress: Progress;
  /** How politely to read the API (concurrency, rate, retries); see `polite-fetch.ts`. */
  reader?: Omit<PoliteFetchOptions, 'timeoutMs' | 'signal'>;
  /** The last published snapshot: a poll builds on it, and an item whose detail fails keeps its version. */
  base?: RecordedCalls | null;
  /** Read everything (a sweep) rather than only the first pages and what changed on them. */
  sweep?: boolean;
  /**
   * Items named with `--item` (ids, detail keys or patent tags): their card and detail are read
   * again wherever they are (`namedItemReads` in `poll-plan.ts`).
   */
  refresh?: readonly string[];
  /** The previous run's answers, for a poll's conditional requests (a sweep asks without them). */
  answers?: AnswerRecord;
  /** The run's deadline: aborts every call. */
  signal?: AbortSignal;
  /**
   * Detail calls that may fail (after retries) before the run gives up: at most this share of
   * them, and never fewer than three. Beyond it the API is having an outage, not an item a bad day.
   */
  maxFailedDetailShare?: number;
  /** Each answer as it is recorded (read-journal.ts). */
  onAnswer?: (key: string, answer: RecordedAnswer) => void;
  /** The first pages' stamps, once they are read (read-journal.ts). */
  onStamps?: (modified: Record<string, string>) => void;
}

/**
 * Fetches and validates the snapshot: a sweep reads everything, a poll the first pages and what
 * changed on them (`poll-plan.ts`). @throws {SnapshotError} when a call other than one item's
 * detail fails after its retries, or too many details do.
 */
export async function takeSnapshot({
  apiUrl,
  timeoutMs,
  progress,
  reader: readerOptions = {},
  base = null,
  sweep = true,
  refresh = [],
  answers = {},
  signal,
  maxFailedDetailShare = 0.1,
  onAnswer,
  onStamps,
}: SnapshotOptions): Promise<Snapshot> {
  const reader = new SnapshotReader({
    apiUrl,
    timeoutMs,
    progress,
    reader: readerOptions,
    base,
    sweep,
    refresh,
    answers,
    signal,
    onAnswer,
  });
  progress.step(
    PHASE,
    `콘텐츠 API ${apiUrl} 에서 ${reader.polling ? '첫 페이지와 바뀐 항목만' : '전체를'} 가져오는 중`,
  );
  try {
    const firstPages = await fetchListFirstPages(reader.fetcher);
    progress.step(PHASE, `목록 첫 페이지 ${firstPages.length}개 (배너·주제 포함)`);
    const modified = reader.firstPageStamps();
    onStamps?.(modified);
    if (reader.polling && reader.baseReplay && base)
      await planPoll(reader, reader.baseReplay, modified, base);
    const content = await fetchContent(reader);
    checkFailedDetails(reader, maxFailedDetailShare);
    const lists = Object.fromEntries(firstPages.map(({ id, data }) => [id, data])) as Record<
      ListId,
      ListEntryData
    >;
    return finish(reader, { lists, ...content }, modified);
  } catch (error) {
    if (signal?.aborted) throw new SnapshotError('실행 제한 시간이 지나 API 읽기를 멈췄습니다.');
    throw reader.failure ?? error;
  }
}

/** The card lists and the long lists' items with their details. */
async function fetchContent(reader: SnapshotReader) {
  const cardLists = await fetchCardLists(reader.fetcher);
  const [hrStories, successStories, patents] = await Promise.all([
    fetchArticles(reader.fetcher, 'hrStoryTags', reader.warn),
    fetchArticles(reader.fetcher, 'successSearch', reader.warn),
    fetchPatents(reader.fetcher, reader.warn),
  ]);
  reader.options.progress.step(
    PHASE,
    `HR 이야기 ${hrStories.length}건, 성공 사례 ${successStories.length}건, 특허 ${patents.length}건 (상세 포함)`,
  );
  return { cardLists, hrStories, successStories, patents };
}

/** Beyond a share of failed details the API is having an outage, not an item a bad day. */
function checkFailedDetails(reader: SnapshotReader, maxFailedDetailShare: number): void {
  const { detailCalls, failedDetails } = reader;
  const allowed = Math.max(3, Math.floor(detailCalls * maxFailedDetailShare));
  if (failedDetails > allowed) {
    throw new SnapshotError(
      `상세 호출 ${detailCalls}건 중 ${failedDetails}건이 재시도 후에도 실패했습니다 (허용: ${allowed}건). 콘텐츠 API 장애로 보고 게시하지 않습니다.`,
    );
  }
}

/** The snapshot from what was read, with the closing progress line. */
function finish(
  reader: SnapshotReader,
  content: Pick<Snapshot, 'lists' | 'cardLists' | 'hrStories' | 'successStories' | 'patents'>,
  modified: Record<string, string>,
): Snapshot {
  const { apiUrl, progress } = reader.options;
  const stats = reader.polite.stats();
  const reuse = reader.conditional.notModified();
  progress.step(
    PHASE,
    `완료: API 호출 ${stats.calls}건` +
      (reuse > 0 ? `, 그중 변경 없음(304) ${reuse}건` : '') +
      (stats.retries > 0 ? `, 재시도 ${stats.retries}건` : '') +
      `, 응답 ${formatBytes(stats.bytes)}`,
  );
  return {
    apiUrl,
    ...content,
    requests: stats.calls,
    bytes: stats.bytes,
    notModified: reuse,
    retries: stats.retries,
    answers: reader.conditional.answers(),
    recorded: {
      version: 1,
      apiUrl,
      calls: sortedCalls(reader.calls),
      ...(Object.keys(modified).length > 0 ? { modified } : {}),
    },
    warnings: reader.warnings,
  };
}

/**
 * The ids named with `--item` (ids, detail keys or patent tags) that are nowhere in the snapshot:
 * in no list, on no page of it. An item further down a card list (an FAQ on page 2) is found.
 */
export function missingItems(snapshot: Snapshot, ids: readonly string[]): string[] {
  const known = new Set<string>();
  for (const entry of [...snapshot.hrStories, ...snapshot.successStories, ...snapshot.patents])
    known.add(entry.id).add(entry.item.analytics_page_id);
  const items = [
    ...Object.values(snapshot.lists).flatMap((list) => list.first.objects),
    ...Object.values(snapshot.cardLists).flat(),
  ];
  for (const item of items) known.add(item.analytics_page_id);
  return ids.filter((id) => !known.has(id));
}

/** Calls in key order, so the same content always writes the same snapshot file. */
function sortedCalls(calls: RecordedCalls['calls']): RecordedCalls['calls'] {
  return Object.fromEntries(Object.entries(calls).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
