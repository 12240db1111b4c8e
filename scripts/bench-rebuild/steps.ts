/**
 * The steps both benches share: running the rebuild CLI, changing the content the way editors
 * do, and timing a new item from the API to the published site under `--every` polling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchServer } from './bench-server.ts';
import { measuredCommand, readPeak, stopMeasured, type Peak } from './peak.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** One run of the rebuild CLI. */
export interface RunResult {
  /** Exit code 0: published or unchanged. */
  ok: boolean;
  code: number | null;
  /** Wall-clock of the process, the way cron would see it. */
  seconds: number;
  /** Peak memory and CPU share of the run (its build included), when `/usr/bin/time` is there. */
  peak: Peak | null;
  stdout: string;
  /** stdout and stderr interleaved, for the report of a failed run. */
  output: string;
}

/**
 * Runs the rebuild CLI once and reports how it ended; never throws for a failed run. `project`
 * is the project whose rebuild runs (and whose code is built): this one, or a copy of it.
 */
export function tryRebuild(out: string, apiUrl: string, project = root): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command, args] = measuredCommand(process.execPath, ['scripts/publish/rebuild.ts', '--out', out]);
    const child = spawn(command, args, {
      cwd: project,
      env: { ...process.env, PUBLIC_CONTENT_API_URL: apiUrl, GITHUB_OUTPUT: '' },
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) => {
      output += `${error.message}\n`;
    });
    child.on('close', (code) => {
      const { peak, rest } = readPeak(output);
      const seconds = (performance.now() - started) / 1000;
      resolve({ ok: code === 0, code, seconds, peak, stdout, output: rest });
    });
  });
}

/** Runs the rebuild CLI once; throws with its output when it fails. */
export async function runRebuild(out: string, apiUrl: string, project = root): Promise<RunResult> {
  const run = await tryRebuild(out, apiUrl, project);
  if (!run.ok) throw new Error(`재빌드 실패 (코드 ${run.code}):\n${run.output}`);
  return run;
}

/** Whether a run found nothing to build. */
export function wasUnchanged(run: RunResult): boolean {
  return run.stdout.includes('변경 사항이 없어');
}

/**
 * Renames the newest HR story: a one-item change. Returns its id and a marker unique to this
 * edit, which its page shows once the change is published.
 */
export function editOneStory(contentDir: string): { id: string; marker: string } {
  const file = join(contentDir, 'hr-stories.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    items: { analytics_page_id: string; title: string; created_time: string }[];
  };
  const newest = [...data.items].sort((a, b) => Date.parse(b.created_time) - Date.parse(a.created_time))[0]!;
  // No characters HTML would escape, so the marker is found as is in the page.
  const marker = `벤치마크 수정 ${Date.now()}`;
  newest.title = `${newest.title} (${marker})`;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return { id: newest.analytics_page_id, marker };
}

/** Adds a success story newer than all others: it belongs on its page, the list's first page and the home. */
function publishNewStory(contentDir: string, title: string): string {
  const file = join(contentDir, 'success.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { items: Record<string, unknown>[] };
  const id = `success-live-${Date.now()}`;
  const created = new Date(Date.now() + 9 * 3_600_000).toISOString().replace('Z', '+09:00');
  data.items.push({
    ...data.items[0]!,
    analytics_page_id: id,
    absolute_url: `/cad_archive/${id}`,
    title,
    html_title: title,
    created_time: created,
  });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return id;
}

/** Whether the published site serves the new story on its page, its list's first page and the home. */
function servesStory(out: string, id: string, title: string): boolean {
  const current = join(out, 'current');
  try {
    return (
      existsSync(join(current, 'cad_archive', id, 'index.html')) &&
      readFileSync(join(current, 'success_story', 'index.html'), 'utf8').includes(title) &&
      readFileSync(join(current, 'index.html'), 'utf8').includes(title)
    );
  } catch {
    return false;
  }
}

/** The time from a new item in the API to the site serving it, and the poller's peak over that time. */
export interface LiveResult {
  seconds: number;
  peak: Peak | null;
}

/** `npm run rebuild -- --every <poll>` in `project`, with its output gathered into `log`. */
function startPoller(out: string, server: BenchServer, pollMs: number, project: string) {
  const [command, args] = measuredCommand(process.execPath, [
    'scripts/publish/rebuild.ts',
    '--out',
    out,
    '--every',
    `${pollMs / 1000}s`,
  ]);
  const poller: ChildProcess = spawn(command, args, {
    cwd: project,
    env: { ...process.env, PUBLIC_CONTENT_API_URL: server.url, GITHUB_OUTPUT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { log: '' };
  poller.stdout!.on('data', (chunk: Buffer) => (state.log += chunk.toString()));
  poller.stderr!.on('data', (chunk: Buffer) => (state.log += chunk.toString()));
  const exited = new Promise<void>((resolve) => poller.on('close', () => resolve()));
  return { poller, state, exited };
}

/**
 * Starts `npm run rebuild -- --every <poll>` against the server, publishes a new story by
 * restarting the server on the new content, and returns the seconds until the site serves it
 * everywhere.
 */
export async function publishToLive(
  contentDir: string,
  out: string,
  server: BenchServer,
  pollMs: number,
  project = root,
): Promise<LiveResult> {
  const { poller, state, exited } = startPoller(out, server, pollMs, project);
  const stopped = () => poller.exitCode !== null || poller.signalCode !== null;
  try {
    // Let the poller settle into its rhythm (its first poll finds nothing new).
    while (!state.log.includes('변경 없음')) {
      if (stopped()) throw new Error(`폴링이 멈췄습니다:\n${state.log}`);
      await sleep(100);
    }
    const title = `방금 게시한 성공 사례 ${Date.now()}`;
    const id = publishNewStory(contentDir, title);
    const published = performance.now();
    await server.restart();
    while (!servesStory(out, id, title)) {
      if (stopped()) throw new Error(`폴링이 멈췄습니다:\n${state.log}`);
      if (performance.now() - published > 10 * 60_000)
        throw new Error(`10분 안에 게시되지 않았습니다:\n${state.log}`);
      await sleep(100);
    }
    const seconds = (performance.now() - published) / 1000;
    stopMeasured(poller);
    await exited;
    return { seconds, peak: readPeak(state.log).peak };
  } finally {
    if (!stopped()) stopMeasured(poller);
    await exited;
  }
}

/** The machine the figures come from; the load average tells whether other work inflated them. */
export function machineLine(startLoad: number): string {
  return `Node ${process.version}, CPU ${cpus().length}개, 부하 평균 ${loadavg()[0]!.toFixed(1)} / 시작 시 ${startLoad.toFixed(1)}`;
}

/** Seconds as the tables print them. */
export function secs(seconds: number): string {
  return `${seconds.toFixed(1)}초`;
}
