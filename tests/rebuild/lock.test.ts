// @vitest-environment node
/** The rebuild's lock: atomic, not fooled by reused pids, released only by its owner. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, bootId, LockBusyError, processStart, type LockOwner } from '../../scripts/rebuild/lock.ts';

const lockModule = fileURLToPath(new URL('../../scripts/rebuild/lock.ts', import.meta.url));
let dir: string;
let lockDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-lock-'));
  lockDir = join(dir, '.rebuild.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeOwner = (owner: Partial<LockOwner>) => {
  mkdirSync(lockDir, { recursive: true });
  writeFileSync(join(lockDir, 'owner.json'), JSON.stringify({ token: 'theirs', at: '2026-11-22T03:00:00Z', ...owner }));
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
