// @vitest-environment node
/**
 * `npm run deploy` for real: the site built once (`npm run rebuild`), deployed with the CLI to a
 * folder served by Debian's nginx with the config `--nginx-config` generates, then a second
 * release with changed code deployed while visitors load pages and every file they need.
 * Also: the lock, `--dry-run`, pruning with the clock moved on (and what it keeps: the release
 * just replaced, however old its deploy), the hold on the host (`--hold`, exit 4, `--resume`),
 * and the ssh path (a stand-in `ssh` that runs the commands here) with a failure after the
 * switch (exit 3).
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeploy } from '../../scripts/publish/deploy/run.ts';
import { parseTarget } from '../../scripts/publish/deploy/target.ts';
import { hashedFolders, headersFor, parseHeadersFile } from '../../scripts/publish/lib/headers-file.ts';
import { createProgress } from '../../scripts/publish/lib/log.ts';
import { makeCodeChangedRelease, type CodeChangedRelease } from './code-change.ts';
import { runLoad, type LoadResult } from './load.ts';
import { nginxMissing, startNginx, type RunningNginx } from './nginx.ts';
import { buildSite, type BuiltSite } from './site.ts';
import { makeTestFolder, runScript } from '../support/publish-run.ts';
import { heroPreloadProblems } from '../support/hero-preload.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HEADERS_FILE = join(root, 'public/_headers');
const STEP = 300_000;

const rsyncMissing =
  spawnSync('rsync', ['--version']).status === 0 ? null : 'rsync가 없습니다: apt-get install -y rsync';
const missing = [nginxMissing(), rsyncMissing].filter((reason): reason is string => reason !== null);
// As root the test command (scripts/test.ts) installs them; a run as root without them fails.
const skip = missing.length > 0 && process.getuid?.() !== 0;
if (skip)
  console.warn(`배포 테스트를 건너뜁니다: ${missing.join('; ')} (root로 npm test 를 실행하면 설치합니다)`);

const rules = parseHeadersFile(readFileSync(HEADERS_FILE, 'utf8'));
const folders = hashedFolders(rules);

const deployCli = (...args: string[]) => runScript('scripts/publish/deploy.ts', args);

/** Files under `dir`, relative, `/`-separated, sorted. */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

const releaseAssets = (dir: string) =>
  tree(dir).filter((file) => folders.some((folder) => file.startsWith(`${folder}/`)));
const lowerKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
const responseHeaders = (response: Response, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

/** The response carries exactly the `_headers` values of `path` (every header `_headers` names). */
function expectSiteHeaders(response: Response, path: string, overrides: Record<string, string> = {}) {
  const expected = { ...lowerKeys(headersFor(rules, path)), ...overrides };
  expect(responseHeaders(response, Object.keys(expected)), path).toEqual(expected);
}

describe.skipIf(skip)('npm run deploy to a host served by nginx', () => {
  let work: string;
  let site: BuiltSite | undefined;
  let nginx: RunningNginx | undefined;
  let first: string;
  let firstId: string;
  let second: CodeChangedRelease;
  let target: string;
  const acme = '.well-known/acme-challenge/token-1';

  beforeAll(async () => {
    work = makeTestFolder('deploy-test-');
    chmodSync(work, 0o755);
    site = await buildSite(work);
    first = site.release;
    firstId = basename(first);
    second = makeCodeChangedRelease(first, join(work, 'second', 'code-change-2'));
    target = join(work, 'target');
    mkdirSync(join(target, '.well-known/acme-challenge'), { recursive: true });
    writeFileSync(join(target, acme), 'host file\n');
    // The release's own _headers, as the deploy guide says: public/_headers and the hero's preload.
    nginx = await startNginx(target, { headersFile: join(first, '_headers') });
  }, STEP);

  afterAll(async () => {
    await nginx?.stop();
    await site?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`${nginx!.url}${path}`, init);

  it(
    'uploads the hashed files into the pool and the pages into releases/<id>, switches current, records the deploy',
    { timeout: STEP },
    async () => {
      const run = await deployCli('--from', join(work, 'out/current'), '--to', target);
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(readlinkSync(join(target, 'current'))).toBe(`releases/${firstId}`);
      expect(tree(join(target, 'assets'))).toEqual(releaseAssets(first));
      const pages = tree(join(target, 'releases', firstId));
      expect(pages).toContain('index.html');
      expect(pages).toContain('faq/index.html');
      expect(pages.filter((file) => folders.some((folder) => file.startsWith(`${folder}/`)))).toEqual([]);
      for (const hidden of ['manifest.json', 'changed-routes.json', '_headers'])
        expect(pages).not.toContain(hidden);
      const records = readFileSync(join(target, 'deploys.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { release: string; assets: string[] });
      expect(records.map((record) => record.release)).toEqual([firstId]);
      expect(records[0]!.assets).toEqual(releaseAssets(first));
      expect(readFileSync(join(target, acme), 'utf8')).toBe('host file\n');
      expect(existsSync(join(target, '.deploy.lock'))).toBe(false);
    },
  );

  it("nginx serves pages, the 404 page and hashed files with the headers of the release's _headers", async () => {
    for (const path of ['/', '/faq', '/faq/', '/newsRoom', '/info/blog/hr-0001']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expectSiteHeaders(response, '/index.html');
      expect(await response.text()).toMatch(/^<!DOCTYPE html>/i);
    }

    // The home's hero leaves with the document, at both addresses nginx serves the home at.
    const home = readFileSync(join(first, 'index.html'), 'utf8');
    for (const path of ['/', '/index.html'])
      expect(heroPreloadProblems((await get(path)).headers.get('link'), home), path).toEqual([]);
    expect((await get('/faq')).headers.get('link')).toBeNull();

    const notFound = await get('/no-such-page');
    expect(notFound.status).toBe(404);
    expectSiteHeaders(notFound, '/404.html');
    expect(await notFound.text()).toBe(readFileSync(join(first, '404.html'), 'utf8'));

    const script = releaseAssets(first).find((file) => file.endsWith('.js'))!;
    const asset = await get(`/${script}`);
    expect(asset.status).toBe(200);
    expectSiteHeaders(asset, `/${script}`);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    const font = releaseAssets(first).find((file) => file.startsWith('fonts/'))!;
    expect((await get(`/${font}`)).headers.get('cache-control')).toMatch(/immutable/);

    for (const path of ['/_astro/missing.Ab12Cd34.js', '/fonts/missing-0000000000.css']) {
      const miss = await get(path);
      expect(miss.status, path).toBe(404);
      expectSiteHeaders(miss, path, { 'cache-control': 'no-store' });
      expect(miss.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await miss.text(), path).not.toMatch(/</);
    }

    // Hidden even when they sit in the live release (the rebuild writes them there).
    const live = join(target, 'current');
    for (const file of ['manifest.json', 'changed-routes.json', '_headers'])
      writeFileSync(join(live, file), '{}');
    try {
      for (const path of ['/manifest.json', '/changed-routes.json', '/_headers', '/deploys.jsonl']) {
        const hidden = await get(path);
        expect(hidden.status, path).toBe(404);
        expect(await hidden.text(), path).toMatch(/^<!DOCTYPE html>/i);
      }
    } finally {
      for (const file of ['manifest.json', 'changed-routes.json', '_headers']) rmSync(join(live, file));
    }

    const host = await get(`/${acme}`);
    expect([host.status, await host.text()]).toEqual([200, 'host file\n']);
  });

  it(
    'refuses while another deploy holds the lock, and leaves the live site as it was (exit 1)',
    { timeout: STEP },
    async () => {
      mkdirSync(join(target, '.deploy.lock'));
      writeFileSync(join(target, '.deploy.lock/owner'), 'ci-runner pid 4242 2026-11-24T00:00:00.000Z abc\n');
      try {
        const run = await deployCli('--from', second.dir, '--to', target);
        expect(run.code, run.stdout).toBe(1);
        expect(run.stderr).toContain('다른 배포가 진행 중입니다 (ci-runner pid 4242');
        expect(run.stderr).toContain('바뀌지 않았습니다');
        expect(readlinkSync(join(target, 'current'))).toBe(`releases/${firstId}`);
        expect(existsSync(join(target, 'releases', second.id))).toBe(false);
      } finally {
        rmSync(join(target, '.deploy.lock'), { recursive: true });
      }
    },
  );

  describe('a code change deployed under load', () => {
    let load: LoadResult;
    let deploy: { code: number; stdout: string; stderr: string };
    let deployWindow: [number, number];
    const oldOnly = () => [...second.renamed.keys()].map((name) => `/_astro/${name}`);
    const newOnly = () => [...second.renamed.values()].map((name) => `/_astro/${name}`);

    it(
      'no visitor misses a file: pages of both releases load whole during the switch',
      { timeout: STEP },
      async () => {
        const pages = [
          '/',
          ...tree(first)
            .filter((file) => file.endsWith('/index.html'))
            .map((file) => `/${file.slice(0, -'/index.html'.length)}`),
        ].slice(0, 40);
        let started: Promise<void> | undefined;
        let finishedAt = Infinity;
        const startedAt = { value: 0 };
        load = await runLoad({
          baseUrl: nginx!.url,
          pages,
          folders,
          workers: 4,
          maxPageLoads: 800,
          maxMs: 120_000,
          onPageLoad: (loads) => {
            if (started || loads.length < 40) return;
            startedAt.value = loads.at(-1)!.at;
            started = deployCli('--from', second.dir, '--to', target).then((run) => {
              deploy = run;
              finishedAt = loads.at(-1)!.at;
            });
          },
          // Enough pages after the deploy finished, so the new release is seen for a while too.
          enough: (loads) => loads.filter((entry) => entry.at > finishedAt).length >= 60,
        });
        await started;
        deployWindow = [startedAt.value, finishedAt];
        expect(deploy.code, deploy.stderr + deploy.stdout).toBe(0);
        expect(readlinkSync(join(target, 'current'))).toBe(`releases/${second.id}`);

        const old = new Set(oldOnly());
        const fresh = new Set(newOnly());
        const fromOld = load.pageLoads.filter((entry) => entry.assets.some((url) => old.has(url)));
        const fromNew = load.pageLoads.filter((entry) => entry.assets.some((url) => fresh.has(url)));
        const mixed = load.pageLoads.filter(
          (entry) => entry.assets.some((url) => old.has(url)) && entry.assets.some((url) => fresh.has(url)),
        );
        console.log(
          `배포 중 부하: 요청 ${load.requests}회 (페이지 ${load.pageLoads.length}회: 이전 릴리스 ${fromOld.length}, 새 릴리스 ${fromNew.length}), ` +
            `해시 파일 누락 ${load.misses.length}건, ${(load.ms / 1000).toFixed(1)}초; 배포 ${deployWindow[0].toFixed(0)}–${deployWindow[1].toFixed(0)} ms`,
        );
        expect(load.misses).toEqual([]);
        expect(mixed).toEqual([]);
        expect(fromOld.length + fromNew.length).toBe(load.pageLoads.length);
        expect(fromOld.length).toBeGreaterThan(0);
        expect(fromNew.length).toBeGreaterThan(0);
        // Pages of the old release were still loading (their files asked for) after the deploy began.
        expect(fromOld.some((entry) => entry.at >= deployWindow[0])).toBe(true);
      },
    );

    it("still serves the old release's files after the switch (a tab opened before it)", async () => {
      for (const url of oldOnly()) {
        const response = await get(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('cache-control'), url).toMatch(/immutable/);
      }
    });

    it("keeps the host's own files and, within the days kept, every release and hashed file", () => {
      expect(readFileSync(join(target, acme), 'utf8')).toBe('host file\n');
      expect(readdirSync(join(target, 'releases')).sort()).toEqual([firstId, second.id].sort());
      expect(tree(join(target, 'assets'))).toEqual(
        [...new Set([...releaseAssets(first), ...releaseAssets(second.dir)])].sort(),
      );
      expect(deploy.stdout).toContain('지울 것이 없습니다');
      const lines = readFileSync(join(target, 'deploys.jsonl'), 'utf8').trim().split('\n');
      expect(lines.map((line) => (JSON.parse(line) as { release: string }).release)).toEqual([
        firstId,
        second.id,
      ]);
    });
  });

  it('--dry-run prints the plan and changes nothing', { timeout: STEP }, async () => {
    const snapshot = () => tree(target).map((file) => `${file} ${lstatSync(join(target, file)).mtimeMs}`);
    const before = snapshot();
    const run = await deployCli('--from', first, '--to', target, '--dry-run');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`(예정) current: releases/${second.id} → releases/${firstId}`);
    expect(run.stdout).toContain('호스트에서 바꾼 것은 없습니다');
    expect(snapshot()).toEqual(before);
    expect(readlinkSync(join(target, 'current'))).toBe(`releases/${second.id}`);
  });

  it(
    'prunes, with the clock moved on, the old release and the hashed files only it used',
    { timeout: STEP },
    async () => {
      // The command line keeps at least a week; the clock is moved from inside.
      expect((await deployCli('--from', second.dir, '--to', target, '--keep-days', '0')).code).toBe(2);
      const lines: string[] = [];
      const outcome = await runDeploy(
        {
          from: second.dir,
          target: parseTarget(target, root),
          keepDays: 0,
          dryRun: false,
          ssh: 'ssh',
          hold: null,
        },
        {
          progress: createProgress(
            (line) => lines.push(line),
            (line) => lines.push(line),
          ),
          fallbackHeaders: HEADERS_FILE,
          now: () => new Date(Date.now() + 60_000),
        },
      );
      expect(outcome, lines.join('\n')).toBe('already-live');
      expect(readdirSync(join(target, 'releases'))).toEqual([second.id]);
      expect(tree(join(target, 'assets'))).toEqual(releaseAssets(second.dir));
      const records = readFileSync(join(target, 'deploys.jsonl'), 'utf8').trim().split('\n');
      expect(records.map((line) => (JSON.parse(line) as { release: string }).release)).toEqual([second.id]);
      expect(readFileSync(join(target, acme), 'utf8')).toBe('host file\n');
      // The live release is whole; the old one's chunks are gone, as plain uncached 404s.
      const faq = await get('/faq');
      expect(faq.status).toBe(200);
      for (const url of [...(await faq.text()).matchAll(/\/_astro\/[A-Za-z0-9._-]+\.js/g)].map(
        (match) => match[0],
      )) {
        expect((await get(url)).status, url).toBe(200);
      }
      const gone = await get(`/_astro/${[...second.renamed.keys()][0]}`);
      expect([gone.status, gone.headers.get('cache-control')]).toEqual([404, 'no-store']);
    },
  );

  it(
    'keeps the release a deploy replaces, and its hashed files, after more quiet days than --keep-days',
    { timeout: STEP },
    async () => {
      const aged = join(work, 'aged');
      const lines: string[] = [];
      const deployAt = (from: string, at: number) =>
        runDeploy(
          { from, target: parseTarget(aged, root), keepDays: 14, dryRun: false, ssh: 'ssh', hold: null },
          {
            progress: createProgress(
              (line) => lines.push(line),
              (line) => lines.push(line),
            ),
            fallbackHeaders: HEADERS_FILE,
            now: () => new Date(at),
          },
        );
      expect(await deployAt(first, Date.now()), lines.join('\n')).toBe('deployed');
      // Thirty quiet days, then a deploy: the first release was live until this very moment.
      expect(await deployAt(second.dir, Date.now() + 30 * 86_400_000), lines.join('\n')).toBe('deployed');
      expect(readdirSync(join(aged, 'releases')).sort()).toEqual([firstId, second.id].sort());
      expect(tree(join(aged, 'assets'))).toEqual(
        [...new Set([...releaseAssets(first), ...releaseAssets(second.dir)])].sort(),
      );
    },
  );

  it(
    'holds a release on the host: a plain deploy of another changes nothing (exit 4) until --resume',
    { timeout: STEP },
    async () => {
      const host = join(work, 'held');
      const hold = join(host, 'hold.json');
      expect((await deployCli('--from', second.dir, '--to', host)).code).toBe(0);
      // The rollback: back to the first release, held there.
      const held = await deployCli('--from', first, '--to', host, '--hold');
      expect(held.code, held.stderr + held.stdout).toBe(0);
      expect(readlinkSync(join(host, 'current'))).toBe(`releases/${firstId}`);
      expect(JSON.parse(readFileSync(hold, 'utf8'))).toMatchObject({ release: firstId });

      // A publish that never saw the rollback: refused, nothing uploaded or switched.
      const snapshot = () => tree(host).map((file) => `${file} ${lstatSync(join(host, file)).mtimeMs}`);
      const before = snapshot();
      for (const extra of [[], ['--dry-run']]) {
        const refused = await deployCli('--from', second.dir, '--to', host, ...extra);
        expect(refused.code, refused.stderr + refused.stdout).toBe(4);
        expect(refused.stderr).toContain(`호스트가 릴리스 ${firstId} 를 유지하는 중이라 배포하지 않습니다`);
        expect(snapshot()).toEqual(before);
        expect(readlinkSync(join(host, 'current'))).toBe(`releases/${firstId}`);
        expect(existsSync(join(host, '.deploy.lock'))).toBe(false);
      }
      // The held release itself may be deployed again.
      expect((await deployCli('--from', first, '--to', host)).code).toBe(0);

      const resumed = await deployCli('--from', second.dir, '--to', host, '--resume');
      expect(resumed.code, resumed.stderr + resumed.stdout).toBe(0);
      expect(readlinkSync(join(host, 'current'))).toBe(`releases/${second.id}`);
      expect(existsSync(hold)).toBe(false);
    },
  );

  it(
    'runs the same steps over ssh, and reports a failure after the switch as exit 3',
    { timeout: STEP },
    async () => {
      // A stand-in for ssh: drops its options and the host, and runs the command here through a
      // shell, as sshd does through the login shell. rsync calls it the same way.
      const fakeSsh = join(work, 'fake-ssh');
      writeFileSync(
        fakeSsh,
        [
          '#!/bin/sh',
          'while [ $# -gt 0 ]; do',
          '  case "$1" in -l|-i|-o|-p|-F) shift 2 ;; -*) shift ;; *) break ;; esac',
          'done',
          'shift',
          'exec sh -c "$*"',
          '',
        ].join('\n'),
      );
      chmodSync(fakeSsh, 0o755);
      const remote = join(work, 'remote');
      const to = `deploy@web1.example:${remote}`;
      const run = await deployCli('--from', first, '--to', to, '--ssh', fakeSsh);
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toContain(`deploy@web1.example:${remote}`);
      expect(readlinkSync(join(remote, 'current'))).toBe(`releases/${firstId}`);
      expect(tree(join(remote, 'assets'))).toEqual(releaseAssets(first));

      // deploys.jsonl that cannot be written: the switch happens, the record fails.
      rmSync(join(remote, 'deploys.jsonl'));
      mkdirSync(join(remote, 'deploys.jsonl'));
      const failing = await deployCli('--from', second.dir, '--to', to, '--ssh', fakeSsh);
      expect(failing.code, failing.stderr + failing.stdout).toBe(3);
      expect(failing.stderr).toContain(`게시는 완료되었습니다 (current → releases/${second.id})`);
      expect(readlinkSync(join(remote, 'current'))).toBe(`releases/${second.id}`);
      expect(statSync(join(remote, '.deploy.lock'), { throwIfNoEntry: false })).toBeUndefined();
    },
  );

  it(
    'stops before the switch when another deploy took its lock over meanwhile (exit 1), leaving that lock',
    { timeout: STEP },
    async () => {
      // A stand-in ssh whose host lets another deploy take the lock over just before the switch
      // script runs: as after a stall of this deploy longer than the lock's age.
      const host = join(work, 'taken-over');
      const theirs = '{"host":"other-runner","pid":1,"at":"2026-11-29T00:00:00.000Z","token":"theirs"}';
      const stealingSsh = join(work, 'stealing-ssh');
      writeFileSync(
        stealingSsh,
        [
          '#!/bin/bash',
          'while [ $# -gt 0 ]; do',
          '  case "$1" in -l|-i|-o|-p|-F) shift 2 ;; -*) shift ;; *) break ;; esac',
          'done',
          'shift',
          'if [ "$*" != "sh -s" ]; then exec sh -c "$*"; fi',
          'script=$(cat)',
          'case "$script" in',
          `  *"mv -T current.tmp current"*) printf '%s\n' '${theirs}' > ${host}/.deploy.lock/owner ;;`,
          'esac',
          'printf \'%s\\n\' "$script" | sh -s',
          '',
        ].join('\n'),
      );
      chmodSync(stealingSsh, 0o755);
      const to = `deploy@web1.example:${host}`;
      expect((await deployCli('--from', first, '--to', host)).code).toBe(0);
      const run = await deployCli('--from', second.dir, '--to', to, '--ssh', stealingSsh);
      expect(run.code, run.stderr + run.stdout).toBe(1);
      expect(run.stderr).toContain(
        '배포 잠금을 다른 배포가 넘겨받아 여기서 멈춥니다 (current 전환 전에 확인했습니다',
      );
      expect(run.stderr).toContain('"token":"theirs"');
      expect(run.stderr).toContain('바뀌지 않았습니다');
      expect(readlinkSync(join(host, 'current'))).toBe(`releases/${firstId}`);
      // Its lock is the other deploy's now: left in place.
      expect(readFileSync(join(host, '.deploy.lock/owner'), 'utf8')).toBe(`${theirs}\n`);
    },
  );
});
