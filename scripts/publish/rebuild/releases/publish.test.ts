// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProgress } from '../../lib/log.ts';
import { readPending } from '../../lib/pending-purge.ts';
import { outputFolder, type OutputFolder } from '../output-folder.ts';
import { publishRelease } from './publish.ts';
import { currentRelease } from './releases.ts';

let folder: OutputFolder;
beforeEach(() => {
  folder = outputFolder(mkdtempSync(join(tmpdir(), 'publish-')));
});
afterEach(() => rmSync(folder.root, { recursive: true, force: true }));

/** Publishes a one-page build whose changed routes are `changed`, `seconds` from a fixed time. */
function publish(seconds: number, changed: string[]): string {
  mkdirSync(folder.staging, { recursive: true });
  writeFileSync(join(folder.staging, 'index.html'), String(seconds));
  const state = { switched: null as string | null };
  publishRelease(
    folder,
    {
      manifest: {
        version: 3,
        apiUrl: 'http://api.example',
        codeDigest: 'c',
        configDigest: 'c',
        contentDigest: 'c',
        files: ['index.html'],
        counts: {},
        pages: { total: 1, rendered: 1, restored: 0 },
        warnings: [],
      },
      changed: { added: [], changed, removed: [], warnings: [] },
    },
    {
      progress: createProgress(() => {}),
      now: () => new Date(Date.UTC(2026, 10, 29, 3, 0, seconds)),
      onSwitched() {},
    },
    state,
  );
  return state.switched!;
}

describe('publishRelease and the CDN purge it owes', () => {
  it("adds the release's changed routes to pending-purge.json by the time current points to it", () => {
    const first = publish(1, ['/faq', '/']);
    expect(currentRelease(folder)).toBe(first);
    expect(readPending(folder.pendingPurge)).toMatchObject({
      everything: false,
      routes: ['/', '/faq'],
      releases: [first],
    });
    // Not purged since: the next release's routes join them rather than replace them.
    const second = publish(2, ['/contact']);
    expect(readPending(folder.pendingPurge)).toMatchObject({
      routes: ['/', '/contact', '/faq'],
      releases: [first, second],
    });
  });

  it('owes a purge of everything when a release was live before and no purge was ever recorded', () => {
    publish(1, ['/faq']);
    rmSync(folder.pendingPurge);
    publish(2, ['/contact']);
    expect(readPending(folder.pendingPurge)).toMatchObject({ everything: true, routes: ['/contact'] });
  });
});
