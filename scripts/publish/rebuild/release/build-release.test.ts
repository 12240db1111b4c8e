// @vitest-environment node
/** The build starts before the route list is made, and takes its search index as soon as it is. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PREBUILT_INDEX_ENV } from '../../../../src/lib/search/index/prebuilt-index.ts';
import { createProgress } from '../../lib/log.ts';
import { outputFolder, type OutputFolder } from '../output-folder.ts';
import type { Snapshot } from '../read/snapshot.ts';
import type { BuildOptions, BuildResult } from './build.ts';
import { buildRelease, type BuildRoutes } from './build-release.ts';

/** What the fake build saw: whether the routes were listed when it started, and the index it read. */
const seen = { routesListedAtStart: false, index: '', aborted: false };
let routesListed = false;

vi.mock('./routes.ts', async (original) => ({
  ...(await original<typeof import('./routes.ts')>()),
  snapshotSearchIndex: () => ({ input: 'made-by-the-rebuild', index: { entry: {}, files: [] } }),
}));

// A build whose page generation reads the index at once, the way src/lib/content/search-index.ts
// does (readFileSync), in a process of its own.
vi.mock('./build.ts', async (original) => ({
  ...(await original<typeof import('./build.ts')>()),
  runAstroBuild: (options: BuildOptions): Promise<BuildResult> => {
    seen.routesListedAtStart = routesListed;
    mkdirSync(options.outDir, { recursive: true });
    const file = options.env![SEARCH_PREBUILT_INDEX_ENV]!;
    const child = spawn(process.execPath, [
      '-e',
      `let t = ''; try { t = require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8') } catch {} process.stdout.write(t)`,
    ]);
    options.signal?.addEventListener('abort', () => (seen.aborted = true));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    return new Promise((resolve) =>
      child.on('close', () => {
        seen.index = Buffer.concat(chunks).toString('utf8');
        resolve({
          ok: !seen.aborted,
          exitCode: 0,
          rendered: [],
          restored: [],
          tail: [],
          killed: seen.aborted,
        });
      }),
    );
  },
}));

let work: string;
let paths: OutputFolder;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'build-release-'));
  paths = outputFolder(work);
  Object.assign(seen, { routesListedAtStart: false, index: '', aborted: false });
  routesListed = false;
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const snapshot = { recorded: { version: 1, apiUrl: '', calls: {} }, warnings: [] } as unknown as Snapshot;

function build(routes: () => BuildRoutes) {
  return buildRelease({
    root: work,
    paths,
    apiUrl: 'http://127.0.0.1:9',
    env: {},
    snapshot,
    routes: () => {
      routesListed = true;
      return routes();
    },
    progress: createProgress(
      () => {},
      () => {},
    ),
    verbose: false,
  });
}

describe('buildRelease', () => {
  it('starts the build before listing the routes, and hands it the index made meanwhile', async () => {
    await build(() => ({ expected: [], cacheable: new Set() }));
    expect(seen.routesListedAtStart).toBe(false);
    expect(routesListed).toBe(true);
    expect(JSON.parse(seen.index)).toMatchObject({ version: 1, input: 'made-by-the-rebuild' });
    for (const file of [paths.searchIndex, paths.searchIndexMade, paths.snapshot])
      expect(existsSync(file)).toBe(false);
  });

  it('stops the build when the route list fails, never leaving it waiting for the index', async () => {
    const run = build(() => {
      throw new Error('경로 목록 실패');
    });
    await expect(run).rejects.toThrow('경로 목록 실패');
    expect(seen.aborted).toBe(true);
    expect(seen.index).toBe('');
    expect(existsSync(paths.staging)).toBe(false);
    expect(existsSync(paths.searchIndex)).toBe(false);
  });
});
