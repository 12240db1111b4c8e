/**
 * Global setup of the cross-engine suite: the servers the Playwright suite uses (`node
 * scripts/start.ts`: reference content API, a build of the site, the static server) on the
 * suite's own ports, two small proxies in front of them, and an X display for WebKit.
 *
 *   ENGINES_API_PORT (8795)       content API of scripts/start.ts
 *   ENGINES_API_PORT + 1          the API address the site is built with: a proxy that can be told
 *                                 to answer a path with an error (`POST /__engines/faults`), for the
 *                                 error state and 다시 시도 (WebDriver cannot intercept requests)
 *   ENGINES_SITE_PORT (4395)      the built site (scripts/start.ts)
 *   ENGINES_SITE_PORT + 1         the site as the browsers open it: the same bytes, plus a first
 *                                 script in each page's <head> that records script errors, failed
 *                                 loads and CSP violations in `window.__engineErrors` (classic
 *                                 WebDriver has no channel for them); it can be told to hold back
 *                                 the files under a path until told again (`POST /__engines/hold`),
 *                                 for what a page shows while a chunk is on its way
 *
 * The build goes to its own folder (.cache/engines/), against the proxy, with the default site
 * address, whatever PUBLIC_CONTENT_API_URL or SITE_URL the caller's shell carries
 * (`ENGINES_NO_BUILD=1` serves the previous one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { siteServerEnv } from '../../scripts/lib/test-env.ts';
import { waitForUrl } from '../../scripts/lib/processes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const ports = {
  api: Number(process.env.ENGINES_API_PORT || 8795),
  site: Number(process.env.ENGINES_SITE_PORT || 4395),
};

/**
 * Records what the page reports before any of its own scripts runs; inserted as the first child
 * of <head>. A `<link rel=modulepreload>` is left out: Firefox fires `error` on one whose module
 * another chunk has already imported (Vite ignores script preload errors; a chunk that really
 * fails to load fails its import, which shows as an island error).
 */
export const CAPTURE_SCRIPT = `<script>(()=>{const e=window.__engineErrors=[];
addEventListener('error',(x)=>{if(x instanceof ErrorEvent)e.push('error: '+x.message+' @ '+x.filename+':'+x.lineno);
else if(x.target&&x.target!==window&&!(x.target.matches&&x.target.matches('link[rel=modulepreload]')))e.push('load failed: '+(x.target.currentSrc||x.target.src||x.target.href||x.target.tagName))},true);
addEventListener('unhandledrejection',(x)=>e.push('unhandled rejection: '+(x.reason&&x.reason.message||x.reason)));
addEventListener('securitypolicyviolation',(x)=>e.push('CSP: '+x.violatedDirective+' '+x.blockedURI));
const c=console.error;console.error=function(){e.push('console.error: '+Array.prototype.map.call(arguments,String).join(' '));return c.apply(this,arguments)};})()</script>`;

interface ProxyOptions {
  /** Answers a request itself (returns true) instead of passing it on now; `pass` passes it on later. */
  intercept?: (req: IncomingMessage, res: ServerResponse, pass: () => void) => boolean;
  /** Rewrites HTML answers. */
  rewriteHtml?: (html: string) => string;
}

function proxy(
  port: number,
  upstreamPort: number,
  { intercept, rewriteHtml }: ProxyOptions,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (intercept?.(req, res, () => pass(req, res))) return;
    pass(req, res);
  });
  function pass(req: IncomingMessage, res: ServerResponse) {
    const headers = { ...req.headers };
    if (rewriteHtml) headers['accept-encoding'] = 'identity';
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!rewriteHtml || !type.startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(rewriteHtml(Buffer.concat(chunks).toString('utf8')));
          res.writeHead(answer.statusCode ?? 502, {
            ...answer.headers,
            'content-length': String(body.length),
          });
          res.end(req.method === 'HEAD' ? undefined : body);
        });
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    // A request held back has been read to its end already.
    if (req.readableEnded) upstream.end();
    else req.pipe(upstream);
  }
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

/** Starts Xvfb on a free display (`-displayfd`); resolves to `:N`. */
function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  return new Promise((ok, fail) => {
    const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(\d+)\n/.exec(output);
      if (match) ok({ display: `:${match[1]}`, child });
    });
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`Xvfb가 종료되었습니다 (코드 ${code}).`)));
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    apiUrl: string;
    display: string;
  }
}

/** Fails when something already listens on a port the suite needs (an earlier run's server would be tested instead). */
async function expectFreePort(port: number): Promise<void> {
  const free = await new Promise<boolean>((ok) => {
    const probe = createServer();
    probe.once('error', () => ok(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => ok(true)));
  });
  if (!free)
    throw new Error(
      `포트 ${port}을(를) 이미 다른 프로세스가 쓰고 있습니다. ENGINES_API_PORT / ENGINES_SITE_PORT로 다른 포트를 지정해 주세요.`,
    );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  for (const port of [ports.api, ports.api + 1, ports.site, ports.site + 1]) await expectFreePort(port);
  const faults = new Map<string, number>();
  const apiProxy = await proxy(ports.api + 1, ports.api, {
    intercept(req, res) {
      const path = (req.url ?? '/').split('?')[0]!;
      // The fault switch: POST /__engines/faults with {"/news/search": 500}; {} clears every fault.
      if (req.method === 'POST' && path === '/__engines/faults') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          faults.clear();
          for (const [prefix, status] of Object.entries(JSON.parse(body || '{}') as Record<string, number>))
            faults.set(prefix, status);
          res.writeHead(204).end();
        });
        return true;
      }
      const status =
        req.method === 'OPTIONS' ? undefined : [...faults].find(([prefix]) => path.startsWith(prefix))?.[1];
      if (!status) return false;
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': '*',
      });
      res.end(JSON.stringify({ error: '엔진 테스트가 일부러 낸 오류입니다.' }));
      return true;
    },
  });

  const apiUrl = `http://127.0.0.1:${ports.api + 1}`;
  // ENGINES_NO_BUILD=1 serves the suite's previous build (when iterating on the tests themselves).
  const startArgs = ['scripts/start.ts', ...(process.env.ENGINES_NO_BUILD === '1' ? ['--no-build'] : [])];
  const siteServer = spawn(process.execPath, startArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...siteServerEnv({
        apiPort: ports.api,
        sitePort: ports.site,
        publicApiUrl: apiUrl,
        outDir: `${root}.cache/engines/dist`,
      }),
      ASTRO_CACHE_DIR: `${root}.cache/engines/astro`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverLog = '';
  siteServer.stderr?.on(
    'data',
    (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-8_000)),
  );
  const stopSite = () => {
    if (siteServer.exitCode === null) siteServer.kill('SIGTERM');
  };
  process.once('exit', stopSite);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => (stopSite(), process.exit(1)));
  try {
    await waitForUrl(`http://127.0.0.1:${ports.site}/`, 300_000, siteServer);
  } catch (error) {
    stopSite();
    apiProxy.close();
    throw new Error(`사이트 서버를 시작하지 못했습니다: ${(error as Error).message}\n${serverLog}`);
  }
  // The hold switch: POST /__engines/hold with {"prefix": "/_astro/search-dialog."} holds back the
  // files whose path starts so; {} lets every held request through and holds nothing.
  let holdPrefix = '';
  const held: (() => void)[] = [];
  const siteProxy = await proxy(ports.site + 1, ports.site, {
    rewriteHtml: (html) => html.replace(/<head>/i, (head) => head + CAPTURE_SCRIPT),
    intercept(req, res, pass) {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method === 'POST' && path === '/__engines/hold') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          holdPrefix = (JSON.parse(body || '{}') as { prefix?: string }).prefix ?? '';
          if (!holdPrefix) for (const release of held.splice(0)) release();
          res.writeHead(204).end();
        });
        return true;
      }
      if (!holdPrefix || !path.startsWith(holdPrefix)) return false;
      req.resume();
      held.push(pass);
      return true;
    },
  });

  const wantsWebKit = (process.env.ENGINES ?? 'webkit,firefox').split(',').includes('webkit');
  const xvfb = wantsWebKit ? await startXvfb() : undefined;
  if (xvfb) process.once('exit', () => xvfb.child.kill('SIGTERM'));

  project.provide('siteUrl', `http://127.0.0.1:${ports.site + 1}`);
  project.provide('apiUrl', apiUrl);
  project.provide('display', xvfb?.display ?? '');
  console.log(
    `엔진 테스트 서버 준비: ${((Date.now() - started) / 1000).toFixed(1)}초 (사이트 ${ports.site}, API ${ports.api})`,
  );

  return async () => {
    xvfb?.child.kill('SIGTERM');
    siteProxy.closeAllConnections();
    siteProxy.close();
    apiProxy.closeAllConnections();
    apiProxy.close();
    stopSite();
  };
}
