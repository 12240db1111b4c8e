// @vitest-environment node
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPurgeApi, type PurgeApiStandIn } from '../../../tests/deploy/purge-api.ts';
import { createProgress } from '../lib/log.ts';
import { addPublishedRoutes, PENDING_PURGE_FILE, readPending } from '../lib/pending-purge.ts';
import type { PurgeCommand } from './args.ts';
import { pendingPathFor, planPurge, runPurge } from './run.ts';

let work = '';
let api: PurgeApiStandIn | null = null;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'purge-plan-'));
});
afterEach(async () => {
  await api?.close();
  api = null;
  rmSync(work, { recursive: true, force: true });
});

/** A release folder whose changed-routes.json names `changed` pages. */
function releaseWith(dir: string, changed: string[]): string {
  for (const route of changed) {
    mkdirSync(join(dir, route), { recursive: true });
    writeFileSync(join(dir, route, 'index.html'), 'x');
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'changed-routes.json'),
    JSON.stringify({ added: [], changed, removed: [], warnings: [] }),
  );
  return dir;
}

const pages = (count: number, prefix = 'hr') =>
  Array.from({ length: count }, (_, index) => `/info/blog/${prefix}-${String(index).padStart(2, '0')}`);

/** An output folder as the rebuild leaves it: `name` published with `changed`, `current` → it. */
function publish(name: string, changed: string[]): string {
  const out = join(work, 'out');
  releaseWith(join(out, 'releases', name), changed);
  const publishedBefore = existsSync(join(out, 'current'));
  addPublishedRoutes(join(out, PENDING_PURGE_FILE), { release: name, routes: changed, publishedBefore });
  rmSync(join(out, 'current'), { force: true });
  symlinkSync(`releases/${name}`, join(out, 'current'));
  return join(out, 'current');
}

const command = (
  folder: string | null,
  more: Partial<Extract<PurgeCommand, { kind: 'purge' }>> = {},
): Extract<PurgeCommand, { kind: 'purge' }> => ({
  kind: 'purge',
  release: folder,
  site: 'https://www.example.com',
  zoneId: '0123456789abcdef0123456789abcdef',
  token: 't',
  api: api?.url ?? 'http://127.0.0.1:9',
  batch: 30,
  maxUrls: 300,
  deadlineMs: 600_000,
  out: null,
  dryRun: false,
  ...more,
});

/** Runs the purge, its progress lines captured. */
async function purge(cmd: Extract<PurgeCommand, { kind: 'purge' }>, callCapMs?: number) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPurge(cmd, createProgress(out.push.bind(out), err.push.bind(err)), {
    fetchOptions: { minDelayMs: 10, maxDelayMs: 2_000, timeoutMs: 1_000 },
    callCapMs,
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const sentFiles = () =>
  api!.requests.map((request) => (request.body as { files?: string[] }).files ?? request.body);

describe('planPurge', () => {
  it('sends the addresses in batches while they are within --max-urls', () => {
    // Each page is purged at both of its addresses (/x and /x/): 20 pages, 40 addresses.
    const plan = planPurge(command(releaseWith(join(work, 'r'), pages(20)), { maxUrls: 40 }));
    expect(plan.urls).toHaveLength(40);
    expect(plan.bodies).toHaveLength(2);
    expect(plan.everythingBecause).toBeNull();
  });

  it('purges everything in one call when the addresses exceed --max-urls (a change to every page)', () => {
    const plan = planPurge(command(releaseWith(join(work, 'r'), pages(21)), { maxUrls: 40 }));
    expect(plan.bodies).toEqual([{ purge_everything: true }]);
    expect(plan.everythingBecause).toMatch(/42개로 40개를 넘어 캐시 전체를 퍼지합니다/);
  });

  it('finds the pending file of the output folder the release lies in (or --out), none outside one', () => {
    const current = publish('r1', ['/faq']);
    expect(pendingPathFor(command(current))).toBe(join(work, 'out', PENDING_PURGE_FILE));
    expect(pendingPathFor(command(releaseWith(join(work, 'bare'), [])))).toBeNull();
    expect(pendingPathFor(command(null, { out: '/srv/out' }))).toBe(`/srv/out/${PENDING_PURGE_FILE}`);
  });
});

describe('runPurge with what earlier runs left pending', () => {
  it('leaves what a failed purge did not purge pending, and the next run purges it first', async () => {
    api = await startPurgeApi();
    const first = publish('r1', pages(20));
    // The first batch (15 pages) goes through, the second is refused.
    api.answers.push(
      { status: 200, body: { success: true } },
      { status: 403, body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] } },
    );
    const failed = await purge(command(first));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('CDN 퍼지 실패 (묶음 2/2, 주소 10개)');
    expect(failed.stderr).toContain(
      `퍼지하지 못한 것을 ${join(work, 'out', PENDING_PURGE_FILE)} 에 남겼습니다`,
    );
    expect(failed.stderr).toContain('/info/blog/hr-15');
    const left = pages(20).slice(15);
    expect(readPending(join(work, 'out', PENDING_PURGE_FILE))).toMatchObject({
      everything: false,
      routes: left,
    });

    // The next publish changed one page; its purge sends the five left over first.
    const second = publish('r2', ['/faq']);
    api.requests.length = 0;
    const next = await purge(command(second));
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain('지난 퍼지가 끝내지 못한 경로 5개(릴리스 r1)를 먼저 퍼지합니다');
    const files = sentFiles()[0] as string[];
    expect(files.slice(0, 10)).toEqual(
      left.flatMap((route) => [`https://www.example.com${route}`, `https://www.example.com${route}/`]),
    );
    expect(files.slice(10)).toEqual(['https://www.example.com/faq', 'https://www.example.com/faq/']);
    expect(readPending(join(work, 'out', PENDING_PURGE_FILE))).toMatchObject({
      everything: false,
      routes: [],
    });
  });

  it('purges everything when no purge was ever recorded for a folder that published before', async () => {
    api = await startPurgeApi();
    const out = join(work, 'out');
    releaseWith(join(out, 'releases', 'r0'), []);
    symlinkSync('releases/r0', join(out, 'current'));
    // The rebuild of r1 finds no pending file although r0 was published: nothing says what the edge holds.
    const current = publish('r1', ['/faq']);
    const result = await purge(command(current));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('무엇이 퍼지되었는지 알 수 없으므로 캐시 전체를 퍼지합니다');
    expect(sentFiles()).toEqual([{ purge_everything: true }]);
    expect(readPending(join(out, PENDING_PURGE_FILE))).toMatchObject({ everything: false, routes: [] });
  });

  it('ends a 429 storm by the deadline, exit 1, naming what is left pending', async () => {
    api = await startPurgeApi(Array(200).fill({ status: 429, headers: { 'retry-after': '1' } }));
    const current = publish('r1', pages(3));
    const started = performance.now();
    const result = await purge(command(current, { deadlineMs: 2_500 }));
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('퍼지 제한 시간(3초)이 지났습니다');
    expect(result.stderr).toContain('경로 3개: /info/blog/hr-00, /info/blog/hr-01, /info/blog/hr-02');
    expect(readPending(join(work, 'out', PENDING_PURGE_FILE))?.routes).toEqual(pages(3));
  });

  it('ends one call that keeps being refused at its own cap', async () => {
    api = await startPurgeApi(Array(200).fill({ status: 429, headers: { 'retry-after': '1' } }));
    const result = await purge(command(publish('r1', ['/faq'])), 1_500);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('호출 하나가 2초 안에 끝나지 않았습니다');
    expect(readPending(join(work, 'out', PENDING_PURGE_FILE))?.routes).toEqual(['/faq']);
  });

  it('clears what is pending with a purge of everything (--everything --out)', async () => {
    api = await startPurgeApi();
    publish('r1', ['/faq']);
    const result = await purge(command(null, { out: join(work, 'out') }));
    expect(result.code, result.stderr).toBe(0);
    expect(sentFiles()).toEqual([{ purge_everything: true }]);
    expect(readPending(join(work, 'out', PENDING_PURGE_FILE))).toMatchObject({
      everything: false,
      routes: [],
    });
    expect(JSON.parse(readFileSync(join(work, 'out', PENDING_PURGE_FILE), 'utf8')).routes).toEqual([]);
  });
});
