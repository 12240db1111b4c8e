// @vitest-environment node
/**
 * Share pictures in the nightly rebuild: every detail and product page gets its picture in the
 * release, and after one item's title changes only that item's picture is drawn again — the
 * others are restored byte for byte from Astro's incremental cache — and the store of drawn
 * pictures follows: the new title's picture in, the old one out. Two full CLI runs against
 * the reference content server on a temporary copy of the content (they are slow: keep it so).
 */
import { readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/content-api/server.ts';
import type { ChangedRoutes } from '../../scripts/publish/rebuild/release/manifest.ts';
import { makeWorkFolder, runRebuildCli } from '../support/publish-run.ts';

const STEP_TIMEOUT = 300_000;

let work: string;
let contentDir: string;
let out: string;
let port: number;
let api: RunningServer | undefined;

interface ItemsFile {
  items: { analytics_page_id: string; title: string; [key: string]: unknown }[];
  [key: string]: unknown;
}

const rebuild = (...args: string[]) => runRebuildCli(out, `http://127.0.0.1:${port}`, args);

/** Every share picture of the published release: path under `og/` → bytes. */
function pictures(): Map<string, Buffer> {
  const base = join(out, readlinkSync(join(out, 'current')), 'og');
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(base, path), readFileSync(path));
    }
  };
  walk(base);
  return files;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(out, 'current', file), 'utf8')) as T;

/** The pictures kept in the build's store of drawn share pictures (src/lib/og/share-pictures.ts). */
function stored(): Buffer[] {
  const dir = join(out, 'cache', 'share-pictures');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jpg'))
    .map((name) => readFileSync(join(dir, name)));
}

/** The store holds pictures of the release only, none twice. */
function expectStoreOf(release: Map<string, Buffer>): void {
  const kept = stored();
  const published = [...release.values()];
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThanOrEqual(published.length);
  for (const jpeg of kept) expect(published.some((bytes) => bytes.equals(jpeg))).toBe(true);
}

beforeAll(async () => {
  ({ work, contentDir, out } = makeWorkFolder('og-rebuild-test-'));
  api = await startServer({ contentDir, port: 0 });
  port = api.port;
}, STEP_TIMEOUT);

afterAll(async () => {
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('share pictures in the nightly rebuild', () => {
  let before: Map<string, Buffer>;

  it(
    'publishes a 1200×630 picture under 100 KB for every detail and product page',
    { timeout: STEP_TIMEOUT },
    async () => {
      const run = await rebuild();
      expect(run.code, run.stderr + run.stdout).toBe(0);
      before = pictures();
      expectStoreOf(before);
      const read = (name: string) => JSON.parse(readFileSync(join(contentDir, name), 'utf8')) as ItemsFile;
      const patents = JSON.parse(readFileSync(join(contentDir, 'patents.json'), 'utf8')) as { tag: string }[];
      const expected = [
        ...read('hr-stories.json').items.map((item) => `info/blog/${item.analytics_page_id}.jpg`),
        ...read('success.json').items.map((item) => `cad_archive/${item.analytics_page_id}.jpg`),
        ...patents.map((patent) => `info/patent/${patent.tag}.jpg`),
        ...[
          'soft-skill',
          'bei',
          'guider',
          'free-interview',
          'result',
          'self-introduction',
          'operation',
          'whitepaper',
        ].map((page) => `${page}.jpg`),
      ];
      expect([...before.keys()].sort()).toEqual(expected.sort());
      for (const [name, bytes] of before) {
        expect(bytes.byteLength, name).toBeLessThanOrEqual(100 * 1024);
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height], name).toEqual(['jpeg', 1200, 630]);
      }
    },
  );

  it(
    "after one HR story's title changes, only its picture is drawn again",
    { timeout: STEP_TIMEOUT },
    async () => {
      const file = join(contentDir, 'hr-stories.json');
      const hr = JSON.parse(readFileSync(file, 'utf8')) as ItemsFile;
      const story = hr.items[hr.items.length - 1]!;
      story.title = `${story.title} (개정판)`;
      writeFileSync(file, `${JSON.stringify(hr, null, 2)}\n`);
      await api?.close();
      api = await startServer({ contentDir, port });

      // The last story in the file may sit far down the list, where only a full read looks.
      const run = await rebuild('--full');
      expect(run.code, run.stderr + run.stdout).toBe(0);
      const edited = `info/blog/${story.analytics_page_id}.jpg`;
      const after = pictures();
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      const redrawn = [...after]
        .filter(([name, bytes]) => !bytes.equals(before.get(name)!))
        .map(([name]) => name);
      expect(redrawn).toEqual([edited]);
      // The store holds nothing the release does not: the old title's picture went with it.
      expectStoreOf(after);
      expect(stored().some((jpeg) => jpeg.equals(before.get(edited)!))).toBe(false);

      // The release says so (for the CDN purge), and Astro rendered no other picture.
      const changed = readJson<ChangedRoutes>('changed-routes.json');
      expect(changed.changed.filter((route) => route.startsWith('/og/'))).toEqual([`/og/${edited}`]);
      const renderedLine = /getStaticPaths 페이지 \d+개 중 렌더링 \d+개(: .*)?/.exec(run.stdout)?.[0] ?? '';
      expect(renderedLine.match(/\/og\/\S+/g)).toEqual([`/og/${edited}`]);
    },
  );
});
