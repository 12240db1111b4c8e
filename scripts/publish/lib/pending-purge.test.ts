// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addPublishedRoutes,
  NOTHING_PENDING,
  PENDING_PURGE_FILE,
  readPending,
  routesToPurge,
  withoutPurged,
} from './pending-purge.ts';

let dir = '';
let path = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pending-purge-'));
  path = join(dir, PENDING_PURGE_FILE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('pending-purge.json', () => {
  it("adds each published release's routes to what is pending, sorted, once each", () => {
    addPublishedRoutes(path, { release: 'r1', routes: ['/faq', '/a'], publishedBefore: false });
    addPublishedRoutes(path, { release: 'r2', routes: ['/b', '/faq'], publishedBefore: true });
    expect(readPending(path)).toEqual({
      version: 1,
      everything: false,
      reason: null,
      routes: ['/a', '/b', '/faq'],
      releases: ['r1', 'r2'],
    });
    // Written whole through a temporary file: nothing else is left beside it.
    expect(readdirSync(dir)).toEqual([PENDING_PURGE_FILE]);
  });

  it('owes everything when a release was published before and no purge was ever recorded, or the file is unreadable', () => {
    expect(addPublishedRoutes(path, { release: 'r2', routes: ['/a'], publishedBefore: true })).toMatchObject({
      everything: true,
      routes: ['/a'],
    });
    writeFileSync(path, '{"version": 1, "routes": [');
    expect(readPending(path)).toMatchObject({
      everything: true,
      reason: expect.stringContaining('읽을 수 없어'),
    });
    expect(readPending(join(dir, 'missing.json'))).toBeNull();
  });

  it('drops only what was purged: routes the API confirmed, or all that was owed when everything was purged', () => {
    const owed = { ...NOTHING_PENDING, routes: ['/a', '/b'], releases: ['r1'] };
    expect(withoutPurged(owed, new Set(['/a']), null)).toMatchObject({ routes: ['/b'] });
    // A rebuild added /c while everything was being purged: /c is still owed.
    const now = { ...owed, routes: ['/a', '/b', '/c'], releases: ['r1', 'r2'] };
    expect(withoutPurged(now, new Set(), { ...owed, everything: true })).toMatchObject({
      everything: false,
      routes: ['/c'],
    });
    expect(withoutPurged(owed, new Set(['/a', '/b']), null)).toEqual(NOTHING_PENDING);
  });
});

describe('routesToPurge', () => {
  it('takes changed, removed and added routes, once each', () => {
    expect(routesToPurge({ added: ['/b', '/a'], changed: ['/faq', '/a'], removed: ['/old'] })).toEqual([
      '/a',
      '/b',
      '/faq',
      '/old',
    ]);
  });
});
