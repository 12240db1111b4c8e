/**
 * The nightly rebuild, phase by phase: snapshot → change detection → build → validation →
 * atomic publish. Any failure before the switch leaves `current` exactly as it was.
 */
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RebuildOptions } from './args.ts';
import { outputPathToRoute, runAstroBuild } from './build.ts';
import { codeDigest } from './code-digest.ts';
import { shrunkLists, snapshotCounts } from './guard.ts';
import type { Progress } from './log.ts';
import {
  CHANGED_ROUTES_FILE,
  diffRoutes,
  isUnchanged,
  MANIFEST_FILE,
  readManifest,
  type ChangedRoutes,
  type ReleaseManifest,
} from './manifest.ts';
import { acquireLock, currentRelease, layout, listReleases, newReleaseName, pruneReleases, rollback, switchCurrent } from './releases.ts';
import { diffOtherFiles } from './other-files.ts';
import { dynamicRoutes, listPageFiles, routeDigests, routeFile } from './routes.ts';
import { takeSnapshot } from './snapshot.ts';
import { validateOutput } from './validate.ts';

export interface RunContext {
  /** The project root (where `astro.config.mjs` is). */
  root: string;
  apiUrl: string;
  progress: Progress;
  /** Clock for release names. */
  now?: () => Date;
}

/** How a run ended; the CLI maps it to the exit code (0 for the first three). */
export type RunOutcome = 'published' | 'unchanged' | 'rolled-back' | 'failed';

/** Runs the rebuild (or the rollback) once. Never throws: failures are reported and returned. */
export async function runRebuild(options: RebuildOptions, context: RunContext): Promise<RunOutcome> {
  const { progress } = context;
  let unlock: (() => void) | undefined;
  try {
    unlock = acquireLock(options.out);
    if (options.rollback) {
      const { from, to } = rollback(options.out);
      progress.step('되돌리기', `current: ${from} → ${to}`);
      return 'rolled-back';
    }
    return await rebuild(options, context);
  } catch (error) {
    progress.fail(error instanceof Error ? error.message : String(error));
    if (!options.rollback) progress.fail('게시된 사이트(current)는 바뀌지 않았습니다.');
    return 'failed';
  } finally {
    unlock?.();
  }
}

async function rebuild(options: RebuildOptions, { root, apiUrl, progress, now = () => new Date() }: RunContext): Promise<RunOutcome> {
  const paths = layout(options.out);
  const warn = (message: string) => progress.step('경고', message);
  const published = currentRelease(options.out);
  const previous = published ? readManifest(join(paths.current, MANIFEST_FILE), warn) : null;
  progress.step('준비', published ? `게시 중인 릴리스: ${published}` : '게시된 릴리스가 없습니다 (첫 빌드)');

  // 1. Snapshot
  const snapshot = await takeSnapshot({ apiUrl, timeoutMs: options.timeoutMs, progress });
  const counts = snapshotCounts(snapshot);
  const shrunk = shrunkLists(previous?.counts, counts, options.minRatio);
  if (shrunk.length > 0) {
    progress.fail(`목록 항목 수가 이전 릴리스보다 크게 줄어 게시하지 않습니다: ${shrunk.join(', ')}`);
    progress.fail('콘텐츠가 맞다면 --min-ratio 를 낮춰 다시 실행해 주세요.');
    return 'failed';
  }

  // 2. Change detection
  const pages = listPageFiles(join(root, 'src', 'pages'));
  const routes = routeDigests(snapshot, pages);
  const code = codeDigest(root);
  const diff = diffRoutes(previous, routes, code);
  const codeChanged = previous !== null && previous.codeDigest !== code;
  progress.step(
    '변경 감지',
    `경로 ${Object.keys(routes).length}개: 추가 ${diff.added.length}, 변경 ${diff.changed.length}, 삭제 ${diff.removed.length}` +
      (codeChanged ? ' (코드가 바뀌어 모든 경로를 변경으로 봅니다)' : ''),
  );
  if (isUnchanged(previous, diff) && !options.force) {
    console.log('변경 사항이 없어 빌드하지 않습니다.');
    reportToCi({ published: 'false' });
    return 'unchanged';
  }
  printRoutes(progress, diff);

  // 3. Build into the fixed staging folder, then validate
  rmSync(paths.staging, { recursive: true, force: true });
  mkdirSync(paths.cache, { recursive: true });
  progress.step('빌드', 'astro build 실행 중');
  const build = await runAstroBuild({
    root,
    outDir: paths.staging,
    cacheDir: paths.cache,
    apiUrl,
    onLine: options.verbose ? (line) => console.log(`  │ ${line}`) : undefined,
  });
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

  const validation = validateOutput(paths.staging, Object.keys(routes));
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
  // Page files of both releases: a removed page is reported as a removed route, not a file.
  const pageFiles = new Set([...Object.keys(routes), ...Object.keys(previous?.routes ?? {})].map(routeFile));
  const others = diffOtherFiles(published ? paths.current : null, paths.staging, pageFiles);
  const changedRoutes: ChangedRoutes = {
    added: [...diff.added, ...others.added].sort(),
    changed: [...diff.changed, ...others.changed].sort(),
    removed: [...diff.removed, ...others.removed].sort(),
  };
  if (published && others.added.length + others.changed.length + others.removed.length > 0) {
    progress.step('검증', `페이지 밖 파일 (사이트맵·공개 파일 등): 추가 ${others.added.length}, 변경 ${others.changed.length}, 삭제 ${others.removed.length}`);
  }

  // 4–5. Record, move into place, switch
  const release = newReleaseName(now(), listReleases(options.out));
  const manifest: ReleaseManifest = {
    version: 1,
    release,
    createdAt: now().toISOString(),
    apiUrl,
    codeDigest: code,
    routes,
    counts,
    pages: { total, rendered: build.rendered.length, restored: build.restored.length },
  };
  writeFileSync(join(paths.staging, CHANGED_ROUTES_FILE), `${JSON.stringify(changedRoutes, null, 2)}\n`);
  writeFileSync(join(paths.staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(paths.releases, { recursive: true });
  renameSync(paths.staging, join(paths.releases, release));
  switchCurrent(options.out, release);
  progress.step('게시', `current → releases/${release}`);
  const pruned = pruneReleases(options.out, options.keep);
  if (pruned.length > 0) progress.step('게시', `오래된 릴리스 ${pruned.length}개 삭제: ${pruned.join(', ')}`);
  reportToCi({ published: 'true', release });
  progress.step('완료', `${progress.elapsed().toFixed(1)}초`);
  return 'published';
}

function printRoutes(progress: Progress, diff: ChangedRoutes): void {
  for (const [label, routes] of [
    ['추가', diff.added],
    ['변경', diff.changed],
    ['삭제', diff.removed],
  ] as const) {
    if (routes.length > 0) progress.step('변경 감지', `${label}: ${routes.slice(0, 10).join(' ')}${routes.length > 10 ? ` 외 ${routes.length - 10}개` : ''}`);
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
  appendFileSync(file, Object.entries(outputs).map(([key, value]) => `${key}=${value}\n`).join(''));
}
