// @vitest-environment node
/**
 * Releases and the switch of `current`: publishing, pruning, rollback and its hold, and what
 * happens when something goes wrong around the switch (a history that cannot be written, a
 * rollback killed half-way, a power cut: what is synced to the disk, in which order).
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fsyncTree } from '../../lib/durable.ts';
import { outputFolder, type OutputFolder } from '../output-folder.ts';
import { readHistory } from './history.ts';
import { readHold, releaseHold } from './hold.ts';
import { pruneReleases } from './prune-releases.ts';
import { currentRelease, listReleases, ReleaseError } from './releases.ts';
import { rollback, unfinishedRollback } from './rollback.ts';
import { switchCurrent } from './switch-current.ts';

/**
 * node:fs as the rebuild modules see it: the real one, with a log of syncs and renames (by path),
 * a way to make the symlink of a switch fail (standing in for a process killed right there) and
 * one to make appending fail (a full disk).
 */
const fsSpy = vi.hoisted(() => ({ log: [] as string[], failSymlink: false, failAppend: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const opened = new Map<number, string>();
  return {
    ...fs,
    openSync: (...args: Parameters<typeof fs.openSync>) => {
      if (fsSpy.failAppend && args[1] === 'a')
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      const fd = fs.openSync(...args);
      opened.set(fd, String(args[0]));
      return fd;
    },
    fsyncSync: (fd: number) => {
      fsSpy.log.push(`fsync ${opened.get(fd)}`);
      fs.fsyncSync(fd);
    },
    renameSync: (...args: Parameters<typeof fs.renameSync>) => {
      fs.renameSync(...args);
      fsSpy.log.push(`rename ${String(args[1])}`);
    },
    symlinkSync: (...args: Parameters<typeof fs.symlinkSync>) => {
      if (fsSpy.failSymlink) throw new Error('killed');
      fs.symlinkSync(...args);
    },
  };
});

let dir: string;
let folder: OutputFolder;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-releases-'));
  folder = outputFolder(dir);
  fsSpy.log = [];
  fsSpy.failSymlink = false;
  fsSpy.failAppend = false;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const release = (name: string) => {
  mkdirSync(join(dir, 'releases', name), { recursive: true });
  writeFileSync(join(dir, 'releases', name, 'index.html'), '<!DOCTYPE html>');
  writeFileSync(join(dir, 'releases', name, 'manifest.json'), JSON.stringify({ routes: { '/': 'x' } }));
};
const publishAll = (...names: string[]) => {
  for (const name of names) {
    release(name);
    switchCurrent(folder, name);
  }
};

describe('releases', () => {
  it('switches current and records each switch in the history', () => {
    for (const name of ['r1', 'r2']) release(name);
    expect(currentRelease(folder)).toBeNull();
    switchCurrent(folder, 'r1');
    switchCurrent(folder, 'r2');
    expect(readlinkSync(join(dir, 'current'))).toBe(join('releases', 'r2'));
    expect(readHistory(folder).map(({ action, release, from }) => [action, release, from])).toEqual([
      ['publish', 'r1', null],
      ['publish', 'r2', 'r1'],
    ]);
  });

  it('prunes by when a release was last current, not by its name, and never the current or held one', () => {
    // Names sort in the opposite order of publishing: name order would delete the live ones.
    publishAll('c', 'b', 'a');
    expect(pruneReleases(folder, 2)).toEqual(['c']);
    expect(listReleases(folder)).toEqual(['a', 'b']);
  });

  it('keeps, beyond the count, every release current within the days, counted from its switch away', () => {
    const minute = 60_000;
    const start = Date.parse('2026-11-24T00:00:00Z');
    const at = (minutes: number) => new Date(start + minutes * minute);
    // r0 replaced two days ago; then a burst: r1 to r4 within three minutes.
    release('r0');
    switchCurrent(folder, 'r0', 'publish', at(-3 * 24 * 60));
    release('ra');
    switchCurrent(folder, 'ra', 'publish', at(-2 * 24 * 60));
    ['r1', 'r2', 'r3', 'r4'].forEach((name, index) => {
      release(name);
      switchCurrent(folder, name, 'publish', at(index - 3));
    });
    expect(pruneReleases(folder, 2, 1, at(0))).toEqual(['r0']);
    expect(listReleases(folder)).toEqual(['r1', 'r2', 'r3', 'r4', 'ra']);
    // Two days on, all of them stopped being current more than a day ago: the count decides again.
    expect(pruneReleases(folder, 2, 1, at(2 * 24 * 60))).toEqual(['r2', 'r1', 'ra']);
    expect(listReleases(folder)).toEqual(['r3', 'r4']);
  });

  it('rolls back along the history, holds the release, and never prunes the one it moved away from and republished', () => {
    publishAll('r1', 'r2', 'r3');
    expect(rollback(folder)).toMatchObject({ from: 'r3', to: 'r2' });
    expect(readHold(folder)).toMatchObject({ release: 'r2', from: 'r3' });
    // A second rollback goes further back, not forward to the release just rejected.
    expect(rollback(folder)).toMatchObject({ from: 'r2', to: 'r1' });
    expect(releaseHold(folder)).toBe(true);
    expect(readHold(folder)).toBeNull();
    switchCurrent(folder, 'r3');
    expect(pruneReleases(folder, 2)).toEqual(['r2']);
    expect(listReleases(folder)).toEqual(['r1', 'r3']);
  });

  it('skips an incomplete release when rolling back, and refuses when none is complete', () => {
    publishAll('r1', 'r2', 'r3');
    rmSync(join(dir, 'releases', 'r2', 'index.html'));
    const result = rollback(folder);
    expect(result).toMatchObject({ from: 'r3', to: 'r1' });
    expect(result.skipped[0]).toMatch(/^r2: 페이지 1개가 없습니다/);
    rmSync(join(dir, 'releases', 'r3', 'manifest.json'));
    expect(() => rollback(folder)).toThrow(ReleaseError);
  });

  it('refuses a current that is not a symlink', () => {
    mkdirSync(join(dir, 'current'));
    expect(() => currentRelease(folder)).toThrow(/심볼릭 링크가 아닙니다/);
  });
});

describe('a failure after the switch', () => {
  it('moves current and tells the caller so when the history cannot be written', () => {
    publishAll('r1');
    release('r2');
    // Like a full disk or a read-only file: appending to the history fails.
    rmSync(join(dir, 'history.jsonl'));
    mkdirSync(join(dir, 'history.jsonl'));
    const result = switchCurrent(folder, 'r2');
    expect(currentRelease(folder)).toBe('r2');
    expect(result.from).toBe('r1');
    expect(result.error).toBeInstanceOf(ReleaseError);
    expect(result.error?.message).toMatch(
      /^current는 r2\(으\)로 바뀌었지만 게시 기록\(history\.jsonl\)에 쓰지 못했습니다/,
    );
  });

  it('still throws, with current untouched, when the switch itself fails', () => {
    publishAll('r1');
    release('r2');
    fsSpy.failSymlink = true;
    expect(() => switchCurrent(folder, 'r2')).toThrow('killed');
    expect(currentRelease(folder)).toBe('r1');
  });

  it('reports a rollback whose history could not be written as done, with the hold in place', () => {
    publishAll('r1', 'r2');
    fsSpy.failAppend = true;
    const result = rollback(folder);
    expect(result).toMatchObject({ from: 'r2', to: 'r1' });
    expect(result.error?.message).toMatch(
      /^current는 r1\(으\)로 바뀌었지만 게시 기록\(history\.jsonl\)에 쓰지 못했습니다 \(ENOSPC/,
    );
    expect(currentRelease(folder)).toBe('r1');
    expect(readHold(folder)).toMatchObject({ release: 'r1', from: 'r2' });
  });
});

describe('a rollback killed between the hold and the switch', () => {
  it('leaves a hold naming the target, so the next run publishes nothing, and the next rollback finishes it', () => {
    publishAll('r1', 'r2', 'r3');
    fsSpy.failSymlink = true;
    expect(() => rollback(folder)).toThrow('killed');
    fsSpy.failSymlink = false;
    // What the next run sees: the bad release still current, but held (rebuild/run.ts publishes nothing).
    expect(currentRelease(folder)).toBe('r3');
    expect(readHold(folder)).toMatchObject({ release: 'r2', from: 'r3' });
    expect(unfinishedRollback(folder)).toBe('r2');
    // The next rollback completes this one instead of stepping back from wherever current is.
    expect(rollback(folder)).toMatchObject({ from: 'r3', to: 'r2', error: null });
    expect(currentRelease(folder)).toBe('r2');
    expect(unfinishedRollback(folder)).toBeNull();
    expect(readHistory(folder).at(-1)).toMatchObject({ action: 'rollback', release: 'r2', from: 'r3' });
  });

  it('writes the hold to the disk before it switches', () => {
    publishAll('r1', 'r2');
    fsSpy.log = [];
    rollback(folder);
    const hold = fsSpy.log.indexOf(`rename ${join(dir, 'hold.json')}`);
    const holdSynced = fsSpy.log.indexOf(`fsync ${dir}`, hold);
    expect(hold).toBeGreaterThanOrEqual(0);
    expect(holdSynced).toBeGreaterThan(hold);
    expect(fsSpy.log.indexOf(`rename ${join(dir, 'current')}`)).toBeGreaterThan(holdSynced);
  });

  it('never goes back to the release a hold was made against, even when the history missed the rollback', () => {
    publishAll('r1', 'r2', 'r3');
    // A rollback r3 → r2 whose history line was lost: only the hold remembers r3 was rejected.
    writeFileSync(
      join(dir, 'hold.json'),
      JSON.stringify({ release: 'r2', from: 'r3', at: '2026-11-22T03:00:00.000Z' }),
    );
    rmSync(join(dir, 'current'));
    symlinkSync(join('releases', 'r2'), join(dir, 'current'));
    expect(rollback(folder)).toMatchObject({ from: 'r2', to: 'r1' });
  });

  it('lifts an unfinished rollback with --resume like any hold', () => {
    publishAll('r1', 'r2');
    fsSpy.failSymlink = true;
    expect(() => rollback(folder)).toThrow('killed');
    fsSpy.failSymlink = false;
    expect(releaseHold(folder)).toBe(true);
    expect(readHold(folder)).toBeNull();
    expect(currentRelease(folder)).toBe('r2');
  });
});

describe('syncing to the disk', () => {
  it('fsyncs every file and directory of a tree, without following links', () => {
    const root = join(dir, 'tree');
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    mkdirSync(join(root, 'empty'));
    for (const file of ['index.html', join('a', 'page.html'), join('a', 'b', 'deep.html')])
      writeFileSync(join(root, file), 'x');
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', 'not-in-tree.html'), 'x');
    symlinkSync(join('..', 'elsewhere'), join(root, 'link'));
    expect(fsyncTree(root)).toEqual({ files: 3, directories: 4 });
    const synced = fsSpy.log.map((line) => line.replace(/^fsync /, ''));
    expect(new Set(synced)).toEqual(
      new Set([
        join(root, 'index.html'),
        join(root, 'a', 'page.html'),
        join(root, 'a', 'b', 'deep.html'),
        join(root, 'a', 'b'),
        join(root, 'a'),
        join(root, 'empty'),
        root,
      ]),
    );
    // A directory after what it contains.
    expect(synced.indexOf(join(root, 'a'))).toBeGreaterThan(
      synced.indexOf(join(root, 'a', 'b', 'deep.html')),
    );
  });

  it('syncs the new release before the switch, and the output folder and the history after it', () => {
    release('r1');
    fsSpy.log = [];
    switchCurrent(folder, 'r1');
    const { log } = fsSpy;
    const renamed = log.indexOf(`rename ${join(dir, 'current')}`);
    expect(renamed).toBeGreaterThan(0);
    const before = log.slice(0, renamed);
    for (const path of [
      join(dir, 'releases', 'r1', 'index.html'),
      join(dir, 'releases', 'r1', 'manifest.json'),
      join(dir, 'releases', 'r1'),
      join(dir, 'releases'),
    ])
      expect(before).toContain(`fsync ${path}`);
    expect(log[renamed + 1]).toBe(`fsync ${dir}`);
    expect(log.slice(renamed + 2)).toEqual([`fsync ${join(dir, 'history.jsonl')}`, `fsync ${dir}`]);
    expect(readFileSync(join(dir, 'history.jsonl'), 'utf8')).toMatch(/"release":"r1"/);
    expect(readlinkSync(join(dir, 'current'))).toBe(join('releases', 'r1'));
  });
});
