import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../lib/log.ts';
import { parseRebuildArgs, type RebuildOptions } from './args.ts';
import { outputFolder, type OutputFolder } from './output-folder.ts';
import { rebuildOnce } from './pipeline.ts';
import { expectedRoutes } from './release/routes.ts';

// A published release whose digests match this poll's: the run must end before building.
vi.mock('./read/read-content.ts', () => ({
  readContent: async () => ({ snapshot: { requests: 3, notModified: 0 }, keepBase: () => undefined }),
}));
vi.mock('./read/guard.ts', () => ({ snapshotCounts: () => ({}), guardFailure: () => [] }));
vi.mock('./releases/releases.ts', () => ({ currentRelease: () => 'r1', countsBaseline: () => null }));
vi.mock('./release/manifest.ts', () => ({ readManifest: () => ({ digests: {} }) }));
vi.mock('./release/change-detection.ts', () => ({ contentDigest: () => 'c', changeReason: () => null }));
vi.mock('./release/code-digest.ts', () => ({ codeDigest: () => 'k', configDigest: () => 'g' }));
vi.mock('./release/routes.ts', () => ({
  checkDynamicPages: () => undefined,
  expectedRoutes: vi.fn(() => []),
  dynamicRoutes: vi.fn(() => []),
  listPageFiles: () => ({ static: [], dynamic: [] }),
}));

let work: string;
let folder: OutputFolder;
let options: RebuildOptions;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'pipeline-'));
  folder = outputFolder(work);
  options = parseRebuildArgs(['--out', work]) as RebuildOptions;
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
  vi.mocked(expectedRoutes).mockClear();
});

describe('rebuildOnce', () => {
  it('ends a poll that changes nothing before listing the routes to build (the search index in memory)', async () => {
    const lines: string[] = [];
    const progress = createProgress(
      (line) => lines.push(line),
      (line) => lines.push(line),
    );
    const context = { root: work, folder, apiUrl: 'http://127.0.0.1:9', progress };
    const outcome = await rebuildOnce(options, context, { switched: null });
    expect(outcome).toBe('unchanged');
    expect(expectedRoutes).not.toHaveBeenCalled();
  });
});
