// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { inspectScript, parseState } from './host.ts';
import {
  abandonedReason,
  DEPLOY_LOCK_MAX_AGE_MS,
  LOCK_LOST_EXIT,
  newLockOwner,
  pidNamespace,
  refreshScript,
  takeOverScript,
  unlockScript,
  type SeenLock,
} from './lock.ts';
import { keepLockFresh } from './run.ts';
import { runProcess } from './shell.ts';
import { transportFor } from './target.ts';

const sh = (script: string) => runProcess('sh', ['-s'], { input: script });
const here = { host: 'build-01', boot: 'boot-1', pidns: 'pid:[4026531836]' };
const owner = (fields: Record<string, unknown>) =>
  JSON.stringify({
    host: 'build-01',
    pid: 4242,
    start: '77',
    boot: 'boot-1',
    pidns: 'pid:[4026531836]',
    at: '2026-11-26T03:00:00Z',
    token: 't',
    ...fields,
  });
const MINUTE = 60_000;
/** Resolves once `check()` holds (polled), or fails after five seconds. */
async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}
const seen = (line: string, ageMs: number | null): SeenLock => ({
  owner: line,
  ageMs,
  inode: '1',
  mtime: '1',
});

describe('abandonedReason', () => {
  it("takes over a lock of this machine's deploy whose process is gone, never a live one's", () => {
    expect(abandonedReason(seen(owner({}), MINUTE), here, () => false)).toMatch(/pid 4242\)가 끝났습니다/);
    expect(abandonedReason(seen(owner({}), MINUTE), here, () => true)).toBeNull();
  });

  it("judges another machine's (or an earlier boot's) lock by its age alone", () => {
    const foreign = owner({ host: 'ci-runner-7' });
    expect(abandonedReason(seen(foreign, 10 * MINUTE), here, () => false)).toBeNull();
    expect(abandonedReason(seen(foreign, DEPLOY_LOCK_MAX_AGE_MS + MINUTE), here, () => true)).toMatch(
      /분이 지났습니다/,
    );
    // A clock stepped back: a lock refreshed "in the future" is fresh, never old.
    expect(abandonedReason(seen(foreign, -(DEPLOY_LOCK_MAX_AGE_MS + MINUTE)), here)).toBeNull();
    expect(abandonedReason(seen('?', -5 * MINUTE), here)).toBeNull();
    expect(abandonedReason(seen(owner({ boot: 'boot-0' }), MINUTE), here, () => false)).toBeNull();
  });

  it('waits a minute for a lock without its owner line (and for an old-style owner line, its age)', () => {
    expect(abandonedReason(seen('?', 5_000), here)).toBeNull();
    expect(abandonedReason(seen('?', 2 * MINUTE), here)).not.toBeNull();
    expect(abandonedReason(seen('runner pid 1 2026-11-26T03:00:00Z', 2 * MINUTE), here)).toBeNull();
  });

  it('never judges the pid of an owner in another PID namespace (another container on this host): its age decides', () => {
    const inContainer = owner({ pidns: 'pid:[4026532999]' });
    expect(abandonedReason(seen(inContainer, MINUTE), here, () => false)).toBeNull();
    // An owner line without a namespace (an older version) cannot be checked either.
    expect(abandonedReason(seen(owner({ pidns: undefined }), MINUTE), here, () => false)).toBeNull();
    expect(abandonedReason(seen(inContainer, DEPLOY_LOCK_MAX_AGE_MS + MINUTE), here, () => true)).toMatch(
      /분이 지났습니다/,
    );
  });

  it('names this process and its PID namespace in a new owner line', () => {
    expect(JSON.parse(newLockOwner())).toMatchObject({ pid: process.pid, pidns: pidNamespace() });
    if (existsSync('/proc/self/ns/pid')) expect(pidNamespace()).toMatch(/^pid:\[\d+\]$/);
  });
});

describe('the lock on the host', () => {
  let root: string;
  beforeEach(() => {
    root = join(mkdtempSync(join(tmpdir(), 'deploy-lock-')), 'site');
  });
  afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it("reports a held lock's owner line, age by the host's clock and inode", async () => {
    await sh(inspectScript(root, owner({})));
    const old = new Date(Date.now() - 40 * MINUTE);
    utimesSync(join(root, '.deploy.lock/owner'), old, old);
    const state = parseState((await sh(inspectScript(root, 'other'))).stdout);
    expect(state.lockedBy).toBe(owner({}));
    expect(state.lock!.ageMs! / MINUTE).toBeCloseTo(40, 0);
    expect(state.lock!.inode).toMatch(/^\d+$/);
  });

  it('removes the lock it judged, and puts back one that took its place', async () => {
    await sh(inspectScript(root, owner({})));
    const seen = parseState((await sh(inspectScript(root, 'other'))).stdout).lock!;
    // Another deploy took the lock over and holds a new one: not the lock judged.
    rmSync(join(root, '.deploy.lock'), { recursive: true });
    mkdirSync(join(root, '.deploy.lock'));
    writeFileSync(join(root, '.deploy.lock/owner'), `${owner({ token: 'new' })}\n`);
    expect((await sh(takeOverScript(root, seen))).code).toBe(3);
    expect(parseState((await sh(inspectScript(root, 'other'))).stdout).lockedBy).toBe(
      owner({ token: 'new' }),
    );

    const now = parseState((await sh(inspectScript(root, 'other'))).stdout).lock!;
    expect((await sh(takeOverScript(root, now))).code).toBe(0);
    expect(readdirSync(root).filter((name) => name.startsWith('.deploy.lock'))).toEqual([]);
    expect(parseState((await sh(inspectScript(root, 'me'))).stdout).lockedBy).toBeNull();
  });

  it('leaves a lock its deploy refreshed after it was judged abandoned', async () => {
    const mine = owner({ token: 'alive' });
    await sh(inspectScript(root, mine));
    const old = new Date(Date.now() - 40 * MINUTE);
    utimesSync(join(root, '.deploy.lock/owner'), old, old);
    const judged = parseState((await sh(inspectScript(root, 'other'))).stdout).lock!;
    expect(abandonedReason(judged)).toMatch(/분이 지났습니다/);
    // The deploy was only slow: its next step refreshes the lock before the take-over runs.
    expect((await sh(refreshScript(root, mine))).code).toBe(0);
    expect((await sh(takeOverScript(root, judged))).code).toBe(3);
    expect(readFileSync(join(root, '.deploy.lock/owner'), 'utf8')).toBe(`${mine}\n`);
  });

  it("refreshes the lock while it is ours, and says so when it is another deploy's", async () => {
    const mine = owner({ token: 'mine' });
    await sh(inspectScript(root, mine));
    const old = new Date(Date.now() - 40 * MINUTE);
    utimesSync(join(root, '.deploy.lock/owner'), old, old);
    expect((await sh(refreshScript(root, mine))).code).toBe(0);
    expect(Date.now() - statSync(join(root, '.deploy.lock/owner')).mtimeMs).toBeLessThan(MINUTE);
    const other = await sh(refreshScript(root, owner({ token: 'someone-else' })));
    expect(other.code).toBe(LOCK_LOST_EXIT);
    expect(other.stderr).toContain('더 이상 이 배포의 것이 아닙니다');
    expect(other.stderr).toContain('"token":"mine"');
  });

  it('is kept fresh on a timer while the deploy runs, which learns at once when it was taken over', async () => {
    const mine = owner({ token: 'mine' });
    await sh(inspectScript(root, mine));
    const old = new Date(Date.now() - 40 * MINUTE);
    utimesSync(join(root, '.deploy.lock/owner'), old, old);
    const lost: string[] = [];
    const keeper = keepLockFresh(
      transportFor({ host: null, path: root }),
      root,
      mine,
      (d) => lost.push(d),
      50,
    );
    try {
      await waitFor(() => Date.now() - statSync(join(root, '.deploy.lock/owner')).mtimeMs < MINUTE);
      expect(lost).toEqual([]);
      writeFileSync(join(root, '.deploy.lock/owner'), `${owner({ token: 'theirs' })}\n`);
      await waitFor(() => lost.length > 0);
      expect(lost[0]).toContain('"token":"theirs"');
    } finally {
      keeper.stop();
    }
  });

  it('releases the lock by renaming it aside first: a lock taken over right after the check survives', async () => {
    const mine = owner({ token: 'mine' });
    const theirs = owner({ token: 'theirs' });
    await sh(inspectScript(root, mine));
    // A stand-in `cat` that, once, lets another deploy take the lock over the moment ours was read.
    const bin = join(root, '..', 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'cat'),
      `#!/bin/sh\n/bin/cat "$@"\nstatus=$?\nif [ ! -e "$SWAP_DONE" ]; then : > "$SWAP_DONE"; rm -rf "$SWAP_ROOT/.deploy.lock"; mkdir "$SWAP_ROOT/.deploy.lock"; printf '%s\\n' "$SWAP_OWNER" > "$SWAP_ROOT/.deploy.lock/owner"; fi\nexit $status\n`,
    );
    chmodSync(join(bin, 'cat'), 0o755);
    const result = spawnSync('sh', ['-s'], {
      input: unlockScript(root, mine),
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        SWAP_DONE: join(root, '..', 'swapped'),
        SWAP_ROOT: root,
        SWAP_OWNER: theirs,
      },
    });
    expect(existsSync(join(root, '..', 'swapped'))).toBe(true);
    expect(result.status).toBe(3);
    expect(readFileSync(join(root, '.deploy.lock/owner'), 'utf8')).toBe(`${theirs}\n`);
    expect(readdirSync(root).filter((name) => name.startsWith('.deploy.lock'))).toEqual(['.deploy.lock']);
  });
});
