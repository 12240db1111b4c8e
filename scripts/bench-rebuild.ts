/**
 * `npm run bench:rebuild [-- --scales 1,10,50 --poll 10s]`: times the rebuild on our content and
 * on generated content N times larger — a full build into an empty folder, a run with no
 * change, a run after one HR story changed — and the promise the content team cares about:
 * with `--every` polling, how long from a success story published to the API until the
 * published site serves its detail page, its list's first page and the home showing it; then a
 * code change (one SCSS rule, one UI string), checked in its release (`code-change.ts`). Every
 * run's wall time comes with its peak memory and CPU share (`peak.ts`), the full build's with the
 * CPU share while its share pictures were drawing, from the rebuild's log. Prints a table
 * (Markdown, for the README).
 *
 * Then the same against the server's remote API mode (`--latency 100 --fail-share 0.02
 * --rate-limit 20` by default) and prints that table (see `bench-rebuild/remote.ts`). `--local`
 * or `--remote` runs only one of the two.
 *
 * Each scale of each table gets its own temporary content copy, reference server, output folder
 * and copy of the project (the last commit, as a fresh clone has it, or the working tree with
 * `--working-tree`); all are removed afterwards. Times are wall-clock of the CLI process, the
 * way cron would see them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseDuration } from './publish/lib/duration.ts';
import { generateContent } from './content-api/generate.ts';
import { checkRemoteOptions, type RemoteOptions } from './content-api/remote-mode.ts';
import { BenchServer } from './bench-rebuild/bench-server.ts';
import {
  benchRemoteScale,
  DEFAULT_REMOTE,
  printRemoteTable,
  type RemoteRow,
} from './bench-rebuild/remote.ts';
import { benchCodeChange, codeChangeProblems, copyProject } from './bench-rebuild/code-change.ts';
import {
  fullBuildCell,
  LOCAL_TABLE_NOTE,
  localTable,
  readDrawnPictures,
  timedCell,
  type LocalRow,
  type Timed,
} from './bench-rebuild/local-table.ts';
import {
  editOneStory,
  machineLine,
  publishToLive,
  runRebuild,
  wasUnchanged,
  type RunResult,
} from './bench-rebuild/steps.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The commit a fresh clone would have, short. */
function headCommit(): string {
  return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
}

/** A run's wall time with its peak. */
const timed = (run: RunResult): Timed => ({ seconds: run.seconds, peak: run.peak });

/** The no-change run; one that had to build (the code changed meanwhile) is repeated. */
async function unchangedRun(out: string, url: string, project: string, scale: number): Promise<RunResult> {
  let unchanged = await runRebuild(out, url, project);
  for (let retry = 0; retry < 2 && !wasUnchanged(unchanged); retry++) {
    console.log(`  (그 사이 코드가 바뀌어 빌드했습니다. 다시 잽니다.)`);
    unchanged = await runRebuild(out, url, project);
  }
  if (!wasUnchanged(unchanged)) throw new Error(`${scale}배: 변경이 없는데 계속 빌드합니다.`);
  return unchanged;
}

/**
 * One scale's rows, run in a copy of the project: the code change edits it, and edits made to the
 * working tree meanwhile would turn a no-change run into a build.
 */
async function benchScale(
  scale: number,
  work: string,
  pollMs: number,
  problems: string[],
  workingTree: boolean,
): Promise<LocalRow> {
  const contentDir = join(work, `content-${scale}`);
  const out = join(work, `out-${scale}`);
  const project = join(work, `project-${scale}`);
  generateContent(scale, contentDir);
  copyProject(root, project, workingTree);
  const server = await BenchServer.start(contentDir);
  try {
    console.log(`\n■ ${scale}배: 전체 빌드`);
    const full = await runRebuild(out, server.url, project);
    const pages = Number(/페이지 (\d+)개: 렌더링/.exec(full.stdout)?.[1] ?? 0);
    console.log(`■ ${scale}배: 변경 없음`);
    const unchanged = await unchangedRun(out, server.url, project, scale);
    console.log(`■ ${scale}배: HR 이야기 1건 수정`);
    editOneStory(contentDir);
    await server.restart();
    const oneChange = await runRebuild(out, server.url, project);
    const counts = /렌더링 (\d+)개, 캐시에서 복원 (\d+)개/.exec(oneChange.stdout);
    console.log(`■ ${scale}배: 새 성공 사례 게시 → 사이트에 반영 (${pollMs / 1000}초마다 확인)`);
    const live = await publishToLive(contentDir, out, server, pollMs, project);
    console.log(`■ ${scale}배: 코드 변경 (푸터 SCSS 규칙 1개, UI 문구 1개)`);
    const change = await benchCodeChange(project, out, server.url);
    problems.push(...codeChangeProblems(scale, change));
    return {
      scale,
      pages,
      full: { ...timed(full), pictures: readDrawnPictures(full.stdout) },
      unchanged: timed(unchanged),
      oneChange: timed(oneChange),
      rendered: counts ? `${counts[1]} / ${counts[2]}` : '?',
      live,
      codeChange: { ...timed(change.run), ...change, missing: change.missing.length },
    };
  } finally {
    await server.close();
  }
}

/** The build-time bench: one row per scale, printed as the README's table; sets a failing exit code when a check fails. */
async function localBench(
  scales: number[],
  work: string,
  pollMs: number,
  startLoad: number,
  workingTree: boolean,
): Promise<void> {
  const rows: LocalRow[] = [];
  const problems: string[] = [];
  const tree = workingTree ? '작업 트리 사본' : `마지막 커밋 ${headCommit()}의 새 복제본`;
  for (const scale of scales) {
    const row = await benchScale(scale, work, pollMs, problems, workingTree);
    rows.push(row);
    console.log(
      `  전체 ${fullBuildCell(row.full)} · 변경 없음 ${timedCell(row.unchanged)} · 1건 수정 ${timedCell(row.oneChange)} · 게시→반영 ${timedCell(row.live)} · 코드 변경 ${row.codeChange ? timedCell(row.codeChange) : '—'}`,
    );
  }
  console.log(`\n재빌드 시간 (${tree}, ${machineLine(startLoad)}; 칸마다 벽시계 / 최대 메모리 / CPU)\n`);
  for (const line of localTable(rows, pollMs)) console.log(line);
  console.log(`\n${LOCAL_TABLE_NOTE}`);
  if (problems.length === 0) return;
  console.log('\n확인 실패:');
  for (const problem of problems) console.log(`  - ${problem}`);
  process.exitCode = 1;
}

/** The remote API bench; sets a failing exit code when a goal is missed. */
async function remoteBench(
  scales: number[],
  work: string,
  pollMs: number,
  remote: RemoteOptions,
  startLoad: number,
  workingTree: boolean,
): Promise<void> {
  const rows: RemoteRow[] = [];
  for (const scale of scales) {
    const project = join(work, `project-remote-${scale}`);
    copyProject(root, project, workingTree);
    rows.push(await benchRemoteScale(scale, work, pollMs, remote, project));
  }
  const problems = printRemoteTable(rows, remote, pollMs, startLoad);
  if (problems.length === 0) {
    // The call-share goal only applies from 10× content; say so when no such scale ran.
    const share = scales.some((scale) => scale >= 10)
      ? '10배 이상에서 폴링 호출이 전체 읽기의 1/10 이하입니다'
      : '폴링 호출 비율 목표(1/10 이하)는 10배 이상에서만 봅니다';
    console.log(`\n목표 달성: 모든 실행이 성공했고, ${share}.`);
    return;
  }
  console.log('\n목표 미달:');
  for (const problem of problems) console.log(`  - ${problem}`);
  process.exitCode = 1;
}

const USAGE =
  '사용법: npm run bench:rebuild -- [--scales 1,10,50] [--poll 10s] [--working-tree]  (기본: 마지막 커밋의 새 복제본에서; --working-tree: 작업 트리 사본에서)\n' +
  '        [--local | --remote] [--latency 100] [--fail-share 0.02] [--rate-limit 20]  (기본: 두 표 모두; 원격 API 모드: 지연 ms, 503 비율 0~1, 초당 요청 한도)';

/** The remote options from the flags, or `null` when they are invalid. */
function remoteOptions(latency: string, failShare: string, rateLimit: string): RemoteOptions | null {
  const options: RemoteOptions = {
    ...DEFAULT_REMOTE,
    latencyMs: Number(latency),
    failShare: Number(failShare),
    rateLimit: Number(rateLimit),
  };
  try {
    checkRemoteOptions(options);
    return options;
  } catch {
    return null;
  }
}

const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: '1,10,50' },
    poll: { type: 'string', default: '10s' },
    remote: { type: 'boolean', default: false },
    'working-tree': { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
    latency: { type: 'string', default: String(DEFAULT_REMOTE.latencyMs) },
    'fail-share': { type: 'string', default: String(DEFAULT_REMOTE.failShare) },
    'rate-limit': { type: 'string', default: String(DEFAULT_REMOTE.rateLimit) },
  },
});
const scales = values.scales.split(',').map(Number);
const pollMs = parseDuration(values.poll);
const remote = remoteOptions(values.latency, values['fail-share'], values['rate-limit']);
if (
  scales.some((n) => !Number.isInteger(n) || n < 1) ||
  pollMs === null ||
  pollMs < 10_000 ||
  remote === null ||
  (values.local && values.remote)
) {
  console.error(USAGE);
  process.exit(2);
}

const startLoad = loadavg()[0]!;
const work = mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
try {
  // Both tables by default; --local or --remote for one of them.
  if (!values.remote) await localBench(scales, work, pollMs, startLoad, values['working-tree']);
  if (!values.local) await remoteBench(scales, work, pollMs, remote, startLoad, values['working-tree']);
} finally {
  rmSync(work, { recursive: true, force: true });
}
