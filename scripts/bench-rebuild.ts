/**
 * `npm run bench:rebuild [-- --scales 1,10,50 --poll 10s]`: times the rebuild on our content and
 * on generated content N times larger — a full build into an empty folder, a run with no
 * change, a run after one HR story changed — and the promise the content team cares about:
 * with `--every` polling, how long from a success story published to the API until the
 * published site serves its detail page, its list's first page and the home showing it.
 * Prints a table (Markdown, for the README).
 *
 * Each scale gets its own temporary content copy, reference server and output folder; all are
 * removed afterwards. Times are wall-clock of the CLI process, the way cron would see them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { parseDuration } from './rebuild/args.ts';
import { generateContent } from './content-api/generate.ts';
import { startServer, type RunningServer } from './content-api/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Timed {
  seconds: number;
  stdout: string;
}

interface Row {
  scale: number;
  pages: number;
  full: number;
  unchanged: number;
  oneChange: number;
  rendered: string;
  /** Seconds from publishing a new item to the API until `current` serves it everywhere. */
  live: number;
}

/** Runs the rebuild CLI once; throws with its output when it fails. */
function runRebuild(out: string, apiUrl: string): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/rebuild.ts', '--out', out], {
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
    child.on('close', (code) => {
      if (code === 0) resolve({ seconds: (performance.now() - started) / 1000, stdout });
      else reject(new Error(`재빌드 실패 (코드 ${code}):\n${output}`));
    });
  });
}

/** Renames the newest HR story: a one-item change. */
function editOneStory(contentDir: string): void {
  const file = join(contentDir, 'hr-stories.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { items: { title: string; created_time: string }[] };
  const newest = [...data.items].sort((a, b) => Date.parse(b.created_time) - Date.parse(a.created_time))[0]!;
  newest.title = `${newest.title} (벤치마크 수정)`;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
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

/**
 * Starts `npm run rebuild -- --every <poll>` against `apiUrl`, publishes a new story by
 * restarting the server on the new content, and times until the site serves it everywhere.
 */
async function publishToLive(
  contentDir: string,
  out: string,
  server: RunningServer,
  pollMs: number,
): Promise<{ seconds: number; server: RunningServer }> {
  const poller = spawn(process.execPath, ['scripts/rebuild.ts', '--out', out, '--every', `${pollMs / 1000}s`], {
    cwd: root,
    env: { ...process.env, PUBLIC_CONTENT_API_URL: server.url, GITHUB_OUTPUT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    const { port } = server;
    const published = performance.now();
    await server.close();
    server = await startServer({ contentDir, port });
    const current = join(out, 'current');
    const serves = () => {
      try {
        return (
          existsSync(join(current, 'cad_archive', id, 'index.html')) &&
          readFileSync(join(current, 'success_story', 'index.html'), 'utf8').includes(title) &&
          readFileSync(join(current, 'index.html'), 'utf8').includes(title)
        );
      } catch {
        return false;
      }
    };
    while (!serves()) {
      if (performance.now() - published > 10 * 60_000) throw new Error(`10분 안에 게시되지 않았습니다:\n${log}`);
      await sleep(100);
    }
    return { seconds: (performance.now() - published) / 1000, server };
  } finally {
    poller.kill('SIGTERM');
    await exited;
  }
}

async function benchScale(scale: number, work: string, pollMs: number): Promise<Row> {
  const contentDir = join(work, `content-${scale}`);
  const out = join(work, `out-${scale}`);
  generateContent(scale, contentDir);
  let server: RunningServer = await startServer({ contentDir, port: 0 });
  try {
    console.log(`\n■ ${scale}배: 전체 빌드`);
    const full = await runRebuild(out, server.url);
    const pages = Number(/페이지 (\d+)개: 렌더링/.exec(full.stdout)?.[1] ?? 0);
    console.log(`■ ${scale}배: 변경 없음`);
    let unchanged = await runRebuild(out, server.url);
    // Someone editing the code meanwhile makes that run a real build; the next one is the no-change run.
    for (let retry = 0; retry < 2 && !unchanged.stdout.includes('변경 사항이 없어'); retry++) {
      console.log(`  (그 사이 코드가 바뀌어 빌드했습니다. 다시 잽니다.)`);
      unchanged = await runRebuild(out, server.url);
    }
    if (!unchanged.stdout.includes('변경 사항이 없어')) throw new Error(`${scale}배: 변경이 없는데 계속 빌드합니다.`);
    console.log(`■ ${scale}배: HR 이야기 1건 수정`);
    editOneStory(contentDir);
    // Same port: image addresses carry the server's origin.
    const { port } = server;
    await server.close();
    server = await startServer({ contentDir, port });
    const oneChange = await runRebuild(out, server.url);
    const counts = /렌더링 (\d+)개, 캐시에서 복원 (\d+)개/.exec(oneChange.stdout);
    console.log(`■ ${scale}배: 새 성공 사례 게시 → 사이트에 반영 (${pollMs / 1000}초마다 확인)`);
    const live = await publishToLive(contentDir, out, server, pollMs);
    server = live.server;
    return {
      scale,
      pages,
      full: full.seconds,
      unchanged: unchanged.seconds,
      oneChange: oneChange.seconds,
      rendered: counts ? `${counts[1]} / ${counts[2]}` : '?',
      live: live.seconds,
    };
  } finally {
    await server.close();
  }
}

const { values } = parseArgs({
  options: { scales: { type: 'string', default: '1,10,50' }, poll: { type: 'string', default: '10s' } },
});
const scales = values.scales.split(',').map(Number);
const pollMs = parseDuration(values.poll);
if (scales.some((n) => !Number.isInteger(n) || n < 1) || pollMs === null || pollMs < 10_000) {
  console.error('사용법: npm run bench:rebuild -- [--scales 1,10,50] [--poll 10s]');
  process.exit(2);
}

const startLoad = loadavg()[0]!;
const work = mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
const rows: Row[] = [];
try {
  for (const scale of scales) {
    const row = await benchScale(scale, work, pollMs);
    rows.push(row);
    console.log(
      `  전체 ${row.full.toFixed(1)}초 · 변경 없음 ${row.unchanged.toFixed(1)}초 · 1건 수정 ${row.oneChange.toFixed(1)}초 · 게시→반영 ${row.live.toFixed(1)}초`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const s = (seconds: number) => `${seconds.toFixed(1)}초`;
// The load average tells whether other work on the machine inflated the figures.
console.log(
  `\n재빌드 시간 (Node ${process.version}, CPU ${cpus().length}개, 부하 평균 ${loadavg()[0]!.toFixed(1)} / 시작 시 ${startLoad.toFixed(1)})\n`,
);
console.log(
  `| 콘텐츠 | 페이지 | 전체 빌드 | 변경 없음 | HR 이야기 1건 수정 | 1건 수정 시 렌더링 / 복원 | 새 글 게시 → 사이트 반영 (${pollMs / 1000}초 폴링) |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const label = row.scale === 1 ? '우리 콘텐츠' : `${row.scale}배`;
  console.log(
    `| ${label} | ${row.pages} | ${s(row.full)} | ${s(row.unchanged)} | ${s(row.oneChange)} | ${row.rendered} | ${s(row.live)} |`,
  );
}
