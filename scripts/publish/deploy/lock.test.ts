// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectScript, parseState } from './host.ts';
import { abandonedReason, DEPLOY_LOCK_MAX_AGE_MS, newLockOwner, takeOverScript } from './lock.ts';
import { runProcess } from './shell.ts';

const sh = (script: string) => runProcess('sh', ['-s'], { input: script });
const here = { host: 'build-01', boot: 'boot-1' };
const owner = (fields: Record<string, unknown>) =>
  JSON.stringify({
    host: 'build-01',
    pid: 4242,
    start: '77',
    boot: 'boot-1',
    at: '2026-11-26T03:00:00Z',
    token: 't',
    ...fields,
  });
const MINUTE = 60_000;

describe('abandonedReason', () => {
  it("takes over a lock of this machine's deploy whose process is gone, never a live one's", () => {
    expect(abandonedReason({ owner: owner({}), ageMs: MINUTE, inode: '1' }, here, () => false)).toMatch(
      /pid 4242\)가 끝났습니다/,
    );
    expect(abandonedReason({ owner: owner({}), ageMs: MINUTE, inode: '1' }, here, () => true)).toBeNull();
  });

  it("judges another machine's (or an earlier boot's) lock by its age alone", () => {
    const foreign = owner({ host: 'ci-runner-7' });
    expect(abandonedReason({ owner: foreign, ageMs: 10 * MINUTE, inode: '1' }, here, () => false)).toBeNull();
    expect(
      abandonedReason(
        { owner: foreign, ageMs: DEPLOY_LOCK_MAX_AGE_MS + MINUTE, inode: '1' },
        here,
        () => true,
      ),
    ).toMatch(/분이 지났습니다/);
    // A clock set back: a lock "from the future" ages as well.
    expect(
      abandonedReason({ owner: foreign, ageMs: -(DEPLOY_LOCK_MAX_AGE_MS + MINUTE), inode: '1' }, here),
    ).not.toBeNull();
    expect(
      abandonedReason({ owner: owner({ boot: 'boot-0' }), ageMs: MINUTE, inode: '1' }, here, () => false),
    ).toBeNull();
  });

  it('waits a minute for a lock without its owner line (and for an old-style owner line, its age)', () => {
    expect(abandonedReason({ owner: '?', ageMs: 5_000, inode: '1' }, here)).toBeNull();
    expect(abandonedReason({ owner: '?', ageMs: 2 * MINUTE, inode: '1' }, here)).not.toBeNull();
    expect(
      abandonedReason({ owner: 'runner pid 1 2026-11-26T03:00:00Z', ageMs: 2 * MINUTE, inode: '1' }, here),
    ).toBeNull();
  });

  it('names this process in a new owner line', () => {
    expect(JSON.parse(newLockOwner())).toMatchObject({ pid: process.pid });
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
});
