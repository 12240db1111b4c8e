/**
 * Peak memory and CPU share of a bench run, as `/usr/bin/time` reports them. Its maximum resident
 * size is that of the largest process it waited for, the rebuild or the `astro build` it runs (a
 * child it waits for), worker threads included: what the machine must hold at once.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const TIME = '/usr/bin/time';
/** Marks `/usr/bin/time`'s line among the run's own output, which it is then taken out of. */
const TAG = '@@bench-peak';

export interface Peak {
  /** Maximum resident size, in megabytes (10⁶ bytes). */
  memoryMb: number;
  /** CPU time over wall time, in percent: 200 is both of two cores all the time. */
  cpuPercent: number | null;
}

/** The command and arguments that run `command` under `/usr/bin/time` when it is there, else as is. */
export function measuredCommand(
  command: string,
  args: readonly string[],
  timeAvailable = existsSync(TIME),
): [string, string[]] {
  if (!timeAvailable) return [command, [...args]];
  return [TIME, ['-f', `${TAG} %M %P`, command, ...args]];
}

/** The peak `/usr/bin/time` reported in `output` (null without it), and the output without its line. */
export function readPeak(output: string): { peak: Peak | null; rest: string } {
  const match = new RegExp(`^${TAG} (\\d+) (\\S+)\\r?\\n?`, 'm').exec(output);
  if (!match) return { peak: null, rest: output };
  const cpu = Number.parseFloat(match[2]!);
  return {
    peak: { memoryMb: (Number(match[1]) * 1024) / 1e6, cpuPercent: Number.isNaN(cpu) ? null : cpu },
    rest: output.slice(0, match.index) + output.slice(match.index + match[0].length),
  };
}

/**
 * Stops a process started with {@link measuredCommand}: the measured one gets SIGTERM (and ends as
 * it would under cron), so `/usr/bin/time` lives to report; killed itself, it would report nothing.
 */
export function stopMeasured(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  let measured: number | undefined;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    measured = children[0] ? Number(children[0]) : undefined;
  } catch {
    measured = undefined;
  }
  try {
    if (measured !== undefined && measured > 0) process.kill(measured, 'SIGTERM');
    else child.kill('SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Memory as the tables print it: `1.24 GB`, `812 MB`, or `—` when it was not measured. */
export function memoryCell(peak: Peak | null | undefined): string {
  if (!peak) return '—';
  if (peak.memoryMb >= 1000) return `${(peak.memoryMb / 1000).toFixed(2)} GB`;
  return `${Math.round(peak.memoryMb)} MB`;
}

/** CPU share as the tables print it: `109%`, or `—`. */
export function cpuCell(peak: Peak | null | undefined): string {
  return peak?.cpuPercent == null ? '—' : `${Math.round(peak.cpuPercent)}%`;
}
