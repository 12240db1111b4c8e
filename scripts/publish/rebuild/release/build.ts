/**
 * Phase 3: `astro build` as a child process, and what its output says about each page.
 *
 * Astro 7.3 logs one line per page (`dist/core/build/generate.js`):
 *   `  ├─ /info/blog/hr-0001/index.html (+3ms)`        rendered
 *   `  ├─ /info/blog/hr-0001/index.html (restored)`    copied from `cacheDir` (incremental build)
 *   `  ├─ /info/blog/hr-0001/index.html (cached)`      already in the output folder, kept
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildOptions {
  root: string;
  outDir: string;
  cacheDir: string;
  apiUrl: string;
  /** The build's environment (default: this process's); the options below are set on top. */
  env?: NodeJS.ProcessEnv;
  /** Every output line, e.g. to echo it with `--verbose`. */
  onLine?: ((line: string) => void) | undefined;
  /** The run's deadline: kills the build and everything it started. */
  signal?: AbortSignal | undefined;
  /** Called with the build's process group once it started (the lock records it). */
  onStart?: ((pgid: number) => void) | undefined;
}

export interface BuildResult {
  ok: boolean;
  exitCode: number;
  /** Output paths (`/faq/index.html`) rendered in this build. */
  rendered: string[];
  /** Output paths restored from Astro's cache (or kept). */
  restored: string[];
  /** The last lines of output, shown when the build fails. */
  tail: string[];
  /** Stopped by the deadline. */
  killed: boolean;
}

const GUARD = fileURLToPath(new URL('./build-guard.ts', import.meta.url));

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

const PAGE_LINE = /├─\s+(\S+)\s+\((restored|cached|\+[^)]*)\)/;
// Astro colours its output when it thinks it talks to a terminal; the parser must not care.
const ANSI = /\u001b\[[0-9;]*m/g;
const TAIL_LINES = 40;

/** The parsed page lines of an Astro build log. */
export function parseBuildLog(lines: Iterable<string>): Pick<BuildResult, 'rendered' | 'restored'> {
  const rendered: string[] = [];
  const restored: string[] = [];
  for (const raw of lines) {
    const match = PAGE_LINE.exec(raw.replace(ANSI, ''));
    if (!match) continue;
    (match[2] === 'restored' || match[2] === 'cached' ? restored : rendered).push(match[1]!);
  }
  return { rendered, restored };
}

/** `/info/blog/x/index.html` → `/info/blog/x`; `/404.html` → `/404`; `/index.html` → `/`. */
export function outputPathToRoute(path: string): string {
  const route = path.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return route === '' ? '/' : route;
}

/** Runs `astro build` with the project's Astro on this Node; never rejects. */
export function runAstroBuild(options: BuildOptions): Promise<BuildResult> {
  const { onLine, signal, onStart } = options;
  const lines: string[] = [];
  return new Promise((resolve) => {
    const child = startBuild(options);
    if (child.pid) onStart?.(child.pid);
    let killed = false;
    const kill = () => {
      killed = true;
      if (child.pid) killQuietly(-child.pid);
    };
    if (signal?.aborted) kill();
    else signal?.addEventListener('abort', kill, { once: true });
    collectLines(child.stdout!, lines, onLine);
    collectLines(child.stderr!, lines, onLine);
    const finish = (exitCode: number) => {
      signal?.removeEventListener('abort', kill);
      resolve({
        ok: exitCode === 0 && !killed,
        exitCode,
        ...parseBuildLog(lines),
        tail: lines.slice(-TAIL_LINES),
        killed,
      });
    };
    child.on('error', (error) => {
      lines.push(`astro를 실행할 수 없습니다: ${error.message}`);
      finish(127);
    });
    child.on('close', (code, signal) => {
      // Whatever the build left running in its group goes with it. (Its number is free for
      // another process only once every process of the group has exited: then this finds none.)
      if (child.pid) killQuietly(-child.pid);
      finish(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * Starts `astro build` in its own process group, under build-guard.ts, which kills the build's
 * group when this process ends without doing so itself (killed alone by a supervisor, say): its
 * stdin is a pipe from here that nothing writes to, and that reaches its end only when this
 * process is gone.
 */
function startBuild({ root, outDir, cacheDir, apiUrl, env = process.env }: BuildOptions): ChildProcess {
  const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return spawn(process.execPath, [GUARD, process.execPath, astroBin, 'build'], {
    cwd: root,
    env: {
      ...env,
      ASTRO_OUT_DIR: outDir,
      ASTRO_CACHE_DIR: cacheDir,
      PUBLIC_CONTENT_API_URL: apiUrl,
      // Plain text for the parser and the nightly log.
      FORCE_COLOR: '0',
      NO_COLOR: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group, so the deadline stops the workers and image tools it starts too.
    detached: true,
  });
}

/** Reads `stream` line by line into `lines`, handing each line to `onLine` as well. */
function collectLines(
  stream: NodeJS.ReadableStream,
  lines: string[],
  onLine: ((line: string) => void) | undefined,
): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      onLine?.(line);
    }
  });
  stream.on('end', () => {
    if (rest) {
      lines.push(rest);
      onLine?.(rest);
    }
  });
}
