/**
 * The nightly rebuild, phase by phase: snapshot → change detection → build (from the
 * snapshot) → validation → atomic publish. Any failure before the switch leaves `current`
 * exactly as it was; a failure after it is reported as such, with its own exit code.
 */
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAnswerRecord, writeAnswerRecord } from './answer-cache.ts';
import { readBaseSnapshot, sweepReason, writeBaseSnapshot } from './poll-plan.ts';
import type { RebuildOptions } from './args.ts';
import { outputPathToRoute, runAstroBuild } from './build.ts';
import { codeDigest, configDigest } from './code-digest.ts';
import { emptyLists, shrunkCounts, snapshotCounts } from './guard.ts';
import { acquireLock, type Lock } from './lock.ts';
import type { Progress } from './log.ts';
import {
  CHANGED_ROUTES_FILE,
  diffRoutes,
  isUnchanged,
  MANIFEST_FILE,
  readManifest,
  type ChangedRoutes,
  type ChangedRoutesFile,
  type ReleaseManifest,
} from './manifest.ts';
import {
  currentRelease,
  layout,
  listReleases,
  newReleaseName,
  pruneReleases,
  readHold,
  releaseHold,
  rollback,
  switchCurrent,
  unfinishedRollback,
} from './releases.ts';
import { diffOtherFiles } from './other-files.ts';
import { dynamicRoutes, listPageFiles, routeDigests, routeFile } from './routes.ts';
import { takeSnapshot, type Snapshot } from './snapshot.ts';
import { addressesIn, contentLinkTargets, validateOutput } from './validate.ts';
import { SNAPSHOT_FILE_ENV } from '../../src/lib/content/recorded-api.ts';

export interface RunContext {
  /** The project root (where `astro.config.mjs` is). */
  root: string;
  apiUrl: string;
  progress: Progress;
  /** Clock for release names and the history. */
  now?: () => Date;
  /** The environment the build configuration is read from (default: `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Pruning after the switch (replaced in tests to make it fail). */
  prune?: typeof pruneReleases;
  /** Stops the run from outside (a signal to the CLI), like the deadline does. */
  signal?: AbortSignal;
}

/** Where the rebuild keeps what it knows of the API between runs (beside Astro's cache). */
export function apiStateFiles(out: string) {
  return { base: join(out, 'api', 'snapshot.json'), answers: join(out, 'api', 'answers.json') };
}

/**
 * How a run ended; the CLI maps it to the exit code: 0 for published, unchanged, rolled back
 * and held; 1 for failed (current untouched); 3 for published with a later step failed.
 */
export type RunOutcome = 'published' | 'unchanged' | 'rolled-back' | 'held' | 'failed' | 'published-with-errors';

/** Exit code of each outcome. */
export const EXIT_CODES: Record<RunOutcome, number> = {
  published: 0,
  unchanged: 0,
  'rolled-back': 0,
  held: 0,
  failed: 1,
  'published-with-errors': 3,
};

/** Set once `current` moved, so a later failure is never reported as "current unchanged". */
interface RunState {
  switched: string | null;
}

/** Runs the rebuild (or the rollback) once. Never throws: failures are reported and returned. */
export async function runRebuild(options: RebuildOptions, context: RunContext): Promise<RunOutcome> {
  const { progress } = context;
  const state: RunState = { switched: null };
  let lock: Lock | undefined;
  let outcome: RunOutcome;
  // The deadline: a hung API, build or share picture must not hold the lock forever.
  const deadline = new AbortController();
  const timer =
    options.deadlineMs > 0
      ? setTimeout(() => deadline.abort(new DeadlineError(options.deadlineMs)), options.deadlineMs)
      : undefined;
  const stopFromOutside = () => deadline.abort(new Error('실행이 중단되었습니다.'));
  context.signal?.addEventListener('abort', stopFromOutside, { once: true });
  const expired = new Promise<never>((_, reject) => {
    deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason as Error), { once: true });
  });
  expired.catch(() => {});
  try {
    mkdirSync(options.out, { recursive: true });
    lock = acquireLock(layout(options.out).lock);
    if (options.rollback) {
      const { from, to, skipped, error } = rollback(options.out, (context.now ?? (() => new Date()))());
      state.switched = to;
      for (const line of skipped) progress.step('되돌리기', `건너뜀 (온전하지 않음): ${line}`);
      progress.step('되돌리기', `current: ${from} → ${to}`);
      progress.step('되돌리기', '다음 실행부터 이 릴리스를 유지합니다. 다시 게시하려면 --resume 으로 실행해 주세요.');
      reportToCi({ published: 'true', release: to });
      // `current` moved, but recording it failed: reported as such (exit 3) by the catch below.
      if (error) throw error;
      outcome = 'rolled-back';
    } else {
      // Never past the deadline, whatever step hangs; the build is killed by the same signal.
      outcome = await Promise.race([rebuild(options, { ...context, signal: deadline.signal }, state), expired]);
    }
  } catch (error) {
    progress.fail(error instanceof Error ? error.message : String(error));
    if (state.switched) {
      progress.fail(`게시는 완료되었습니다 (current → ${state.switched}). 그 뒤 단계가 실패했습니다.`);
      outcome = 'published-with-errors';
    } else {
      if (!options.rollback) progress.fail('게시된 사이트(current)는 바뀌지 않았습니다.');
      outcome = 'failed';
    }
  }
  clearTimeout(timer);
  context.signal?.removeEventListener('abort', stopFromOutside);
  if (deadline.signal.aborted && !state.switched) {
    // Whatever the step was doing, nothing of it may be published later.
    rmSync(layout(options.out).staging, { recursive: true, force: true });
  }
  if (lock && !lock.release()) {
    progress.fail('잠금이 이미 다른 실행으로 넘어가 있어 풀지 않았습니다.');
  }
  return outcome;
}

/** The run's time limit was reached. */
class DeadlineError extends Error {
  constructor(ms: number) {
    const limit = ms >= 60_000 ? `${Math.round(ms / 60_000)}분` : `${Math.round(ms / 1000)}초`;
    super(`실행 제한 시간(${limit})이 지나 멈췄습니다. 진행 중이던 API 읽기나 빌드를 중단했습니다.`);
    this.name = 'DeadlineError';
  }
}

async function rebuild(
  options: RebuildOptions,
  { root, apiUrl, progress, now = () => new Date(), env = process.env, prune = pruneReleases, signal }: RunContext,
  state: RunState,
): Promise<RunOutcome> {
  const paths = layout(options.out);
  const warn = (message: string) => progress.step('경고', message);
  if (options.resume && releaseHold(options.out, now())) progress.step('준비', '되돌리기 후의 유지를 풀었습니다.');
  const hold = readHold(options.out);
  if (hold) {
    const unfinished = unfinishedRollback(options.out);
    console.log(
      unfinished
        ? `되돌리기(→ ${unfinished})가 끝나지 않은 채 멈춰 있어 게시하지 않습니다. --rollback 으로 다시 실행해 마무리하거나 --resume 으로 유지를 풀어 주세요.`
        : `되돌린 릴리스(${hold.release})를 유지하는 중이라 게시하지 않습니다. 다시 게시하려면 --resume 으로 실행해 주세요.`,
    );
    reportToCi({ published: 'false' });
    return 'held';
  }
  const published = currentRelease(options.out);
  const previous = published ? readManifest(join(paths.current, MANIFEST_FILE), warn) : null;
  progress.step('준비', published ? `게시 중인 릴리스: ${published}` : '게시된 릴리스가 없습니다 (첫 빌드)');

  // 1. Snapshot: a poll reads the first pages and what changed on them; a sweep reads everything.
  const apiFiles = apiStateFiles(options.out);
  mkdirSync(join(options.out, 'api'), { recursive: true });
  const base = readBaseSnapshot(apiFiles.base);
  const sweepWhy = sweepReason(base, apiUrl, now(), options.sweepEveryMs, options.full);
  progress.step(
    '준비',
    sweepWhy ? `API 전체를 읽습니다 (${sweepWhy})` : `첫 페이지와 바뀐 항목만 읽습니다 (마지막 전체 읽기: ${base!.sweptAt})`,
  );
  const snapshot = await takeSnapshot({
    apiUrl,
    timeoutMs: options.timeoutMs,
    progress,
    reader: { ratePerSecond: options.rate, concurrency: options.concurrency },
    base: base?.apiUrl === apiUrl ? base.recorded : null,
    sweep: sweepWhy !== null,
    refresh: options.items,
    answers: readAnswerRecord(apiFiles.answers),
    ...(signal ? { signal } : {}),
  });
  // Answers carry their own validators: right to reuse next time, whatever this run does next.
  writeAnswerRecord(apiFiles.answers, snapshot.answers);
  const sweptAt = sweepWhy !== null ? now().toISOString() : base!.sweptAt;
  const keepBase = () => writeBaseSnapshot(apiFiles.base, { version: 1, apiUrl, sweptAt, recorded: snapshot.recorded });
  const missingItems = options.items.filter((id) => !snapshotHasItem(snapshot, id));
  if (missingItems.length > 0)
    warn(`--item 으로 지정한 항목을 API에서 찾지 못했습니다: ${missingItems.map((id) => JSON.stringify(id)).join(', ')}`);

  const counts = snapshotCounts(snapshot);
  // The guard compares with the newest release that has counts: an unreadable manifest or a
  // dangling `current` must not switch it off.
  const baseline = guardBaseline(options.out, previous, warn);
  const shrunk = shrunkCounts(baseline?.counts, counts, options.minRatio);
  if (shrunk.length > 0) {
    progress.fail(`렌더링할 콘텐츠가 이전 릴리스보다 크게 줄어 게시하지 않습니다: ${shrunk.join(', ')}`);
    progress.fail('콘텐츠가 맞다면 --min-ratio 를 낮춰 다시 실행해 주세요.');
    return 'failed';
  }
  if (!baseline) {
    const empty = emptyLists(counts);
    if (empty.length > 0 && !options.allowEmpty) {
      progress.fail(
        `${published ? '비교할 이전 릴리스 기록이 없는데' : '첫 빌드인데'} 비어 있는 목록이 있어 게시하지 않습니다: ${empty.join(', ')}`,
      );
      progress.fail('비어 있는 것이 맞다면 --allow-empty 를 붙여 다시 실행해 주세요.');
      return 'failed';
    }
  }

  // 2. Change detection
  const pages = listPageFiles(join(root, 'src', 'pages'));
  const routes = routeDigests(snapshot, pages);
  const code = codeDigest(root);
  const config = configDigest(env, apiUrl);
  const diff = diffRoutes(previous, routes, code, config);
  const codeChanged = previous !== null && previous.codeDigest !== code;
  const configChanged = previous !== null && previous.configDigest !== config;
  const changeLine =
    `경로 ${Object.keys(routes).length}개: 추가 ${diff.added.length}, 변경 ${diff.changed.length}, 삭제 ${diff.removed.length}` +
    (codeChanged
      ? ' (코드가 바뀌어 모든 경로를 변경으로 봅니다)'
      : configChanged
        ? ' (설정(SITE_URL·API 주소 등)이 바뀌어 모든 경로를 변경으로 봅니다)'
        : '');
  if (isUnchanged(previous, diff) && !options.force) {
    keepBase();
    const calls = `API 호출 ${snapshot.requests}건${snapshot.notModified > 0 ? ` (304 ${snapshot.notModified}건)` : ''}`;
    if (progress.quiet) console.log(`${stamp(now())} 변경 없음 (${calls}, ${progress.elapsed().toFixed(1)}초)`);
    else console.log(`변경 사항이 없어 빌드하지 않습니다. (${calls})`);
    reportToCi({ published: 'false' });
    return 'unchanged';
  }
  // A poll stays one line until something changed; from here on the run is worth reading.
  progress.reveal();
  progress.step('변경 감지', changeLine);
  printRoutes(progress, diff);

  // 3. Build into the fixed staging folder, then validate
  rmSync(paths.staging, { recursive: true, force: true });
  mkdirSync(paths.cache, { recursive: true });
  // The build renders this very snapshot: one read of the API per run.
  writeFileSync(paths.snapshot, JSON.stringify(snapshot.recorded));
  progress.step('빌드', 'astro build 실행 중 (스냅샷에서 렌더링)');
  const build = await runAstroBuild({
    root,
    outDir: paths.staging,
    cacheDir: paths.cache,
    apiUrl,
    env: { ...env, [SNAPSHOT_FILE_ENV]: paths.snapshot },
    onLine: options.verbose ? (line) => console.log(`  │ ${line}`) : undefined,
    signal,
  });
  rmSync(paths.snapshot, { force: true });
  if (!build.ok) {
    rmSync(paths.staging, { recursive: true, force: true });
    // A failed build may have rewritten some cached pages without recording their new keys;
    // dropping Astro's page manifest makes the next build render everything instead of
    // restoring a page that no longer matches its key.
    rmSync(join(paths.cache, 'incremental-build.json'), { force: true });
    if (!options.verbose) for (const line of build.tail) console.error(`  │ ${line}`);
    progress.fail(`astro build가 실패했습니다 (종료 코드 ${build.exitCode}). 게시된 사이트는 그대로입니다.`);
    return 'failed';
  }
  const total = build.rendered.length + build.restored.length;
  if (total === 0) warn('Astro 출력에서 페이지 줄을 찾지 못했습니다 (출력 형식이 바뀌었을 수 있습니다).');
  progress.step('빌드', `페이지 ${total}개: 렌더링 ${build.rendered.length}개, 캐시에서 복원 ${build.restored.length}개`);
  const cacheable = new Set(dynamicRoutes(snapshot, pages));
  const renderedDynamic = build.rendered.map(outputPathToRoute).filter((route) => cacheable.has(route));
  progress.step(
    '빌드',
    `getStaticPaths 페이지 ${cacheable.size}개 중 렌더링 ${renderedDynamic.length}개` + listSome(renderedDynamic),
  );

  const validation = validateOutput(paths.staging, Object.keys(routes), contentLinkTargets(addressesIn(snapshot.recorded.calls)));
  if (validation.problems.length > 0) {
    rmSync(paths.staging, { recursive: true, force: true });
    for (const problem of validation.problems) console.error(`  - ${problem}`);
    progress.fail('빌드 결과 검증에 실패했습니다. 게시된 사이트는 그대로입니다.');
    return 'failed';
  }
  for (const file of [MANIFEST_FILE, CHANGED_ROUTES_FILE]) {
    if (existsSync(join(paths.staging, file))) {
      rmSync(paths.staging, { recursive: true, force: true });
      progress.fail(`사이트에 ${file} 파일이 있어 릴리스 기록과 겹칩니다. public/ 의 파일 이름을 바꿔 주세요.`);
      return 'failed';
    }
  }
  progress.step('검증', `HTML ${validation.htmlFiles}개, 내부 링크 ${validation.links}개 확인`);
  const warnings = [...snapshot.warnings, ...validation.warnings];
  for (const line of validation.warnings) warn(line);
  if (warnings.length > 0)
    progress.step('검증', `콘텐츠 경고 ${warnings.length}건 (게시는 계속합니다; changed-routes.json의 warnings 참고)`);
  // Page files of both releases: a removed page is reported as a removed route, not a file.
  const pageFiles = new Set([...Object.keys(routes), ...Object.keys(previous?.routes ?? {})].map((route) => routeFile(route)));
  const others = diffOtherFiles(published ? paths.current : null, paths.staging, pageFiles);
  const changedRoutes: ChangedRoutesFile = {
    added: [...diff.added, ...others.added].sort(),
    changed: [...diff.changed, ...others.changed].sort(),
    removed: [...diff.removed, ...others.removed].sort(),
    warnings,
  };
  if (published && others.added.length + others.changed.length + others.removed.length > 0) {
    progress.step(
      '검증',
      `페이지 밖 파일 (사이트맵·공개 파일 등): 추가 ${others.added.length}, 변경 ${others.changed.length}, 삭제 ${others.removed.length}`,
    );
  }

  // 4–5. Record, move into place, switch
  const release = newReleaseName(now(), listReleases(options.out));
  const manifest: ReleaseManifest = {
    version: 2,
    release,
    createdAt: now().toISOString(),
    apiUrl,
    codeDigest: code,
    configDigest: config,
    routes,
    counts,
    pages: { total, rendered: build.rendered.length, restored: build.restored.length },
    warnings,
  };
  writeFileSync(join(paths.staging, CHANGED_ROUTES_FILE), `${JSON.stringify(changedRoutes, null, 2)}\n`);
  writeFileSync(join(paths.staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  // Past the deadline nothing is published, even if the build just made it.
  signal?.throwIfAborted();
  mkdirSync(paths.releases, { recursive: true });
  renameSync(paths.staging, join(paths.releases, release));
  const switched = switchCurrent(options.out, release, 'publish', now());
  state.switched = release;
  // First thing after the switch: whatever fails next, CI must upload what is now current.
  reportToCi({ published: 'true', release });
  progress.step('게시', `current → releases/${release}`);
  keepBase();
  // `current` moved, but recording it failed: exit 3, and no pruning by an incomplete history.
  if (switched.error) throw switched.error;
  let pruned: string[];
  try {
    pruned = prune(options.out, options.keep);
  } catch (error) {
    progress.fail(
      `게시는 완료되었습니다. 오래된 릴리스 정리에 실패했습니다: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'published-with-errors';
  }
  if (pruned.length > 0) progress.step('게시', `오래된 릴리스 ${pruned.length}개 삭제: ${pruned.join(', ')}`);
  progress.step('완료', `${progress.elapsed().toFixed(1)}초`);
  return 'published';
}

/** Whether an id (or patent tag) named by `--item` is anywhere in the snapshot. */
function snapshotHasItem(snapshot: Snapshot, id: string): boolean {
  if (
    [...snapshot.hrStories, ...snapshot.successStories, ...snapshot.patents].some(
      (entry) => entry.id === id || entry.item.analytics_page_id === id,
    )
  )
    return true;
  return Object.values(snapshot.lists).some((list) => list.first.objects.some((item) => item.analytics_page_id === id));
}

/**
 * The release the shrink guard compares with: the live one when its manifest has counts, else the
 * newest release whose manifest has them; `null` when none has (the empty-list guard applies then).
 */
function guardBaseline(out: string, live: ReleaseManifest | null, warn: (message: string) => void): ReleaseManifest | null {
  const hasCounts = (manifest: ReleaseManifest | null) => !!manifest && Object.keys(manifest.counts).length > 0;
  if (hasCounts(live)) return live;
  for (const name of [...listReleases(out)].sort().reverse()) {
    const manifest = readManifest(join(layout(out).releases, name, MANIFEST_FILE), () => {});
    if (hasCounts(manifest)) {
      warn(`게시 중인 릴리스의 기록을 읽을 수 없어 ${name} 의 기록과 비교합니다.`);
      return manifest;
    }
  }
  return null;
}

/** `[2026-11-22 21:05:03]`, for the one line a quiet poll prints. */
function stamp(date: Date): string {
  return `[${date.toISOString().replace('T', ' ').slice(0, 19)}Z]`;
}

function printRoutes(progress: Progress, diff: ChangedRoutes): void {
  for (const [label, routes] of [
    ['추가', diff.added],
    ['변경', diff.changed],
    ['삭제', diff.removed],
  ] as const) {
    if (routes.length > 0)
      progress.step(
        '변경 감지',
        `${label}: ${routes.slice(0, 10).join(' ')}${routes.length > 10 ? ` 외 ${routes.length - 10}개` : ''}`,
      );
  }
}

function listSome(routes: readonly string[]): string {
  if (routes.length === 0) return '';
  return `: ${routes.slice(0, 20).join(' ')}${routes.length > 20 ? ` 외 ${routes.length - 20}개` : ''}`;
}

/** In GitHub Actions, tells later steps whether a release was published (e.g. to skip the upload). */
function reportToCi(outputs: Record<string, string>): void {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  appendFileSync(
    file,
    Object.entries(outputs)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
}
