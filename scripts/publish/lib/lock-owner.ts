/**
 * Who holds a lock: a process named by its host, its pid *and* its start time and the boot it
 * ran in, so a pid reused after a reboot (or by another program) is not mistaken for the owner.
 * The rebuild's lock (rebuild/lock.ts) and the deploy's lock on the host (deploy/lock.ts) name
 * their owners so, and judge alike whether one still runs here.
 */
import { readFileSync } from 'node:fs';
import { hasExited, readProcStat } from './process-groups.ts';

/** Who holds a lock. `start` and `boot` are `null` where the system does not tell (no /proc). */
export interface LockOwner {
  pid: number;
  start: string | null;
  boot: string | null;
  /** The machine's name; missing in locks of older versions. */
  host?: string | null;
  token: string;
  at: string;
}

/** The boot's id: differs after every reboot. */
export function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** When process `pid` started (clock ticks since boot), or `null`. */
export function processStart(pid: number): string | null {
  return readProcStat(pid)?.start || null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the owner's process is still running on this host (the same process, not a reused pid). */
export function ownerIsAlive(owner: LockOwner): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  if (!isAlive(owner.pid)) return false;
  const stat = readProcStat(owner.pid);
  // A zombie answers `kill(pid, 0)` until its parent reaps it, which a supervisor or an init
  // may do late or never: it has exited all the same and holds nothing.
  if (stat && hasExited(stat)) return false;
  const start = stat?.start || null;
  return !(owner.start && start && owner.start !== start);
}
