/**
 * Child processes of the deploy: `sh`, `ssh` and `rsync`, their output captured (a host's
 * answers are parsed, and its errors quoted in the Korean failure message).
 */
import { spawn } from 'node:child_process';

/** One argument for a POSIX shell, single-quoted (a `'` inside becomes `'\''`). */
export function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to completion; `input` is written to its stdin. Resolves (never rejects) with
 * its exit code, 127 when it could not start. `signal` kills it (the deploy's Ctrl-C).
 */
export function runProcess(
  command: string,
  args: string[],
  { input, signal }: { input?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], signal, killSignal: 'SIGTERM' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let settled = false;
    const settle = (result: ProcessResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    child.on('error', (error) => {
      stderr += `${command}: ${error.message}\n`;
      // Never started (not installed): no 'close' may follow.
      if (child.pid === undefined) settle({ code: 127, stdout, stderr });
    });
    // A command that exits before reading its input (a refused ssh login) must not crash us.
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
    child.on('close', (code) => settle({ code: code ?? 1, stdout, stderr }));
  });
}

/** The last lines of a process's stderr, for a one-line Korean message. */
export function lastLines(text: string, count = 3): string {
  return text.trim().split('\n').slice(-count).join(' / ');
}
