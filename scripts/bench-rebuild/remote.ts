/**
 * `npm run bench:rebuild -- --remote`: the rebuild against the reference server in its remote
 * API mode (latency, a share of 503s, a rate limit with 429s), measured by what the server saw
 * — calls, bytes, 304s — rather than by build time alone. The promise it checks: after the
 * first full read, a poll costs a small fraction of it (≤ 1/10 at 10× content), polls keep
 * succeeding under the faults, and an edit or a new item still reaches the site.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateContent } from '../content-api/generate.ts';
import type { RemoteOptions, TrafficStats } from '../content-api/server.ts';
import { BenchServer } from './bench-server.ts';
import {
  editOneStory,
  machineLine,
  publishToLive,
  secs,
  tryRebuild,
  wasUnchanged,
  type RunResult,
} from './steps.ts';

/** The faults a remote API is benchmarked under unless flags say otherwise. */
export const DEFAULT_REMOTE: Readonly<RemoteOptions> = {
  latencyMs: 100,
  failShare: 0.02,
  rateLimit: 20,
  seed: 1,
};

/** Polls in a row that must all succeed. */
const POLLS_IN_A_ROW = 20;
/** A poll may cost at most this share of the full read's calls … */
const MAX_POLL_SHARE = 1 / 10;
/** … from this scale on (at our own size, the first pages are a large part of the API). */
const POLL_SHARE_FROM_SCALE = 10;

/** One run with what the server answered during it. */
interface Step {
  run: RunResult;
  traffic: TrafficStats;
}

interface PollSeries {
  succeeded: number;
  calls: number;
  notModified: number;
}

export interface RemoteRow {
  scale: number;
  full: Step | null;
  poll: Step | null;
  polls: PollSeries | null;
  /** Seconds from the edit to the page serving it. */
  edit: number | null;
  /** Seconds from a new item in the API to the site serving it. */
  live: number | null;
  /** Goals this scale missed, in Korean. */
  problems: string[];
}

/** Runs the rebuild once with the server's counters reset just before. */
async function measured(server: BenchServer, out: string, project: string): Promise<Step> {
  server.resetStats();
  const run = await tryRebuild(out, server.url, project);
  return { run, traffic: server.stats() };
}

/** Records a failed run, with its whole output: it may be a rebuild bug someone has to read. */
function failed(row: RemoteRow, step: string, run: RunResult): void {
  row.problems.push(`${row.scale}배 ${step}: 재빌드 실패 (코드 ${run.code})`);
  console.error(`  ${step} 실패 (코드 ${run.code}). 전체 출력:\n${run.output}`);
}

/** The run after the full read; a run that had to build (someone changed the code meanwhile) is repeated. */
async function noChangePoll(server: BenchServer, out: string, project: string): Promise<Step> {
  let step = await measured(server, out, project);
  for (let retry = 0; retry < 2 && step.run.ok && !wasUnchanged(step.run); retry++) {
    console.log('  (그 사이 코드가 바뀌어 빌드했습니다. 다시 잽니다.)');
    step = await measured(server, out, project);
  }
  return step;
}

/** Plain runs one after another, as cron would start them; a failed one is reported and the series goes on. */
async function pollsInARow(
  server: BenchServer,
  out: string,
  project: string,
  row: RemoteRow,
): Promise<PollSeries> {
  server.resetStats();
  let succeeded = 0;
  for (let n = 1; n <= POLLS_IN_A_ROW; n++) {
    const run = await tryRebuild(out, server.url, project);
    if (run.ok) succeeded += 1;
    else failed(row, `연속 폴링 ${n}번째`, run);
  }
  const traffic = server.stats();
  return { succeeded, calls: traffic.requests, notModified: traffic.notModified };
}

/** Retitles the newest HR story, reloads the server and runs once; `null` when the page does not show it. */
async function editToServing(
  server: BenchServer,
  contentDir: string,
  out: string,
  project: string,
  row: RemoteRow,
): Promise<number | null> {
  const started = performance.now();
  const { id, marker } = editOneStory(contentDir);
  await server.restart();
  const run = await tryRebuild(out, server.url, project);
  if (!run.ok) {
    failed(row, 'HR 이야기 수정 후 실행', run);
    return null;
  }
  const page = join(out, 'current', 'info', 'blog', id, 'index.html');
  if (!existsSync(page) || !readFileSync(page, 'utf8').includes(marker)) {
    row.problems.push(`${row.scale}배 HR 이야기 수정: 실행은 성공했지만 ${page} 에 새 제목이 없습니다`);
    console.error(`  수정이 반영되지 않았습니다. 실행 출력:\n${run.output}`);
    return null;
  }
  return (performance.now() - started) / 1000;
}

/** Checks the poll's share of the full read's calls against the goal. */
function checkPollShare(row: RemoteRow): void {
  if (!row.full || !row.poll || row.scale < POLL_SHARE_FROM_SCALE) return;
  const share = row.poll.traffic.requests / row.full.traffic.requests;
  if (share > MAX_POLL_SHARE) {
    row.problems.push(
      `${row.scale}배: 폴링 호출이 전체 읽기의 ${pollShare(row)} 로 목표(1/10 이하)를 넘습니다`,
    );
  }
}

async function runSteps(
  server: BenchServer,
  contentDir: string,
  out: string,
  project: string,
  row: RemoteRow,
  pollMs: number,
): Promise<void> {
  const { scale } = row;
  console.log(`\n■ ${scale}배: 전체 읽기 (빈 출력 폴더)`);
  row.full = await measured(server, out, project);
  if (!row.full.run.ok) return failed(row, '전체 읽기', row.full.run);

  console.log(`■ ${scale}배: 변경 없음 폴링`);
  row.poll = await noChangePoll(server, out, project);
  if (!row.poll.run.ok) return failed(row, '변경 없음 폴링', row.poll.run);
  if (!wasUnchanged(row.poll.run)) row.problems.push(`${scale}배: 변경이 없는데 계속 빌드합니다`);
  checkPollShare(row);

  console.log(`■ ${scale}배: 연속 폴링 ${POLLS_IN_A_ROW}회`);
  row.polls = await pollsInARow(server, out, project, row);

  console.log(`■ ${scale}배: HR 이야기 1건 수정 → 반영`);
  row.edit = await editToServing(server, contentDir, out, project, row);

  console.log(`■ ${scale}배: 새 성공 사례 게시 → 사이트에 반영 (${pollMs / 1000}초마다 확인)`);
  try {
    row.live = (await publishToLive(contentDir, out, server, pollMs, project)).seconds;
  } catch (error) {
    row.problems.push(`${scale}배 새 글 게시: 사이트에 반영되지 않았습니다`);
    console.error(`  ${(error as Error).message}`);
  }
}

/**
 * Benchmarks one scale on its own generated content, server and output folder (under `work`),
 * building the project `project` (a copy of this one: see bench-rebuild.ts).
 */
export async function benchRemoteScale(
  scale: number,
  work: string,
  pollMs: number,
  remote: RemoteOptions,
  project: string,
): Promise<RemoteRow> {
  const contentDir = join(work, `remote-content-${scale}`);
  const out = join(work, `remote-out-${scale}`);
  generateContent(scale, contentDir);
  const server = await BenchServer.start(contentDir, remote);
  const row: RemoteRow = { scale, full: null, poll: null, polls: null, edit: null, live: null, problems: [] };
  try {
    await runSteps(server, contentDir, out, project, row, pollMs);
  } finally {
    await server.close();
  }
  console.log(`  ${summary(row)}`);
  return row;
}

/** One line per scale while the bench runs, so a long run shows progress. */
function summary(row: RemoteRow): string {
  return [
    `전체 ${fullCell(row)}`,
    `폴링 ${pollCell(row)}`,
    `연속 ${pollsCell(row)}`,
    `수정→반영 ${timeCell(row.edit)}`,
    `새 글→반영 ${timeCell(row.live)}`,
  ].join(' · ');
}

const count = (n: number) => n.toLocaleString('en-US');

function bytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function fullCell({ full }: RemoteRow): string {
  if (!full) return '—';
  if (!full.run.ok) return '실패';
  return `${count(full.traffic.requests)}건 / ${bytes(full.traffic.bytes)} / ${secs(full.run.seconds)}`;
}

function pollCell({ poll }: RemoteRow): string {
  if (!poll) return '—';
  if (!poll.run.ok) return '실패';
  const { requests, notModified, bytes: sent } = poll.traffic;
  return `${count(requests)}건 / ${count(notModified)}건 / ${bytes(sent)} / ${secs(poll.run.seconds)}`;
}

function pollShare({ full, poll }: RemoteRow): string {
  if (!full?.run.ok || !poll?.run.ok || full.traffic.requests === 0) return '—';
  const share = poll.traffic.requests / full.traffic.requests;
  return `1/${(1 / share).toFixed(1)} (${share.toFixed(3)})`;
}

function pollsCell({ polls }: RemoteRow): string {
  if (!polls) return '—';
  return `${polls.succeeded}/${POLLS_IN_A_ROW} (호출 ${count(polls.calls)}건, 304 ${count(polls.notModified)}건)`;
}

function timeCell(seconds: number | null): string {
  return seconds === null ? '—' : secs(seconds);
}

function faultCell({ full }: RemoteRow): string {
  return full ? `${count(full.traffic.refused)} / ${count(full.traffic.failed)}` : '—';
}

/** The settings the figures were taken under, in Korean. */
function settingsLine(remote: RemoteOptions, pollMs: number): string {
  const limit = remote.rateLimit === undefined ? '제한 없음' : `초당 ${remote.rateLimit}건 (넘으면 429)`;
  return (
    `원격 API 모드: 지연 ${remote.latencyMs ?? 0}ms, 503 비율 ${((remote.failShare ?? 0) * 100).toFixed(1)}%, ` +
    `요청 한도 ${limit}, 시드 ${remote.seed ?? 1} · 재빌드는 기본 설정 (초당 10건, 동시 4건) · 새 글 폴링 ${pollMs / 1000}초`
  );
}

/** Prints the settings, the machine and the Markdown table; returns every missed goal. */
export function printRemoteTable(
  rows: RemoteRow[],
  remote: RemoteOptions,
  pollMs: number,
  startLoad: number,
): string[] {
  console.log(`\n${settingsLine(remote, pollMs)}`);
  console.log(`원격 API 재빌드 (${machineLine(startLoad)})\n`);
  console.log(
    `| 콘텐츠 | 전체 읽기 (호출 / 바이트 / 초) | 변경 없음 폴링 (호출 / 304 / 바이트 / 초) | 폴링/전체 호출 비율 | 연속 폴링 ${POLLS_IN_A_ROW}회 성공 | 수정 → 반영 | 새 글 → 반영 | 429 / 503 (전체 읽기) |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const label = row.scale === 1 ? '우리 콘텐츠' : `${row.scale}배`;
    const cells = [
      label,
      fullCell(row),
      pollCell(row),
      pollShare(row),
      pollsCell(row),
      timeCell(row.edit),
      timeCell(row.live),
    ];
    console.log(`| ${[...cells, faultCell(row)].join(' | ')} |`);
  }
  return rows.flatMap((row) => row.problems);
}
