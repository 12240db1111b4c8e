/**
 * `npm run bench [-- --runs 5 --tap-runs 5 --trace-runs 3 --only load|tap|trace --no-build --cpu N]`:
 * the performance benchmark, in three parts. Starts the
 * reference content server, builds the site against it into a temporary folder, serves the build
 * the way `npm start` does (the `_headers` rules, brotli/gzip like a CDN; to Lighthouse over HTTPS
 * and HTTP/2, as a CDN answers a browser), and runs Lighthouse
 * (mobile preset, simulated throttling, Debian Chromium) in rounds: each round the floor page (a
 * one-heading HTML file served the same way, the best the network simulation allows), then every
 * benched page. A page's LCP and TBT are judged over the floor page's of the same round, the
 * median of those differences: on a shared host the floor page's own TBT moves by 0-210 ms from
 * round to round. Prints the medians next to the budgets (scripts/lib/perf-budgets.ts) as a
 * Markdown table for the README.
 *
 * Then a repeat view (scripts/lib/repeat-view.ts): the key pages one after another in one browser,
 * each after the first taking every hashed file an earlier page fetched from the cache.
 *
 * Then the long-task trace (scripts/lib/trace-bench.ts): each list page loaded in Chromium at the
 * calibrated CPU slowdown, every main-thread task after the first paint longer than 50 ms listed
 * with what it spent its time on (scripts/lib/long-tasks.ts).
 *
 * Then the tap-to-result bench (scripts/lib/tap-bench.ts): Playwright drives the same Chromium
 * through two taps on each list screen (a page number, an FAQ category, a search, an HR topic) on
 * DevTools' "Slow 4G" with the same CPU slowdown, and holds each tap against the same API request
 * made alone (scripts/lib/tap-report.ts). Exits 1 when a budget of either part is missed.
 *
 * `--runs` is the Lighthouse rounds (5), `--tap-runs` the runs per tap scenario (5), `--trace-runs`
 * the traces per list page (3). `--only load` runs Lighthouse and the repeat view alone, `--only
 * trace` the trace alone, `--only tap` the tap bench alone (`npm run bench:interact`; the
 * calibration runs on the floor page still come first). BENCH_TRACE_DIR keeps the traces.
 *
 * The CPU slowdown is calibrated (scripts/lib/cpu-calibration.ts): throwaway runs on the floor
 * page measure the host's `benchmarkIndex`, and the slowdown is set so every host simulates the
 * same phone (index 330). `--cpu N` sets the multiplier instead.
 *
 * Environment: CHROMIUM_PATH (/usr/bin/chromium), BENCH_OUT_DIR (a temporary folder), BENCH_TRACE_DIR,
 * BENCH_API_PORT / BENCH_SITE_PORT / BENCH_FLOOR_PORT (8812 / 4412 / 4413; 0 picks free ports).
 * Not a test: `npm test` does not depend on these numbers.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './content-api/server.ts';
import {
  benchmarkIndexOf,
  calibrate,
  describeCalibration,
  parseCpuOption,
  closestRuns,
  runMatchesCalibration,
  type Calibration,
} from './lib/cpu-calibration.ts';
import { formatTraceSummary, traceMet } from './lib/long-tasks.ts';
import {
  allMet,
  checkBudgets,
  figuresOf,
  formatTable,
  median,
  medianFigures,
  overFloor,
  type BenchRoute,
  type Figures,
  type LighthouseResultLike,
} from './lib/perf-budgets.ts';
import { run } from './lib/processes.ts';
import { selfSignedCert } from './lib/self-signed-cert.ts';
import { serveStatic } from './lib/static-server.ts';
import { formatRepeatViewTable, runRepeatView } from './lib/repeat-view.ts';
import { describeNetwork, runTapBench } from './lib/tap-bench.ts';
import { runTraceBench } from './lib/trace-bench.ts';
import { allTapMet, checkTapBudgets, formatTapTable } from './lib/tap-report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'tap-runs': { type: 'string', default: '5' },
    'trace-runs': { type: 'string', default: '3' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    cpu: { type: 'string' },
  },
});
const runs = Math.max(1, Number(args.runs) || 5);
const tapRuns = Math.max(1, Number(args['tap-runs']) || 5);
const traceRuns = Math.max(1, Number(args['trace-runs']) || 3);
if (args.only !== undefined && !['load', 'tap', 'trace'].includes(args.only)) {
  console.error(`✖ --only는 load, trace 또는 tap이어야 합니다: ${args.only}`);
  process.exit(2);
}
const runLoad = args.only === undefined || args.only === 'load';
const runTrace = args.only === undefined || args.only === 'trace';
const runTap = args.only === undefined || args.only === 'tap';
let cpuOption: number | undefined;
try {
  cpuOption = parseCpuOption(args.cpu);
} catch (error) {
  console.error(`✖ ${(error as Error).message}`);
  process.exit(2);
}
/** Kept apart from npm start's 8787/4321 and the test servers (8790…, 4390…). */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const apiPort = port('BENCH_API_PORT', 8812);
const sitePort = port('BENCH_SITE_PORT', 4412);
const floorPort = port('BENCH_FLOOR_PORT', 4413);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ownOutDir = !process.env.BENCH_OUT_DIR;
const outDir = process.env.BENCH_OUT_DIR ?? mkdtempSync(join(tmpdir(), 'bench-site-'));
const floorDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(floorDir, { recursive: true, force: true });
  if (ownOutDir) rmSync(outDir, { recursive: true, force: true });
}

async function fail(message: string): Promise<never> {
  console.error(`\n✖ ${message}`);
  await cleanUp();
  process.exit(2);
}

if (!existsSync(chromePath))
  await fail(`Chromium이 없습니다: ${chromePath} (apt-get install chromium, 또는 CHROMIUM_PATH)`);

// 1. The reference content server and a build against it.
const api = await startServer({ contentDir: join(root, 'scripts/content-api/data'), port: apiPort });
cleanups.push(() => api.close());
console.log(`콘텐츠 API  ${api.url}`);

if (!args['no-build']) {
  console.log(`사이트를 빌드합니다 → ${outDir}`);
  const code = await run(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PUBLIC_CONTENT_API_URL: api.url,
      ASTRO_OUT_DIR: outDir,
      ASTRO_CACHE_DIR: process.env.ASTRO_CACHE_DIR ?? join(root, '.cache/astro-bench'),
    },
  });
  if (code !== 0) await fail(`빌드에 실패했습니다 (코드 ${code}).`);
}
if (!existsSync(join(outDir, 'index.html'))) await fail(`${outDir}에 빌드된 사이트가 없습니다.`);

// 2. The build and the floor page, served alike.
writeFileSync(
  join(floorDir, 'index.html'),
  '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>기준 페이지</title></head><body><h1>공정하고 정확한 채용</h1></body></html>',
);
// The site's headers, not the build's additions: the home's hero preload is not the floor's.
copyFileSync(join(root, 'public/_headers'), join(floorDir, '_headers'));
// Lighthouse reads them over HTTPS and HTTP/2, as a visitor reads every host we deploy to: over
// HTTP/1.1 the headers travel as plain text and the home's document (its hero's `Link` twice,
// with the early hint) overran the first round trip by 665 bytes that no visitor downloads. The
// browser-driven parts (trace, taps, repeat view) keep plain HTTP.
const tls = selfSignedCert();
const site = await serveStatic(outDir, sitePort);
const loadSite = await serveStatic(outDir, 0, '127.0.0.1', tls);
const floorSite = await serveStatic(floorDir, floorPort, '127.0.0.1', tls);
cleanups.push(
  () => site.close(),
  () => loadSite.close(),
  () => floorSite.close(),
);

const blogIds = readdirSync(join(outDir, 'info/blog'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
if (blogIds.length === 0) await fail('빌드에 HR 이야기 상세 페이지가 없습니다.');

const routes: BenchRoute[] = [
  { name: '홈', path: '/', js: 'home', lcp: 'home' },
  { name: '뉴스룸', path: '/newsRoom', js: 'list' },
  { name: 'HR 이야기', path: '/hrcontents', js: 'list' },
  { name: 'FAQ', path: '/faq', js: 'list' },
  { name: 'HR 이야기 상세', path: `/info/blog/${blogIds[0]}`, js: 'plain' },
  // A product page: no island, but its slider is interaction, so it gets the home's budget.
  { name: 'AI 역량검사', path: '/soft-skill', js: 'home' },
];

// 3. Lighthouse, one Chromium for every run.
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    // The servers' certificate is made for this run (selfSignedCert), trusted by its key.
    `--ignore-certificate-errors-spki-list=${tls.spki}`,
  ],
});
cleanups.push(() => chrome.kill());

/** The benchmarkIndex of every run, to show how the host's speed drifted during the bench. */
const runIndices: number[] = [];

async function lighthouseRun(url: string, cpuSlowdownMultiplier: number) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Merged into the mobile preset's simulated throttling (150 ms RTT, 1.6 Mbps stay).
    throttling: { cpuSlowdownMultiplier },
    // Every run is a first visit: besides the HTTP cache, forget what the site stored (the
    // site remembers in localStorage that the web fonts are cached; see font-loading.ts).
    clearStorageTypes: [
      'file_systems',
      'shader_cache',
      'service_workers',
      'cache_storage',
      'local_storage',
      'indexeddb',
    ],
  });
  if (!result) throw new Error(`${url}: Lighthouse가 결과를 내지 않았습니다.`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

async function measure(url: string, multiplier: number): Promise<{ figures: Figures; index: number | null }> {
  const lhr = await lighthouseRun(url, multiplier);
  for (const warning of lhr.runWarnings) console.warn(`  ! ${warning}`);
  const index = benchmarkIndexOf(lhr);
  if (index !== null) runIndices.push(index);
  return { figures: figuresOf(lhr as unknown as LighthouseResultLike), index };
}

/** Runs thrown away because the host's speed strayed from the calibration (see below). */
let discarded = 0;

const describeRun = (figures: Figures, index: number | null) =>
  `점수 ${figures.score}, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms, ` +
  `CLS ${figures.cls.toFixed(3)}, JS ${(figures.jsBytes / 1024).toFixed(1)} KB, benchmarkIndex ${index === null ? '?' : Math.round(index)}`;

/**
 * One run of a page in a round. A run during which the host's own benchmarkIndex strayed from
 * the calibrated one (other jobs slowing the machine) simulated another phone: it is thrown away
 * and tried once more; if that strays too, the closer of the two is kept, with a warning.
 */
async function calibratedRun(label: string, url: string, calibration: Calibration): Promise<Figures> {
  const tried: { figures: Figures; index: number | null }[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const run = await measure(url, calibration.multiplier);
    tried.push(run);
    const ok = runMatchesCalibration(run.index, calibration.hostIndex);
    console.log(`  ${label}${ok ? '' : ' 버림'}: ${describeRun(run.figures, run.index)}`);
    if (ok) return run.figures;
    discarded++;
  }
  console.warn(`  ! ${label}: 호스트 속도가 보정값과 맞지 않아 가까운 쪽을 씁니다.`);
  return closestRuns(tried, calibration.hostIndex, 1)[0]!.figures;
}

/**
 * The host's benchmarkIndex: the median of throwaway runs on the floor page (the index is
 * measured in the page before the simulated throttling, so the multiplier given does not matter).
 */
async function hostIndex(count: number): Promise<number> {
  const indices: number[] = [];
  for (let i = 0; i < count; i++) {
    const index = benchmarkIndexOf(await lighthouseRun(`${floorSite.url}/`, 1));
    if (index !== null) indices.push(index);
  }
  if (indices.length === 0) throw new Error('Lighthouse가 benchmarkIndex를 알려 주지 않았습니다.');
  console.log(`  보정 실행: benchmarkIndex ${indices.map((index) => Math.round(index)).join(', ')}`);
  return median(indices);
}

/**
 * Lighthouse in rounds, each the floor page and then every benched page; prints the table and
 * tells whether every budget was met.
 */
async function loadBench(calibration: Calibration): Promise<boolean> {
  const floors: Figures[] = [];
  const pageRuns = routes.map(() => [] as Figures[]);
  for (let round = 1; round <= runs; round++) {
    console.log(`  회차 ${round}/${runs} (부하 ${load()})`);
    floors.push(await calibratedRun('기준 페이지', `${floorSite.url}/`, calibration));
    for (const [i, route] of routes.entries())
      pageRuns[i]!.push(await calibratedRun(route.name, `${loadSite.url}${route.path}`, calibration));
  }
  const floor = medianFigures(floors);
  const rows = routes.map((route, i) => ({ route, result: overFloor(pageRuns[i]!, floors) }));

  console.log(`\n중앙값 (${runs}회차), ${new Date().toISOString().slice(0, 10)}, 끝날 때 부하 ${load()}:`);
  console.log(describeCalibration(calibration));
  if (runIndices.length > 0) {
    console.log(
      `측정 중 benchmarkIndex: 중앙값 ${Math.round(median(runIndices))} (${Math.round(Math.min(...runIndices))}–${Math.round(Math.max(...runIndices))}), ` +
        `보정값에서 벗어나 버린 실행 ${discarded}회`,
    );
  }
  console.log(`기준 페이지 TBT, 회차별: ${floors.map((f) => Math.round(f.tbt)).join(', ')} ms\n`);
  console.log(formatTable(rows, floor));
  const missed = rows.filter(({ route, result }) => !allMet(checkBudgets(result, route)));
  if (missed.length > 0) {
    console.log(`\n✖ 예산을 넘은 페이지: ${missed.map(({ route }) => route.path).join(', ')}`);
    return false;
  }
  console.log('\n✔ 모든 페이지가 예산 안에 있습니다.');
  return true;
}

/**
 * The list pages' main-thread tasks after the first paint, traced at the calibrated slowdown;
 * fails when a page had a task over 50 ms in more than half of its runs.
 */
async function traceBench(calibration: Calibration): Promise<boolean> {
  const paths = ['/newsRoom', '/hrcontents', '/faq', '/seminar'];
  console.log(`\n첫 페인트 뒤 긴 작업: 목록 ${paths.length}쪽, ${traceRuns}회씩 (부하 ${load()})`);
  const traceDir = process.env.BENCH_TRACE_DIR;
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  const pages = await runTraceBench({
    siteUrl: site.url,
    chromePath,
    cpuMultiplier: calibration.multiplier,
    paths,
    runs: traceRuns,
    saveDir: traceDir,
  });
  console.log(`\n${formatTraceSummary(pages)}`);
  const missed = pages.filter((page) => !traceMet(page.runs));
  if (missed.length > 0) {
    console.log(
      `\n✖ 실행의 절반 넘게 50 ms 넘는 작업이 있는 쪽: ${missed.map((page) => page.path).join(', ')}`,
    );
    return false;
  }
  console.log('\n✔ 어느 목록도 실행의 절반 넘게 50 ms 넘는 작업을 남기지 않았습니다.');
  return true;
}

/**
 * Tap to result on the list screens with the same CPU slowdown (DevTools throttling this time, in
 * a real browser); prints the table and tells whether every budget was met.
 */
async function tapBench(calibration: Calibration): Promise<boolean> {
  console.log(`\n탭 → 결과 ${tapRuns}회씩 (Playwright, 모바일 터치, 부하 ${load()})`);
  console.log(describeNetwork());
  const rows = await runTapBench({
    siteUrl: site.url,
    apiUrl: api.url,
    chromePath,
    cpuMultiplier: calibration.multiplier,
    runs: tapRuns,
  });
  console.log(
    `\n탭 → 결과 중앙값 (${tapRuns}회), ${new Date().toISOString().slice(0, 10)}, 끝날 때 부하 ${load()}:`,
  );
  console.log(describeCalibration(calibration));
  console.log(`${describeNetwork()}\n`);
  console.log(formatTapTable(rows));
  const missed = rows.filter((row) => !allTapMet(checkTapBudgets(row)));
  if (missed.length > 0) {
    console.log(`\n✖ 예산을 넘은 시나리오: ${missed.map(({ scenario }) => scenario.name).join(', ')}`);
    return false;
  }
  console.log('\n✔ 모든 탭이 예산 안에 있습니다.');
  return true;
}

/**
 * A visit of several pages in one browser: each page after the first takes the hashed files the
 * earlier ones fetched from the cache (scripts/lib/repeat-view.ts). Network speed does not
 * matter here, only where each file came from.
 */
async function repeatViewBench(): Promise<boolean> {
  const paths = ['/', '/newsRoom', '/faq', '/hrcontents', routes[4]!.path, '/soft-skill'];
  console.log(`\n다시 보기: 한 브라우저에서 ${paths.join(' → ')}`);
  const rows = await runRepeatView({ siteUrl: site.url, chromePath, paths });
  console.log(`\n${formatRepeatViewTable(rows)}`);
  if (rows.some((row) => row.refetched.length > 0)) {
    console.log('\n✖ 앞 페이지가 받은 해시 파일을 다시 받은 페이지가 있습니다.');
    return false;
  }
  console.log('\n✔ 뒤 페이지들이 앞 페이지가 받은 해시 파일을 모두 캐시에서 씁니다.');
  return true;
}

// TBT and LCP are simulated from the observed CPU work, so other jobs on the machine inflate them.
const load = () => loadavg()[0]!.toFixed(1);
// The build just now kept every core busy; give the load average (a one-minute mean) time to fall.
const settleBy = Date.now() + 90_000;
while (loadavg()[0]! > cpus().length / 2 && Date.now() < settleBy) {
  await sleep(2_000);
}
console.log(
  runLoad
    ? `\nLighthouse ${runs}회차 (모바일 프리셋, 시뮬레이션 스로틀링, 호스트 ${cpus().length}코어, 부하 ${load()})`
    : `\nCPU 보정 (Lighthouse, 기준 페이지, 호스트 ${cpus().length}코어, 부하 ${load()})`,
);
if (loadavg()[0]! > cpus().length) {
  const inflated = runLoad
    ? runTap
      ? 'TBT, LCP와 탭 시간이'
      : 'TBT와 LCP가'
    : runTap
      ? '탭 시간이'
      : '작업 길이가';
  console.warn(`  ! 다른 작업이 CPU를 쓰고 있습니다: ${inflated} 실제보다 크게 나올 수 있습니다.`);
}
let exitCode = 0;
try {
  // Calibration: the same simulated phone on every host (scripts/lib/cpu-calibration.ts).
  const measured = await hostIndex(cpuOption === undefined ? 3 : 1);
  const calibration: Calibration =
    cpuOption === undefined
      ? calibrate(measured)
      : { hostIndex: measured, multiplier: cpuOption, source: 'option', clamped: null };
  console.log(describeCalibration(calibration));
  if (calibration.clamped === 'low')
    console.warn('  ! 이 호스트는 목표 기기보다 느립니다: 수치가 목표 기기보다 나쁘게 나옵니다.');
  if (runLoad && !(await loadBench(calibration))) exitCode = 1;
  if (runLoad && !(await repeatViewBench())) exitCode = 1;
  if (runTrace && !(await traceBench(calibration))) exitCode = 1;
  if (runTap && !(await tapBench(calibration))) exitCode = 1;
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 2;
} finally {
  await cleanUp();
}

process.exit(exitCode);
