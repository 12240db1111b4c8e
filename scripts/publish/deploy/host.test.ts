// @vitest-environment node
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectScript, parseState, pruneScript, recordScript, SWITCHED, switchScript } from './host.ts';
import { holdScript, unholdScript } from './host.ts';
import { LOCK_LOST_EXIT, unlockScript } from './lock.ts';
import { formatRecord } from './records.ts';
import { runProcess } from './shell.ts';

/** The scripts, run by `sh` as the local transport does. */
const sh = (script: string) => runProcess('sh', ['-s'], { input: script });

describe('the host scripts', () => {
  let root: string;
  beforeEach(() => {
    root = join(mkdtempSync(join(tmpdir(), 'deploy-host-')), 'site');
  });
  afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('reads a missing folder without creating it (dry run)', async () => {
    const result = await sh(inspectScript(root, null));
    expect(parseState(result.stdout)).toMatchObject({ missing: true, current: null });
    expect(existsSync(root)).toBe(false);
  });

  it("takes the lock once: a second deploy sees the first one's owner line", async () => {
    const first = parseState((await sh(inspectScript(root, 'runner-1 pid 1'))).stdout);
    expect(first.lockedBy).toBeNull();
    const second = parseState((await sh(inspectScript(root, 'runner-2 pid 2'))).stdout);
    expect(second.lockedBy).toBe('runner-1 pid 1');
    expect((await sh(unlockScript(root, 'runner-2 pid 2'))).code).toBe(3);
    expect((await sh(unlockScript(root, 'runner-1 pid 1'))).code).toBe(0);
    expect(existsSync(join(root, '.deploy.lock'))).toBe(false);
  });

  it('switches, records and prunes, with odd file names quoted', async () => {
    await sh(inspectScript(root, 'me'));
    const odd = "_astro/it's $(touch pwned) a.js";
    mkdirSync(join(root, 'assets/_astro'), { recursive: true });
    writeFileSync(join(root, 'assets', odd), 'x');
    mkdirSync(join(root, 'releases/.partial-r1'), { recursive: true });
    writeFileSync(join(root, 'releases/.partial-r1/index.html'), 'r1');

    const switched = await sh(
      switchScript(root, 'me', 'r1', [odd], { uploaded: true, replaceExisting: false }),
    );
    expect(switched.code, switched.stderr).toBe(0);
    expect(switched.stdout.split('\n')).toContain(SWITCHED);
    expect(readlinkSync(join(root, 'current'))).toBe('releases/r1');
    expect(readFileSync(join(root, 'current/index.html'), 'utf8')).toBe('r1');
    expect(existsSync(join(root, 'pwned')) || existsSync('pwned')).toBe(false);

    const line = formatRecord({ release: 'r1', at: '2026-11-24T00:00:00.000Z', from: null, assets: [odd] });
    expect((await sh(recordScript(root, 'me', line))).code).toBe(0);
    const state = parseState((await sh(inspectScript(root, null))).stdout);
    expect(state).toMatchObject({ current: 'r1', partials: [], unreadableRecords: 0 });
    expect([...state.releases.keys()]).toEqual(['r1']);
    expect([...state.pool.keys()]).toEqual([odd]);
    expect(state.records).toEqual([JSON.parse(line)]);

    expect(
      (await sh(pruneScript(root, 'me', { pool: [odd], releases: [], partials: [], records: '' }))).code,
    ).toBe(0);
    expect(existsSync(join(root, 'assets', odd))).toBe(false);
    expect(readFileSync(join(root, 'deploys.jsonl'), 'utf8')).toBe('');
  });

  it('notices an answer cut short', () => {
    expect(() => parseState('current\0releases/a\0')).toThrow('끝까지 읽지 못했습니다');
  });

  it('writes, reads and lifts the hold; an unreadable hold.json still holds', async () => {
    await sh(inspectScript(root, 'me'));
    const hold = { release: '2026-11-24T03-07-19-070Z', at: '2026-11-24T04:00:00.000Z' };
    expect((await sh(holdScript(root, 'me', hold))).code).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'hold.json'), 'utf8'))).toEqual(hold);
    expect(parseState((await sh(inspectScript(root, null))).stdout).hold).toEqual(hold);
    writeFileSync(join(root, 'hold.json'), '{"release": ');
    expect(parseState((await sh(inspectScript(root, null))).stdout).hold).toEqual({ release: '?', at: '?' });
    expect((await sh(unholdScript(root, 'me'))).code).toBe(0);
    expect(existsSync(join(root, 'hold.json'))).toBe(false);
    expect(parseState((await sh(inspectScript(root, null))).stdout).hold).toBeNull();
  });

  it('changes nothing once the lock is no longer ours: hold, unhold, switch, record and prune each check it first', async () => {
    // Our deploy took the lock, stalled, and another took it over.
    await sh(inspectScript(root, 'me'));
    mkdirSync(join(root, 'assets/_astro'), { recursive: true });
    writeFileSync(join(root, 'assets/_astro/shared.js'), 'x');
    mkdirSync(join(root, 'releases/.partial-r2'), { recursive: true });
    writeFileSync(join(root, 'hold.json'), '{"release":"r0","at":"?"}');
    writeFileSync(join(root, '.deploy.lock/owner'), 'the deploy that took over\n');
    const hold = { release: 'r2', at: '2026-11-24T04:00:00.000Z' };
    const line = formatRecord({ release: 'r2', at: '2026-11-24T00:00:00.000Z', from: null, assets: [] });
    for (const script of [
      holdScript(root, 'me', hold),
      unholdScript(root, 'me'),
      switchScript(root, 'me', 'r2', ['_astro/shared.js'], { uploaded: true, replaceExisting: false }),
      recordScript(root, 'me', line),
      pruneScript(root, 'me', { pool: ['_astro/shared.js'], releases: [], partials: ['r2'], records: '' }),
    ]) {
      const result = await sh(script);
      expect(result.code, script).toBe(LOCK_LOST_EXIT);
      expect(result.stderr).toContain('the deploy that took over');
    }
    expect(readFileSync(join(root, 'hold.json'), 'utf8')).toBe('{"release":"r0","at":"?"}');
    expect(existsSync(join(root, 'current'))).toBe(false);
    expect(existsSync(join(root, 'releases/.partial-r2'))).toBe(true);
    expect(existsSync(join(root, 'assets/_astro/shared.js'))).toBe(true);
    expect(existsSync(join(root, 'deploys.jsonl'))).toBe(false);
  });

  it('refreshes the lock in the same script as the change', async () => {
    await sh(inspectScript(root, 'me'));
    const old = new Date(Date.now() - 40 * 60_000);
    utimesSync(join(root, '.deploy.lock/owner'), old, old);
    const line = formatRecord({ release: 'r1', at: '2026-11-24T00:00:00.000Z', from: null, assets: [] });
    expect((await sh(recordScript(root, 'me', line))).code).toBe(0);
    const state = parseState((await sh(inspectScript(root, 'other'))).stdout);
    expect(state.lock!.ageMs!).toBeLessThan(60_000);
  });

  it('checks the lock again right before the switch, after the slow sync', () => {
    const script = switchScript(root, 'me', 'r1', [], { uploaded: true, replaceExisting: false });
    const lines = script.split('\n');
    expect(lines[lines.indexOf('mv -T current.tmp current') - 1]).toBe('deploy_lock_guard');
  });
});
