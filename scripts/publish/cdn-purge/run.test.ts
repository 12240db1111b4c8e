import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PurgeCommand } from './args.ts';
import { planPurge } from './run.ts';

let release = '';
afterEach(() => rmSync(release, { recursive: true, force: true }));

/** A release folder whose changed-routes.json names `count` changed pages. */
function releaseWithChangedPages(count: number): string {
  release = mkdtempSync(join(tmpdir(), 'purge-plan-'));
  const changed = Array.from({ length: count }, (_, index) => `/info/blog/hr-${index}/`);
  for (const route of changed) {
    mkdirSync(join(release, route), { recursive: true });
    writeFileSync(join(release, route, 'index.html'), 'x');
  }
  writeFileSync(
    join(release, 'changed-routes.json'),
    JSON.stringify({ added: [], changed, removed: [], warnings: [] }),
  );
  return release;
}

const command = (folder: string, maxUrls: number): Extract<PurgeCommand, { kind: 'purge' }> => ({
  kind: 'purge',
  release: folder,
  site: 'https://www.example.com',
  zoneId: '0123456789abcdef0123456789abcdef',
  token: 't',
  api: 'http://127.0.0.1:9',
  batch: 30,
  maxUrls,
  dryRun: false,
});

describe('planPurge', () => {
  it('sends the addresses in batches while they are within --max-urls', () => {
    // Each page is purged at both of its addresses (/x and /x/): 20 pages, 40 addresses.
    const plan = planPurge(command(releaseWithChangedPages(20), 40));
    expect(plan.urls).toHaveLength(40);
    expect(plan.bodies).toHaveLength(2);
    expect(plan.everythingBecause).toBeNull();
  });

  it('purges everything in one call when the addresses exceed --max-urls (a change to every page)', () => {
    const plan = planPurge(command(releaseWithChangedPages(21), 40));
    expect(plan.bodies).toEqual([{ purge_everything: true }]);
    expect(plan.everythingBecause).toMatch(/42개로 40개를 넘어 캐시 전체를 퍼지합니다/);
  });
});
