/**
 * Processes as /proc tells of them: one process's state and start time, the members of a process
 * group, and killing a group until none of it runs. The rebuild's and the deploy's locks name
 * their owner by these (lock-owner.ts); the rebuild stops a build's group with them.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** What /proc says of one process: its state letter (`R`, `S`, `Z` …), process group and start time. */
export interface ProcStat {
  state: string;
  pgrp: number;
  /** Clock ticks since boot: with the pid, names the process across pid reuse. */
  start: string;
}

/** `/proc/PID/stat` of `pid`, or `null` when there is no such process (or no /proc). */
export function readProcStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 2 (the command) may contain spaces and parentheses: count from the last `)`.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '?', pgrp: Number(fields[2]), start: fields[19] ?? '' };
}

/** A zombie (`Z`) or dying (`X`) process has exited: it runs no code and writes nothing. */
export const hasExited = (stat: ProcStat | null): boolean =>
  !stat || stat.state === 'Z' || stat.state === 'X';

/** Pids of the processes of group `pgid` that have not exited (zombies do not count). */
export function groupMembers(pgid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = readProcStat(pid);
      return stat !== null && stat.pgrp === pgid && !hasExited(stat);
    });
}

/** Blocks this thread for `ms` (for the few synchronous waits that cannot yield). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Kills process group `pgid` (SIGKILL) and waits until none of its processes runs any more,
 * up to `timeoutMs`; returns whether it is gone. `leaderStart` is the start time the group's
 * leader had: if a process now has the leader's pid but another start time, the group is
 * gone and that pid belongs to someone else, so nothing is killed. (While any process of the
 * group lives, the kernel does not hand its number to a new process.)
 */
export function killGroupSync(pgid: number, leaderStart: string | null, timeoutMs = 10_000): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1) return true;
  const leader = readProcStat(pgid);
  if (leader && leaderStart && leader.start !== leaderStart) return true;
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // No process left in the group.
    }
    if (groupMembers(pgid).length === 0) return true;
    if (Date.now() > until) return false;
    sleepSync(20);
  }
}
