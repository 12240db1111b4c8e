/**
 * Phase 3: `astro build` of the snapshot into the fixed staging folder, then the checks that the
 * output is a complete site (validate.ts). A failed build or check removes the half-built folder;
 * the published site is never touched here.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNAPSHOT_FILE_ENV } from '../../../../src/lib/content/recorded-api.ts';
import {
  SEARCH_PREBUILT_INDEX_ENV,
  writePrebuiltIndex,
} from '../../../../src/lib/search/index/prebuilt-index.ts';
import { SEARCH_PREVIOUS_INDEX_ENV } from '../../../../src/lib/search/index/previous-index.ts';
import type { Progress } from '../../lib/log.ts';
import { CHANGED_ROUTES_FILE, MANIFEST_FILE } from '../../lib/release.ts';
import type { OutputFolder } from '../output-folder.ts';
import type { Snapshot } from '../read/snapshot.ts';
import { outputPathToRoute, runAstroBuild, type BuildResult } from './build.ts';
import { createBuildProgress } from './build-progress.ts';
import { openIndexHandoff } from './index-handoff.ts';
import type { ReleaseManifest } from './manifest.ts';
import { snapshotSearchIndex, type ExpectedRoute } from './routes.ts';
import { addressesIn, contentLinkTargets, validateOutput, type ValidationResult } from './validate.ts';

export interface BuildReleaseOptions {
  root: string;
  paths: OutputFolder;
  apiUrl: string;
  env: NodeJS.ProcessEnv;
  snapshot: Snapshot;
  /**
   * The routes the build must write and those Astro may restore, listed while the build starts:
   * they include the search index's files, the slow part (index-handoff.ts).
   */
  routes: () => BuildRoutes;
  progress: Progress;
  verbose: boolean;
  signal?: AbortSignal | undefined;
  /** Called with the build's process group once it started. */
  onBuildStart?: ((pgid: number) => void) | undefined;
}

export interface BuildRoutes {
  /** The routes the build must write (routes.ts `expectedRoutes`). */
  expected: readonly ExpectedRoute[];
  /** Routes from `getStaticPaths`, the ones Astro may restore from its cache. */
  cacheable: ReadonlySet<string>;
}

/** A complete build in the staging folder: what Astro did, and the content warnings to publish with it. */
export interface BuiltRelease {
  pages: ReleaseManifest['pages'];
  warnings: string[];
}

/** Builds and checks the release; null when the build or a check failed (reported, staging removed). */
export async function buildRelease(options: BuildReleaseOptions): Promise<BuiltRelease | null> {
  const { paths, snapshot, progress } = options;
  const discard = () => rmSync(paths.staging, { recursive: true, force: true });
  discard();
  let ran: Awaited<ReturnType<typeof runBuild>>;
  try {
    ran = await runBuild(options);
  } catch (error) {
    // The route list failed while the build ran: that build was stopped halfway.
    discard();
    forgetCachedPages(paths);
    throw error;
  }
  const { build, routes } = ran;
  if (!build.ok) {
    discard();
    reportFailedBuild(build, options);
    return null;
  }
  const total = build.rendered.length + build.restored.length;
  reportPages(build, total, routes.cacheable, progress);
  const validation = checkOutput(options, routes.expected, discard);
  if (!validation) return null;
  const warnings = [...snapshot.warnings, ...validation.warnings];
  for (const line of validation.warnings) progress.step('경고', line);
  if (warnings.length > 0)
    progress.step(
      '검증',
      `콘텐츠 경고 ${warnings.length}건 (게시는 계속합니다; changed-routes.json의 warnings 참고)`,
    );
  return { pages: { total, rendered: build.rendered.length, restored: build.restored.length }, warnings };
}

/**
 * `astro build` of the snapshot into the staging folder, and the routes it must write. The
 * snapshot's file lasts as long as the build. The route list, whose search index is most of its
 * time, is made while Astro starts (syncs content, bundles), and the index handed to the build
 * as soon as it is made (index-handoff.ts); where no pipe can be made, both come first.
 */
async function runBuild(options: BuildReleaseOptions): Promise<{ build: BuildResult; routes: BuildRoutes }> {
  const { root, paths, apiUrl, env, snapshot, progress, verbose, signal, onBuildStart } = options;
  mkdirSync(paths.cache, { recursive: true });
  // The build renders this very snapshot: one read of the API per run.
  writeFileSync(paths.snapshot, JSON.stringify(snapshot.recorded));
  const previousIndex = previousSearchIndexRoot(paths);
  const handoff = openIndexHandoff(paths.searchIndex);
  let routes = handoff ? undefined : listRoutes(options, previousIndex, paths.searchIndex);
  progress.step('빌드', 'astro build 실행 중 (스냅샷에서 렌더링)');
  const phases = createBuildProgress({
    expected: () => routes?.expected.length ?? 0,
    report: (message) => progress.step('빌드', message),
  });
  // Stops the build when the route list fails: it would publish nothing.
  const stop = new AbortController();
  const building = runAstroBuild({
    root,
    outDir: paths.staging,
    cacheDir: paths.cache,
    apiUrl,
    env: {
      ...env,
      [SNAPSHOT_FILE_ENV]: paths.snapshot,
      // The site search's index grows from the published one's (same folder as the route check).
      [SEARCH_PREVIOUS_INDEX_ENV]: previousIndex ?? '',
      [SEARCH_PREBUILT_INDEX_ENV]: paths.searchIndex,
    },
    onLine: (line) => {
      if (verbose) console.log(`  │ ${line}`);
      phases.line(line);
    },
    signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
    onStart: onBuildStart,
  });
  let failure: { error: unknown } | undefined;
  if (handoff) {
    try {
      const started = performance.now();
      routes = listRoutes(options, previousIndex, paths.searchIndexMade);
      handoff.send(paths.searchIndexMade);
      // Made on this thread: Astro's lines from meanwhile are reported only now, with this time.
      progress.step(
        '빌드',
        `경로 목록과 검색 색인 준비 (${((performance.now() - started) / 1000).toFixed(1)}초, astro 시작과 함께)`,
      );
    } catch (error) {
      // The build must not wait for an index that will not come; it is stopped anyway.
      failure = { error };
      handoff.send(null);
      stop.abort();
    }
  }
  const build = await building;
  await handoff?.close();
  for (const file of [paths.snapshot, paths.searchIndex, paths.searchIndexMade])
    rmSync(file, { force: true });
  if (failure) throw failure.error;
  return { build, routes: routes! };
}

/**
 * The routes the build must write, with the snapshot's search index among them, which is written
 * to `indexFile` for the build (prebuilt-index.ts) rather than made there again.
 */
function listRoutes(
  { snapshot, routes }: BuildReleaseOptions,
  previousIndex: string | undefined,
  indexFile: string,
): BuildRoutes {
  const search = snapshotSearchIndex(snapshot, previousIndex);
  writePrebuiltIndex(indexFile, search.input, search.index);
  return routes();
}

/** Drops Astro's page manifest, so that the next build renders every page rather than trust it. */
function forgetCachedPages(paths: OutputFolder): void {
  rmSync(join(paths.cache, 'incremental-build.json'), { force: true });
}

/** A failed build: its last lines (unless echoed already) and the failure; Astro's page manifest goes. */
function reportFailedBuild(build: BuildResult, { paths, verbose, progress }: BuildReleaseOptions): void {
  // A failed build may have rewritten some cached pages without recording their new keys;
  // dropping Astro's page manifest makes the next build render everything instead of
  // restoring a page that no longer matches its key.
  forgetCachedPages(paths);
  if (!verbose) for (const line of build.tail) console.error(`  │ ${line}`);
  progress.fail(`astro build가 실패했습니다 (종료 코드 ${build.exitCode}). 게시된 사이트는 그대로입니다.`);
}

/** What the build did: pages rendered and restored, and which of the `getStaticPaths` pages it rendered. */
function reportPages(
  build: BuildResult,
  total: number,
  cacheable: ReadonlySet<string>,
  progress: Progress,
): void {
  if (total === 0)
    progress.step('경고', 'Astro 출력에서 페이지 줄을 찾지 못했습니다 (출력 형식이 바뀌었을 수 있습니다).');
  progress.step(
    '빌드',
    `페이지 ${total}개: 렌더링 ${build.rendered.length}개, 캐시에서 복원 ${build.restored.length}개`,
  );
  const renderedDynamic = build.rendered.map(outputPathToRoute).filter((route) => cacheable.has(route));
  // The pages by name; the site search's files (the delta after an edit, hundreds when its index
  // folds into a fresh base) only counted, so that they never push a page out of the line.
  const renderedShards = renderedDynamic.filter(isSearchShardRoute);
  progress.step(
    '빌드',
    `getStaticPaths 페이지 ${cacheable.size}개 중 렌더링 ${renderedDynamic.length}개` +
      listSome(
        renderedDynamic.filter((route) => !isSearchShardRoute(route)),
        20,
      ) +
      (renderedShards.length > 0 ? ` (검색 색인 조각 ${renderedShards.length}개 포함)` : ''),
  );
}

/**
 * The checks of the built folder: a complete site (validate.ts), and no file of its own named as
 * a release's record. A failure removes the folder (`discard`) and is reported; null then.
 */
function checkOutput(
  { paths, snapshot, progress }: BuildReleaseOptions,
  expected: readonly ExpectedRoute[],
  discard: () => void,
): ValidationResult | null {
  const validation = validateOutput(
    paths.staging,
    expected,
    contentLinkTargets(addressesIn(snapshot.recorded.calls)),
  );
  if (validation.problems.length > 0) {
    discard();
    for (const problem of validation.problems) console.error(`  - ${problem}`);
    progress.fail('빌드 결과 검증에 실패했습니다. 게시된 사이트는 그대로입니다.');
    return null;
  }
  for (const file of [MANIFEST_FILE, CHANGED_ROUTES_FILE]) {
    if (existsSync(join(paths.staging, file))) {
      discard();
      progress.fail(
        `사이트에 ${file} 파일이 있어 릴리스 기록과 겹칩니다. public/ 의 파일 이름을 바꿔 주세요.`,
      );
      return null;
    }
  }
  progress.step('검증', `HTML ${validation.htmlFiles}개, 내부 링크 ${validation.links}개 확인`);
  return validation;
}

/**
 * The release whose search index the build grows from: the published one, when there is one
 * (routes.ts expects the shards of the index built over it).
 */
export function previousSearchIndexRoot(paths: Pick<OutputFolder, 'current'>): string | undefined {
  return existsSync(paths.current) ? paths.current : undefined;
}

/** A shard of the site search's index (`/search-index/<kind>-<hash>.json`). */
export const isSearchShardRoute = (route: string): boolean => route.startsWith('/search-index/');

/** `: a b c 외 N개`, the first `max` of `routes` (empty for none). */
export function listSome(routes: readonly string[], max: number): string {
  if (routes.length === 0) return '';
  return `: ${routes.slice(0, max).join(' ')}${routes.length > max ? ` 외 ${routes.length - max}개` : ''}`;
}
