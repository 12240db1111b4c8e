// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { groupMembers } from '../../lib/process-groups.ts';
import { outputPathToRoute, parseBuildLog } from './build.ts';

describe('parseBuildLog', () => {
  it('tells rendered pages from restored ones, with or without colours', () => {
    const log = [
      '10:26:32 [build] ✓ Completed in 1.92s.',
      '10:26:32   ├─ /404.html (+19ms) ',
      '10:26:32   \u001b[34m├─\u001b[39m \u001b[2m/info/blog/a/index.html\u001b[22m \u001b[2m(+1.02s)\u001b[22m',
      '10:26:32   ├─ /info/blog/b/index.html (restored)',
      '10:26:32   ├─ /info/blog/c/index.html (cached)',
      '10:26:32   ▶ /_astro/logo.svg (before: 5kB, after: 5kB) (+1ms) (12/56)',
    ];
    expect(parseBuildLog(log)).toEqual({
      rendered: ['/404.html', '/info/blog/a/index.html'],
      restored: ['/info/blog/b/index.html', '/info/blog/c/index.html'],
    });
    expect(['/index.html', '/404.html', '/info/blog/a/index.html'].map(outputPathToRoute)).toEqual([
      '/',
      '/404',
      '/info/blog/a',
    ]);
  });
});

/** Stands in for `astro build`: a worker that writes into the output folder until killed, and the group's number. */
const FAKE_ASTRO = `
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
const out = process.env.ASTRO_OUT_DIR;
mkdirSync(out, { recursive: true });
const stat = readFileSync('/proc/self/stat', 'utf8');
writeFileSync(out + '/pgid', stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
spawn(process.execPath, ['-e', "setInterval(() => require('fs').appendFileSync(process.argv[1], 'x'), 20)", out + '/beat'], { stdio: 'ignore' });
setInterval(() => {}, 1000);
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('runAstroBuild', () => {
  it('leaves no build running when the rebuild process is killed alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rebuild-build-'));
    const outDir = join(root, 'out');
    let pgid = 0;
    try {
      mkdirSync(join(root, 'node_modules/astro/bin'), { recursive: true });
      writeFileSync(join(root, 'node_modules/astro/bin/astro.mjs'), FAKE_ASTRO);
      const buildModule = fileURLToPath(new URL('./build.ts', import.meta.url));
      const rebuild = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { runAstroBuild } = await import(${JSON.stringify(buildModule)});
           await runAstroBuild(${JSON.stringify({ root, outDir, cacheDir: join(root, 'cache'), apiUrl: 'http://127.0.0.1:9' })});`,
        ],
        { stdio: 'ignore' },
      );
      const beat = join(outDir, 'beat');
      for (let i = 0; i < 250; i++) {
        try {
          if (statSync(beat).size > 2) break;
        } catch {
          // Not started yet.
        }
        await sleep(20);
      }
      pgid = Number(readFileSync(join(outDir, 'pgid'), 'utf8'));
      expect(groupMembers(pgid).length).toBeGreaterThan(0);
      rebuild.kill('SIGKILL');
      for (let i = 0; i < 100 && groupMembers(pgid).length > 0; i++) await sleep(20);
      expect(groupMembers(pgid)).toEqual([]);
      const size = statSync(beat).size;
      await sleep(200);
      expect(statSync(beat).size).toBe(size);
    } finally {
      if (pgid > 1 && groupMembers(pgid).length > 0) process.kill(-pgid, 'SIGKILL');
      rmSync(root, { recursive: true, force: true });
    }
  }, 20_000);
});
