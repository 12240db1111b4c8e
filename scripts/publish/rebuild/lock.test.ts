// @vitest-environment node
/**
 * The rebuild's lock: atomic, not fooled by reused pids, other hosts or a clock set back,
 * released only by its owner.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootId, processStart, type LockOwner } from '../lib/lock-owner.ts';
import { groupMembers } from '../lib/process-groups.ts';
import { acquireLock, LockBusyError } from './lock.ts';

/**
 * node:fs as lock.ts sees it: the real one, with a hook run just before the take-over guard is
 * created, to play another run acting at that moment.
 */
const fsHook = vi.hoisted(() => ({ beforeGuard: null as (() => void) | null }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    mkdirSync: (...args: Parameters<typeof fs.mkdirSync>) => {
      const hook = fsHook.beforeGuard;
      if (hook && String(args[0]).endsWith('.takeover')) {
        fsHook.beforeGuard = null;
        hook();
      }
      return fs.mkdirSync(...args);
    },
  };
});

const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));
let dir: string;
let lockDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-lock-'));
  lockDir = join(dir, '.rebuild.lock');
});
afterEach(() => {
  fsHook.beforeGuard = null;
  rmSync(dir, { recursive: true, force: true });
});

const writeOwner = (owner: Partial<LockOwner>) => {
  mkdirSync(lockDir, { recursive: true });
  writeFileSync(
    join(lockDir, 'owner.json'),
    JSON.stringify({ token: 'theirs', at: '2026-11-22T03:00:00Z', ...owner }),
  );
};

/**
 * Starts `count` processes that all try to take the lock at the same moment (a shared start
 * time, so slow process start-up does not spread them out) and hold it until all have tried.
 */
function race(count: number): Promise<string[]> {
  const startAt = Date.now() + 4000;
  const script = `
    const { acquireLock } = await import(${JSON.stringify(lockModule)});
    while (Date.now() < ${startAt}) {}
    try { const lock = acquireLock(${JSON.stringify(lockDir)}); console.log('got'); setTimeout(() => lock.release(), 3000); }
    catch (error) { console.log(error.name === 'LockBusyError' ? 'busy' : 'error ' + error.message); }
  `;
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('close', () => resolve(out.trim()));
        }),
    ),
  );
}

describe('acquireLock', () => {
  it('lets exactly one of several runs started together take the lock', async () => {
    const results = await race(6);
    expect(results.filter((r) => r === 'got')).toHaveLength(1);
    expect(results.filter((r) => r === 'busy')).toHaveLength(5);
  }, 30_000);

  it('refuses while a live run holds it, and lets the next run in after release', () => {
    const lock = acquireLock(lockDir);
    expect(() => acquireLock(lockDir)).toThrow(LockBusyError);
    expect(() => acquireLock(lockDir)).toThrow(/다른 재빌드가 실행 중입니다/);
    expect(lock.release()).toBe(true);
    expect(existsSync(lockDir)).toBe(false);
    acquireLock(lockDir).release();
  });

  it('takes over the lock of a dead process', () => {
    writeOwner({ pid: 2 ** 22 + 12345, start: '1', boot: bootId() });
    const lock = acquireLock(lockDir);
    expect(lock.owner.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over the lock of a process that exited but was not reaped (a zombie)', async () => {
    // `sleep 0` exits at once; its parent became `sleep 30` by exec and never waits for it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
    try {
      const pid = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      for (let i = 0; i < 100 && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
      writeOwner({ pid, start: processStart(pid), boot: bootId(), host: hostname() });
      const lock = acquireLock(lockDir);
      expect(lock.owner.pid).toBe(process.pid);
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it("kills what still runs of a dead run's build before taking its lock over", async () => {
    const build = spawn('sh', ['-c', 'sleep 30 & sleep 30'], { detached: true, stdio: 'ignore' });
    const pgid = build.pid!;
    try {
      await new Promise((r) => setTimeout(r, 100));
      expect(groupMembers(pgid).length).toBeGreaterThan(1);
      writeOwner({ pid: DEAD_PID, start: '1', boot: bootId(), host: hostname() });
      writeFileSync(
        join(lockDir, 'build.json'),
        JSON.stringify({ pgid, start: processStart(pgid), boot: bootId() }),
      );
      acquireLock(lockDir).release();
      expect(groupMembers(pgid)).toEqual([]);
    } finally {
      if (groupMembers(pgid).length > 0) process.kill(-pgid, 'SIGKILL');
    }
  });

  it("leaves alone a group number recorded in a dead run's lock that now names another process", async () => {
    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const pgid = other.pid!;
    try {
      await new Promise((r) => setTimeout(r, 50));
      writeOwner({ pid: DEAD_PID, start: '1', boot: bootId(), host: hostname() });
      writeFileSync(join(lockDir, 'build.json'), JSON.stringify({ pgid, start: '1', boot: bootId() }));
      acquireLock(lockDir).release();
      expect(groupMembers(pgid)).toEqual([pgid]);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid now belongs to another process (reused after a reboot, or by another program)', () => {
    // Our own pid is alive, but not the process that took the lock: another start time …
    writeOwner({ pid: process.pid, start: 'not-our-start', boot: bootId() });
    acquireLock(lockDir).release();
    // … or another boot.
    writeOwner({ pid: process.pid, start: processStart(process.pid), boot: 'a-boot-before-the-reboot' });
    acquireLock(lockDir).release();
  });

  it('waits for a run that is still writing its owner file, but not for one that crashed doing so', () => {
    mkdirSync(lockDir);
    expect(() => acquireLock(lockDir)).toThrow(LockBusyError);
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(lockDir, old, old);
    acquireLock(lockDir).release();
  });

  it("never releases another run's lock", () => {
    const lock = acquireLock(lockDir);
    // Another run took the lock over (say this one was suspended and judged dead).
    writeOwner({ pid: 1, start: null, boot: null, token: 'other-run' });
    expect(lock.release()).toBe(false);
    expect(JSON.parse(readFileSync(join(lockDir, 'owner.json'), 'utf8')).token).toBe('other-run');
  });

  it('takes over a lock file left by the previous version of the rebuild', () => {
    writeFileSync(lockDir, '99999999');
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(lockDir, old, old);
    acquireLock(lockDir).release();
  });
});

const HOUR = 60 * 60_000;
/** A pid no process has (above the kernel's limit). */
const DEAD_PID = 2 ** 22 + 12345;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('acquireLock when a run replaces a stale lock meanwhile', () => {
  it('does not delete a fresh, half-written lock that took the place of the stale one it looked at', () => {
    mkdirSync(lockDir);
    utimesSync(lockDir, ago(5 * 60_000), ago(5 * 60_000));
    // Between this run's look and its take-over, another run removed the stale lock and created
    // its own, still without an owner file.
    fsHook.beforeGuard = () => {
      rmSync(lockDir, { recursive: true });
      mkdirSync(lockDir);
    };
    expect(() => acquireLock(lockDir)).toThrow(/다른 재빌드가 막 시작했습니다/);
    expect(fsHook.beforeGuard).toBeNull();
    expect(existsSync(lockDir)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['.rebuild.lock']);
  });

  it("does not delete another run's lock that took the place of the stale one it looked at", () => {
    writeOwner({ pid: DEAD_PID, start: '1', boot: bootId() });
    fsHook.beforeGuard = () => {
      rmSync(lockDir, { recursive: true });
      writeOwner({
        pid: process.pid,
        start: processStart(process.pid),
        boot: bootId(),
        host: hostname(),
        token: 'new-run',
      });
    };
    expect(() => acquireLock(lockDir)).toThrow(/다른 재빌드가 실행 중입니다/);
    expect(fsHook.beforeGuard).toBeNull();
    expect(JSON.parse(readFileSync(join(lockDir, 'owner.json'), 'utf8')).token).toBe('new-run');
  });

  it('lets exactly one of several runs started together take over a stale lock', async () => {
    mkdirSync(lockDir);
    utimesSync(lockDir, ago(5 * 60_000), ago(5 * 60_000));
    const results = await race(6);
    expect(results.filter((r) => r === 'got')).toHaveLength(1);
    expect(results.filter((r) => r === 'busy')).toHaveLength(5);
  }, 30_000);
});

describe('acquireLock and other hosts', () => {
  it('records the host in the owner file', () => {
    const lock = acquireLock(lockDir);
    expect(lock.owner.host).toBe(hostname());
    expect(JSON.parse(readFileSync(join(lockDir, 'owner.json'), 'utf8')).host).toBe(hostname());
    lock.release();
  });

  it('never takes over a young lock of another host sharing the folder, and names that host', () => {
    // Its pid and boot mean nothing here: that they are not alive on this host says nothing.
    writeOwner({
      pid: DEAD_PID,
      start: '1',
      boot: 'another-boot',
      host: 'build-02',
      at: ago(HOUR).toISOString(),
    });
    expect(() => acquireLock(lockDir)).toThrow(LockBusyError);
    expect(() => acquireLock(lockDir)).toThrow(/다른 호스트\(build-02\)의 재빌드가 잠금을 가지고 있습니다/);
    expect(JSON.parse(readFileSync(join(lockDir, 'owner.json'), 'utf8')).token).toBe('theirs');
  });

  it('takes over a lock of another host older than the age limit (6 hours unless given)', () => {
    writeOwner({
      pid: DEAD_PID,
      start: '1',
      boot: 'another-boot',
      host: 'build-02',
      at: ago(7 * HOUR).toISOString(),
    });
    acquireLock(lockDir).release();
    writeOwner({
      pid: DEAD_PID,
      start: '1',
      boot: 'another-boot',
      host: 'build-02',
      at: ago(HOUR).toISOString(),
    });
    expect(() => acquireLock(lockDir, { maxAgeMs: 2 * HOUR })).toThrow(/build-02/);
    acquireLock(lockDir, { maxAgeMs: 30 * 60_000 }).release();
  });
});

describe('acquireLock and a clock set back', () => {
  it('takes over a crashed, half-written lock whose time is in the future', () => {
    mkdirSync(lockDir);
    const future = new Date(Date.now() + HOUR);
    utimesSync(lockDir, future, future);
    acquireLock(lockDir).release();
  });

  it('clears a take-over guard left by a crash whose time is in the future', () => {
    writeOwner({ pid: DEAD_PID, start: '1', boot: bootId() });
    mkdirSync(`${lockDir}.takeover`);
    const future = new Date(Date.now() + HOUR);
    utimesSync(`${lockDir}.takeover`, future, future);
    acquireLock(lockDir).release();
  });

  it("treats another host's lock from further in the future than the age limit as stale", () => {
    writeOwner({
      pid: DEAD_PID,
      start: '1',
      boot: 'another-boot',
      host: 'build-02',
      at: new Date(Date.now() + 7 * HOUR).toISOString(),
    });
    acquireLock(lockDir).release();
  });

  it('keeps judging a local lock by its process, not by its time', () => {
    const start = processStart(process.pid);
    writeOwner({
      pid: process.pid,
      start,
      boot: bootId(),
      host: hostname(),
      at: new Date(Date.now() + 7 * HOUR).toISOString(),
    });
    expect(() => acquireLock(lockDir)).toThrow(/다른 재빌드가 실행 중입니다/);
    writeOwner({
      pid: process.pid,
      start,
      boot: bootId(),
      host: hostname(),
      at: ago(7 * HOUR).toISOString(),
    });
    expect(() => acquireLock(lockDir)).toThrow(/다른 재빌드가 실행 중입니다/);
  });
});
