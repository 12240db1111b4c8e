// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outputFolder } from '../output-folder.ts';
import { removeLeftovers } from './leftovers.ts';

let out: string;
beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'rebuild-leftovers-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

const release = (name: string, files: string[], missing: string[] = []) => {
  const dir = join(out, 'releases', name);
  mkdirSync(dir, { recursive: true });
  for (const file of files) if (!missing.includes(file)) writeFileSync(join(dir, file), 'x');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ files }));
};

describe('removeLeftovers', () => {
  it("removes what a killed run left, and keeps every complete or live release and the lock's recent tombstone", () => {
    release('r1', ['index.html']);
    release('r2', ['index.html', 'a.html'], ['a.html']); // pruning killed halfway
    release('r3', ['index.html', 'a.html'], ['a.html']); // incomplete, but live
    release('r4', ['index.html']); // moved into place, never switched to
    symlinkSync('releases/r3', join(out, 'current'));
    mkdirSync(join(out, '.build/_astro'), { recursive: true });
    writeFileSync(join(out, '.snapshot.json'), '{}');
    // The search index a killed run was handing to its build: the pipe and the file it sent.
    execFileSync('mkfifo', [join(out, '.search-index.json')]);
    writeFileSync(join(out, '.search-index.made.json'), '{}');
    symlinkSync('releases/r4', join(out, '.current-123-456'));
    writeFileSync(join(out, 'history.jsonl.tmp-123'), '');
    mkdirSync(join(out, 'releases/.tmp-x'));
    mkdirSync(join(out, '.rebuild.lock.stale-old'));
    mkdirSync(join(out, '.rebuild.lock.stale-new'));
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(join(out, '.rebuild.lock.stale-old'), old, old);
    mkdirSync(join(out, 'cache'));
    mkdirSync(join(out, 'api'));
    writeFileSync(join(out, 'api/answers.json'), '{}');
    writeFileSync(join(out, 'api/answers.json.tmp'), '{');

    expect(removeLeftovers(outputFolder(out)).sort()).toEqual(
      [
        '.build',
        '.snapshot.json',
        '.search-index.json',
        '.search-index.made.json',
        '.current-123-456',
        'history.jsonl.tmp-123',
        '.rebuild.lock.stale-old',
        'releases/.tmp-x',
        'releases/r2',
        'api/answers.json.tmp',
      ].sort(),
    );
    expect(readdirSync(out).sort()).toEqual([
      '.rebuild.lock.stale-new',
      'api',
      'cache',
      'current',
      'releases',
    ]);
    expect(readdirSync(join(out, 'releases')).sort()).toEqual(['r1', 'r3', 'r4']);
  });
});
