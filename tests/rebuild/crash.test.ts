// @vitest-environment node
/**
 * Kills at any moment: the rebuild CLI killed with SIGKILL at moments of a publish, either its
 * whole process group or its main process alone, and a deploy killed likewise. After each kill
 * the live `current` is a complete release; the next plain run, with no human step, exits 0 and
 * publishes the latest content, and leaves no stray folder, lock or process.
 *
 * "Main alone" is the supervisor case: the main pid is killed while its parent (a `sh` that
 * became `sleep` by exec) does not reap it, so it stays a zombie while the next run starts.
 *
 * Moments are named pause points (`REBUILD_PAUSE_AT`, scripts/publish/lib/pause-point.ts) where a
 * moment must be exact, and progress lines (plus a delay) for "during" a phase. One full build,
 * then incremental ones (Astro's cache): one story's title changes before each publish.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/content-api/server.ts';
import { groupMembers, hasExited, readProcStat } from '../../scripts/publish/lib/process-groups.ts';
import { PAUSE_ENV } from '../../scripts/publish/lib/pause-point.ts';
import { outputFolder } from '../../scripts/publish/rebuild/output-folder.ts';
import {
  currentRelease,
  listReleases,
  releaseProblems,
} from '../../scripts/publish/rebuild/releases/releases.ts';
import { endpointUrl } from '../../src/lib/api/endpoints.ts';
import { ListResponseSchema } from '../../src/lib/api/schemas.ts';
import { makeWorkFolder } from '../support/publish-run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const STEP = 240_000;

let work: string;
let contentDir: string;
let out: string;
let api: RunningServer | undefined;
let port = 0;
let storyId = '';
let edition = 0;
/** Processes a test started and must not leave behind (the `sleep` parents of "main alone"). */
const started: ChildProcess[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const apiUrl = () => `http://127.0.0.1:${port}`;

/** Gives the story a new title (and restarts the API on it); returns the title. */
async function editStory(): Promise<string> {
  const file = join(contentDir, 'hr-stories.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    items: { analytics_page_id: string; title: string }[];
  };
  const story = data.items.find((item) => item.analytics_page_id === storyId)!;
  edition += 1;
  story.title = `${story.title.replace(/ \(판 \d+\)$/, '')} (판 ${edition})`;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  await api?.close();
  api = await startServer({ contentDir, port });
  return story.title;
}

type KillMode = 'group' | 'main';
interface Moment {
  /** A pause point's name, or a progress line to wait for. */
  at: string | RegExp;
  /** After the line, wait this long before the kill. */
  delayMs?: number;
}

interface Killed {
  mode: KillMode;
  /** The killed run's main pid and process group. */
  pid: number;
  pgid: number;
  output: string;
}

/**
 * Starts `command` (node with `args`) and kills it with SIGKILL at `moment`: its process group
 * (it leads its own), or its main pid alone while its parent does not reap it.
 */
async function startAndKill(
  args: string[],
  mode: KillMode,
  moment: Moment,
  env: Record<string, string> = {},
): Promise<Killed> {
  const fullEnv = {
    ...process.env,
    PUBLIC_CONTENT_API_URL: apiUrl(),
    GITHUB_OUTPUT: '',
    ...(typeof moment.at === 'string' ? { [PAUSE_ENV]: moment.at } : {}),
    ...env,
  };
  const quoted = [process.execPath, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  const child =
    mode === 'group'
      ? spawn(process.execPath, args, { cwd: root, env: fullEnv, detached: true })
      : // The run in the background, its pid first on stdout; `exec sleep` never waits for it.
        spawn('sh', ['-c', `${quoted} & echo "pid $!"; exec sleep 600`], {
          cwd: root,
          env: fullEnv,
          detached: true,
        });
  started.push(child);
  let output = '';
  let pid = mode === 'group' ? child.pid! : 0;
  const reached = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`시점에 닿지 않았습니다 (${String(moment.at)}):\n${output}`)),
      120_000,
    );
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const pidLine = /^pid (\d+)$/m.exec(output);
      if (pidLine && !pid) pid = Number(pidLine[1]);
      const hit =
        typeof moment.at === 'string' ? output.includes(`[pause] ${moment.at}`) : moment.at.test(output);
      if (hit && pid) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        child.stderr!.off('data', look);
        resolve();
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.on('exit', () => reject(new Error(`시점 전에 끝났습니다 (${String(moment.at)}):\n${output}`)));
  });
  await reached;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (moment.delayMs) await sleep(moment.delayMs);
  const pgid = readProcStat(pid)!.pgrp;
  if (mode === 'group') process.kill(-pgid, 'SIGKILL');
  else process.kill(pid, 'SIGKILL');
  // Killed: gone (group) or a zombie its parent does not reap (main alone).
  for (let i = 0; i < 100 && !hasExited(readProcStat(pid)); i++) await sleep(20);
  expect(hasExited(readProcStat(pid))).toBe(true);
  if (mode === 'main') expect(readProcStat(pid)?.state).toBe('Z');
  return { mode, pid, pgid, output };
}

/** No process of the killed run runs: nothing in its group but the non-reaping parent, no build. */
async function expectNothingRunning(killed: Killed, build: number | null): Promise<void> {
  const parent = killed.mode === 'main' ? killed.pgid : null;
  const alive = () => [
    ...groupMembers(killed.pgid).filter((pid) => pid !== parent),
    ...(build === null ? [] : groupMembers(build)),
  ];
  for (let i = 0; i < 150 && alive().length > 0; i++) await sleep(20);
  expect(alive()).toEqual([]);
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, PUBLIC_CONTENT_API_URL: apiUrl(), GITHUB_OUTPUT: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const rebuildArgs = (...more: string[]) => ['scripts/publish/rebuild.ts', '--out', out, ...more];

/** `current` is a complete release: its manifest lists files that all exist. */
function expectCompleteCurrent(): string {
  const release = currentRelease(outputFolder(out));
  expect(release).not.toBeNull();
  expect(releaseProblems(outputFolder(out), release!)).toEqual([]);
  return release!;
}

/** The output folder holds only what a finished run leaves, every release complete. */
function expectNoLeftovers(): void {
  const allowed = new Set(['current', 'releases', 'cache', 'api', 'history.jsonl', 'pending-purge.json']);
  expect(readdirSync(out).filter((name) => !allowed.has(name))).toEqual([]);
  // No half-written file; a first read's journal (`.jsonl`) is kept on purpose until it is published.
  expect(readdirSync(join(out, 'api')).filter((name) => !/\.jsonl?$/.test(name))).toEqual([]);
  expect(readdirSync(join(out, 'releases')).filter((name) => name.startsWith('.'))).toEqual([]);
  for (const release of listReleases(outputFolder(out)))
    expect(releaseProblems(outputFolder(out), release), release).toEqual([]);
}

/** The build group recorded in the killed run's lock, if it got that far. */
function recordedBuild(): number | null {
  try {
    return (JSON.parse(readFileSync(join(out, '.rebuild.lock', 'build.json'), 'utf8')) as { pgid: number })
      .pgid;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  ({ work, contentDir, out } = makeWorkFolder('rebuild-crash-'));
  api = await startServer({ contentDir, port: 0 });
  port = api.port;
  const res = await fetch(endpointUrl(apiUrl(), 'hrStoryTags', { page: 1, topic_id: '', name: '' }));
  storyId = ListResponseSchema.parse(await res.json()).objects[0]!.analytics_page_id;
}, STEP);

afterAll(async () => {
  for (const child of started) {
    for (const pid of [-child.pid!, child.pid!]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already, or not a group leader.
      }
    }
  }
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the rebuild killed at any moment', () => {
  it('publishes the first release', { timeout: STEP }, async () => {
    const first = await run(rebuildArgs());
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expectCompleteCurrent();
  });

  const moments: [string, KillMode, Moment, string[]?][] = [
    ['right after taking the lock', 'group', { at: 'locked' }],
    ['while reading the snapshot', 'main', { at: /스냅샷 · / }],
    ['during the build', 'group', { at: /astro build 실행 중/, delayMs: 2500 }],
    ['during the build', 'main', { at: /astro build 실행 중/, delayMs: 5000 }],
    ['after the build, before the switch', 'main', { at: 'built' }],
    ['with the release moved into place, before the switch', 'group', { at: 'moved' }],
    ['right after the switch', 'main', { at: 'switched' }],
    ['while pruning old releases', 'group', { at: /게시 · current →/ }, ['--keep', '1']],
  ];
  for (const [when, mode, moment, extra] of moments) {
    it(
      `killed ${when} (${mode === 'group' ? 'its process group' : 'its main process alone'})`,
      { timeout: STEP },
      async () => {
        const title = await editStory();
        const before = expectCompleteCurrent();
        const killed = await startAndKill(rebuildArgs(...(extra ?? [])), mode, moment);
        const build = recordedBuild();
        await expectNothingRunning(killed, build);
        // The live site is a complete release: the one before, or the new one if it got there.
        const live = expectCompleteCurrent();
        if (live !== before)
          expect(readFileSync(join(out, 'current/info/blog', storyId, 'index.html'), 'utf8')).toContain(
            title,
          );

        const next = await run(rebuildArgs());
        expect(next.code, next.stdout + next.stderr).toBe(0);
        expect(next.stdout + next.stderr).not.toContain('다른 재빌드가 실행 중입니다');
        expectCompleteCurrent();
        expect(readFileSync(join(out, 'current/info/blog', storyId, 'index.html'), 'utf8')).toContain(title);
        expectNoLeftovers();
        if (build !== null) expect(groupMembers(build)).toEqual([]);
      },
    );
  }
});

describe('npm run rebuild -- --every, stopped by SIGTERM', () => {
  it(
    'stops the run in progress, releases the lock and leaves current as it was',
    { timeout: STEP },
    async () => {
      await editStory();
      const before = expectCompleteCurrent();
      const child = spawn(process.execPath, rebuildArgs('--every', '1h'), {
        cwd: root,
        env: { ...process.env, PUBLIC_CONTENT_API_URL: apiUrl(), GITHUB_OUTPUT: '' },
      });
      started.push(child);
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      for (let i = 0; i < 2400 && !output.includes('astro build 실행 중'); i++) await sleep(50);
      expect(output).toContain('astro build 실행 중');
      await sleep(1500);
      const build = recordedBuild();
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(15_000).then(() => 'still running' as const)]);
      expect(code, output).not.toBe('still running');
      expect(output).toContain('확인을 멈췄습니다.');
      expect(currentRelease(outputFolder(out))).toBe(before);
      expect(existsSync(join(out, '.rebuild.lock'))).toBe(false);
      expect(existsSync(join(out, '.build'))).toBe(false);
      expect(build).not.toBeNull();
      expect(groupMembers(build!)).toEqual([]);
    },
  );
});

const rsyncMissing = spawnSync('rsync', ['--version']).status !== 0;

describe.skipIf(rsyncMissing)('npm run deploy killed at any moment', () => {
  let target = '';
  const deployArgs = (release: string) => [
    'scripts/publish/deploy.ts',
    '--from',
    join(out, 'releases', release),
    '--to',
    target,
  ];
  /** The live release on the host is complete: every file its manifest lists is there or in the pool. */
  const expectCompleteLive = (): string => {
    const link = readlinkSync(join(target, 'current'));
    const id = link.replace(/^releases\//, '');
    const manifest = JSON.parse(readFileSync(join(out, 'releases', id, 'manifest.json'), 'utf8')) as {
      files: string[];
    };
    const missing = manifest.files.filter(
      (file) =>
        !['manifest.json', 'changed-routes.json', '_headers'].includes(file) &&
        !existsSync(join(target, 'current', file)) &&
        !existsSync(join(target, 'assets', file)),
    );
    expect(missing, id).toEqual([]);
    return id;
  };
  let releases: string[] = [];
  let turn = 0;
  /** The next release to deploy: one that is not live. */
  const another = () => releases[turn++ % releases.length]!;

  beforeAll(() => {
    target = join(work, 'site');
    releases = listReleases(outputFolder(out)).slice(-3);
  });

  it('deploys a first release', { timeout: STEP }, async () => {
    const first = await run(deployArgs(another()));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expectCompleteLive();
  });

  // Pause points, not progress lines: right after the switch the deploy would otherwise record,
  // prune and release its lock within milliseconds, before a kill on the line could land.
  const moments: [string, KillMode, string][] = [
    ['after taking the lock', 'group', 'deploy-locked'],
    ['after uploading the hashed files', 'main', 'deploy-assets'],
    ['after uploading the pages, before the switch', 'group', 'deploy-pages'],
    ['right after the switch', 'main', 'deploy-switched'],
  ];
  for (const [when, mode, line] of moments) {
    it(
      `killed ${when} (${mode === 'group' ? 'its process group' : 'its main process alone'})`,
      { timeout: STEP },
      async () => {
        const release = another();
        const killed = await startAndKill(deployArgs(release), mode, { at: line });
        await sleep(300);
        expectCompleteLive();
        expect(existsSync(join(target, '.deploy.lock')), killed.output).toBe(true);
        const next = await run(deployArgs(release));
        expect(next.code, next.stdout + next.stderr).toBe(0);
        expect(next.stdout).toContain('멈춘 배포의 잠금을 넘겨받습니다');
        expect(expectCompleteLive()).toBe(release);
        expect(readdirSync(target).filter((name) => name.startsWith('.deploy.lock'))).toEqual([]);
      },
    );
  }

  it('releases its lock when stopped by SIGTERM while taking it', { timeout: STEP }, async () => {
    // A stand-in `sh` that holds on after the script that takes the lock, so SIGTERM comes then.
    const bin = join(work, 'slow-sh');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(bin, 'sh'),
      `#!/bin/bash\nscript=$(cat)\nprintf '%s\\n' "$script" | /bin/sh "$@"\nstatus=$?\ncase "$script" in *"mkdir .deploy.lock"*) sleep 3 ;; esac\nexit $status\n`,
    );
    chmodSync(join(bin, 'sh'), 0o755);
    const child = spawn(process.execPath, deployArgs(another()), {
      cwd: root,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
    });
    started.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let i = 0; i < 1000 && !existsSync(join(target, '.deploy.lock', 'owner')); i++) await sleep(20);
    expect(existsSync(join(target, '.deploy.lock', 'owner')), output).toBe(true);
    child.kill('SIGTERM');
    expect(await exited, output).toBe(1);
    expect(existsSync(join(target, '.deploy.lock')), output).toBe(false);
    expectCompleteLive();
    expect(lstatSync(join(target, 'current')).isSymbolicLink()).toBe(true);
  });
});
