// @vitest-environment node
/**
 * The site on Cloudflare Workers static assets, for real: a built site laid out as the nightly
 * rebuild publishes it (`out/current` → a release with its records, an earlier release beside
 * it), staged with `scripts/publish/cloudflare/stage.ts` exactly as the deploy guide says, and served by
 * `wrangler dev` (workerd, the Workers runtime) with the project's wrangler.jsonc and Worker.
 * Offline: no account, no metrics, no request to Cloudflare, loopback ports only.
 *
 * The site is built once into a temporary folder against the reference content server (about
 * 35 s); set CLOUDFLARE_TEST_SITE to a built site folder (e.g. `dist`) to reuse one instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/content-api/server.ts';
import { headersFor } from '../../scripts/publish/lib/headers-file.ts';
import { DEFAULT_SITE_URL } from '../../scripts/lib/test-env.ts';
import { runAstroBuild } from '../../scripts/publish/rebuild/release/build.ts';
import { expectSecurityHeaders, siteRules } from './site-headers.ts';
import { makeTestFolder, REFERENCE_CONTENT } from '../support/publish-run.ts';
import { heroPreloadProblems } from '../support/hero-preload.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_TIMEOUT = 240_000;
const READY_TIMEOUT = 90_000;
const STOP_TIMEOUT = 10_000;
/** A hashed file only the earlier release has (stage.ts --previous must keep it). */
const OLD_CHUNK = '_astro/Island.0ld0ld00.js';

let work: string;
let deploy: string;
let base: string;
let wrangler: ChildProcess | undefined;
let output = '';
/** `.wrangler/` (wrangler's bundles, next to wrangler.jsonc) is removed afterwards if this test made it. */
const hadWranglerDir = existsSync(join(root, '.wrangler'));

async function buildSite(outDir: string): Promise<void> {
  const api = await startServer({ contentDir: REFERENCE_CONTENT, port: 0 });
  try {
    const result = await runAstroBuild({
      root,
      outDir,
      cacheDir: join(work, 'astro-cache'),
      apiUrl: api.url,
      // Hermetic: never a production SITE_URL from the caller's shell.
      env: { ...process.env, SITE_URL: DEFAULT_SITE_URL },
      signal: AbortSignal.timeout(BUILD_TIMEOUT - 10_000),
    });
    if (!result.ok) throw new Error(`사이트 빌드 실패 (코드 ${result.exitCode}):\n${result.tail.join('\n')}`);
  } finally {
    await api.close();
  }
}

/** Starts `wrangler dev` in its own process group; resolves with its address once it is ready. */
function startWrangler(assets: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_LOG_PATH: join(work, 'wrangler-logs'),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  // No account: whatever the caller's shell holds is not used.
  for (const name of [
    'CLOUDFLARE_API_TOKEN',
    'CLOUDFLARE_API_KEY',
    'CLOUDFLARE_EMAIL',
    'CLOUDFLARE_ACCOUNT_ID',
  ])
    delete env[name];
  const args = [
    join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js'),
    'dev',
    '--config',
    join(root, 'wrangler.jsonc'),
    '--assets',
    assets,
    '--ip',
    '127.0.0.1',
    '--port',
    '0',
    '--inspector-port',
    '0',
    '--persist-to',
    join(work, 'state'),
    '--show-interactive-dev-session=false',
    '--log-level',
    'info',
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  wrangler = child;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`wrangler dev가 ${READY_TIMEOUT / 1000}초 안에 준비되지 않았습니다:\n${output}`)),
      READY_TIMEOUT,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`wrangler dev가 종료되었습니다 (코드 ${code ?? signal}):\n${output}`));
    });
  });
}

/** SIGTERM to the whole group (wrangler, esbuild, workerd), then SIGKILL if it lingers. */
async function stopWrangler(): Promise<void> {
  const child = wrangler;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is gone already.
    }
  };
  signalGroup('SIGTERM');
  const stopped = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), STOP_TIMEOUT)),
  ]);
  // workerd may outlive its parent for a moment; the group is ended either way.
  signalGroup('SIGKILL');
  if (!stopped) await Promise.race([exited, new Promise((r) => setTimeout(r, 2_000))]);
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * One request over plain `node:http`: fetch (undici) sets `Sec-Fetch-Mode: cors` itself and
 * would hide how the asset server treats navigations; no `Accept-Encoding`, so no compression.
 */
function request(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: init.method ?? 'GET', headers: init.headers ?? {}, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: 15초 안에 응답이 없습니다.`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * What browsers send: the asset server treats navigations apart (with `not_found_handling:
 * "404-page"` it would answer a navigation miss itself, under the miss's `_headers`, and never
 * ask the Worker), so every miss is tried as a navigation and as a subresource.
 */
const NAVIGATION = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
const SCRIPT = { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'script' };
const KINDS = [
  ['navigation', NAVIGATION],
  ['script', SCRIPT],
  ['plain', {}],
] as const;

beforeAll(async () => {
  work = makeTestFolder('cloudflare-wrangler-');
  const releases = join(work, 'out', 'releases');
  const release = join(releases, '2026-11-24T03-00-00-000Z');
  if (process.env['CLOUDFLARE_TEST_SITE'])
    cpSync(process.env['CLOUDFLARE_TEST_SITE'], release, { recursive: true });
  else await buildSite(release);
  // The records every release of the rebuild carries.
  writeFileSync(join(release, 'manifest.json'), '{"release":"2026-11-24T03-00-00-000Z"}\n');
  writeFileSync(join(release, 'changed-routes.json'), '{"added":[],"changed":["/faq"],"removed":[]}\n');
  symlinkSync(join('releases', '2026-11-24T03-00-00-000Z'), join(work, 'out', 'current'));
  // An earlier release: one old island chunk and a page that is gone now.
  const earlier = join(releases, '2026-11-23T03-00-00-000Z');
  mkdirSync(join(earlier, '_astro'), { recursive: true });
  mkdirSync(join(earlier, 'gone-page'), { recursive: true });
  writeFileSync(join(earlier, OLD_CHUNK), 'export const old = 1;\n');
  writeFileSync(join(earlier, 'gone-page', 'index.html'), '<!doctype html><title>gone</title>\n');

  // The deploy guide's step: stage.ts, then wrangler on the staged folder.
  deploy = join(work, 'cloudflare');
  const stage = spawnSync(
    process.execPath,
    ['scripts/publish/cloudflare/stage.ts', join(work, 'out', 'current'), deploy, '--previous', releases],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  if (stage.status !== 0)
    throw new Error(`stage.ts 실패 (코드 ${stage.status}):\n${stage.stderr}${stage.stdout}`);
  // Records copied in after staging (by hand, or a deploy of an unstaged copy): `.assetsignore` must hide them.
  writeFileSync(join(deploy, 'manifest.json'), '{"release":"copied-later"}\n');
  writeFileSync(join(deploy, 'changed-routes.json'), '{"added":[]}\n');

  base = await startWrangler(deploy);
}, BUILD_TIMEOUT + READY_TIMEOUT);

afterAll(async () => {
  await stopWrangler();
  if (!hadWranglerDir) rmSync(join(root, '.wrangler'), { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
}, STOP_TIMEOUT + 5_000);

describe('Cloudflare Workers static assets (wrangler dev)', () => {
  it('reads the _headers rules of the deployed folder', () => {
    expect(output).toMatch(/Parsed \d+ valid header rules/);
  });

  it('serves a page at its own address (no trailing-slash redirect) with the security headers', async () => {
    const res = await request('/faq', { headers: NAVIGATION });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(headersFor(siteRules, '/faq')['Cache-Control']);
    expectSecurityHeaders(res.headers, '/faq');
    expect(res.body).toBe(readFileSync(join(deploy, 'faq', 'index.html'), 'utf8'));
    const home = await request('/');
    expect(home.status).toBe(200);
    expectSecurityHeaders(home.headers, '/');
  });

  it("sends the home's hero preload (the build's Link rule) with the home alone, the value not joined", async () => {
    const home = await request('/', { headers: NAVIGATION });
    expect(home.status).toBe(200);
    expect(heroPreloadProblems(home.headers.get('link'), home.body)).toEqual([]);
    expect((await request('/faq', { headers: NAVIGATION })).headers.get('link')).toBeNull();
  });

  it('redirects the trailing-slash form to the address the links use', async () => {
    const res = await request('/faq/');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/faq');
  });

  it('serves hashed files for a year, with the security headers', async () => {
    // Not a web worker: those carry a policy of their own (the next test).
    const chunk = readdirSync(join(deploy, '_astro')).find(
      (name) => name.endsWith('.js') && !name.includes('.worker-'),
    );
    expect(chunk).toBeDefined();
    const res = await request(`/_astro/${chunk}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expectSecurityHeaders(res.headers, `/_astro/${chunk}`);
  });

  it("sends each web worker the policy _headers gives it (a worker ignores the page's <meta>)", async () => {
    const workers = readdirSync(join(deploy, '_astro')).filter((name) => /\.worker-[\w-]+\.js$/.test(name));
    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const name of workers) {
      const res = await request(`/_astro/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-security-policy'), name).toBe(
        "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
      );
    }
  });

  it("answers an unknown page with 404 and the site's 404 page, with the security headers", async () => {
    for (const [kind, headers] of KINDS) {
      const res = await request('/info/blog/no-such-story', { headers });
      expect(res.status, kind).toBe(404);
      expect(res.headers.get('content-type'), kind).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control'), kind).toBe(
        headersFor(siteRules, '/404.html')['Cache-Control'],
      );
      expectSecurityHeaders(res.headers, `404 page (${kind})`);
      expect(res.body, kind).toBe(readFileSync(join(deploy, '404.html'), 'utf8'));
    }
  });

  it('answers a missing hashed file with a plain 404 that is never stored, not the HTML page', async () => {
    for (const path of ['/_astro/x.js', '/fonts/missing.woff2']) {
      for (const [kind, headers] of KINDS) {
        const where = `${path} (${kind})`;
        const res = await request(path, { headers });
        expect(res.status, where).toBe(404);
        expect(res.headers.get('cache-control'), where).toBe('no-store');
        expect(res.headers.get('content-type'), where).toBe('text/plain; charset=utf-8');
        expect(res.body, where).not.toMatch(/<html|<!doctype/i);
        expect(res.body.length, where).toBeLessThan(100);
        expectSecurityHeaders(res.headers, where);
      }
    }
    const head = await request('/_astro/x.js', { method: 'HEAD' });
    expect([head.status, head.headers.get('cache-control')]).toEqual([404, 'no-store']);
  });

  it('never serves the release records, _headers or .assetsignore', async () => {
    const notFoundPage = readFileSync(join(deploy, '404.html'), 'utf8');
    for (const path of ['/manifest.json', '/changed-routes.json', '/_headers', '/.assetsignore']) {
      for (const [kind, headers] of KINDS) {
        const res = await request(path, { headers });
        expect(res.status, `${path} (${kind})`).toBe(404);
        expect(res.body, `${path} (${kind})`).toBe(notFoundPage);
      }
    }
  });

  it("keeps serving an earlier release's hashed files, but not its pages", async () => {
    const chunk = await request(`/${OLD_CHUNK}`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.body).toBe('export const old = 1;\n');
    expect((await request('/gone-page')).status).toBe(404);
  });

  it('refuses methods other than GET and HEAD, for files and misses alike', async () => {
    for (const path of ['/faq', '/no-such-page']) {
      const res = await request(path, { method: 'POST', body: 'x' });
      expect(res.status, path).toBe(405);
    }
  });
});
