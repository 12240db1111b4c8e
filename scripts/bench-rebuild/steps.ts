/**
 * The steps both benches share: running the rebuild CLI, changing the content the way editors
 * do, and timing a new item from the API to the published site under `--every` polling.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchServer } from './bench-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** One run of the rebuild CLI. */
export interface RunResult {
  /** Exit code 0: published or unchanged. */
  ok: boolean;
  code: number | null;
  /** Wall-clock of the process, the way cron would see it. */
  seconds: number;
  stdout: string;
  /** stdout and stderr interleaved, for the report of a failed run. */
  output: string;
}

/** Runs the rebuild CLI once and reports how it ended; never throws for a failed run. */
export function tryRebuild(out: string, apiUrl: string): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/publish/rebuild.ts', '--out', out], {
      cwd: root,
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
      resolve({ ok: code === 0, code, seconds: (performance.now() - started) / 1000, stdout, output });
    });
  });
}

/** Runs the rebuild CLI once; throws with its output when it fails. */
export async function runRebuild(out: string, apiUrl: string): Promise<RunResult> {
  const run = await tryRebuild(out, apiUrl);
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
): Promise<number> {
  const poller = spawn(
    process.execPath,
    ['scripts/publish/rebuild.ts', '--out', out, '--every', `${pollMs / 1000}s`],
    {
      cwd: root,
      env: { ...process.env, PUBLIC_CONTENT_API_URL: server.url, GITHUB_OUTPUT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  poller.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  poller.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => poller.on('close', () => resolve()));
  try {
    // Let the poller settle into its rhythm (its first poll finds nothing new).
    while (!log.includes('변경 없음')) {
      if (poller.exitCode !== null) throw new Error(`폴링이 멈췄습니다:\n${log}`);
      await sleep(100);
    }
    const title = `방금 게시한 성공 사례 ${Date.now()}`;
    const id = publishNewStory(contentDir, title);
    const published = performance.now();
    await server.restart();
    while (!servesStory(out, id, title)) {
      if (poller.exitCode !== null) throw new Error(`폴링이 멈췄습니다:\n${log}`);
      if (performance.now() - published > 10 * 60_000)
        throw new Error(`10분 안에 게시되지 않았습니다:\n${log}`);
      await sleep(100);
    }
    return (performance.now() - published) / 1000;
  } finally {
    poller.kill('SIGTERM');
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
