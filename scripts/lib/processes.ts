/**
 * Small helpers for the command-line scripts: child processes, waiting for a server. What /proc
 * says of a process and its group is scripts/publish/lib/process-groups.ts.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Runs a command to completion with inherited output; resolves to its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Starts a long-running child that is killed when this process exits. */
export function startChild(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  return child;
}

/** Polls a URL until it answers 2xx, the child exits, or the time runs out. */
export async function waitForUrl(url: string, timeoutMs = 30_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: 서버 프로세스가 종료되었습니다 (코드 ${child.exitCode}).`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}: ${timeoutMs / 1000}초 안에 응답하지 않았습니다.`);
}
