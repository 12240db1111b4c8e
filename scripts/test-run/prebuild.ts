/**
 * The browser suites' sites built ahead of them, beside the whole-run tests: those wait on
 * servers, pauses and kills for about a third of their time, an idle core the two builds fill,
 * so Playwright and the engines' suite start on a built site (`start.ts --no-build`) instead of
 * building one each first. A build that fails leaves its suite to build as before.
 */
import { mkdirSync, openSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { run } from '../lib/processes.ts';

export interface Prebuild {
  label: string;
  /** Resolves to whether the site is built (its suite may then skip the build). */
  done: Promise<boolean>;
}

/**
 * Passes requests on `from` to the same path on `to`, while a build reads its API through the
 * address the suite later puts its own proxy on (the engines' fault switch, tests/engines/servers.ts).
 */
function forward(from: number, to: number): Promise<Server> {
  const server = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: to, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(from, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Starts `node scripts/start.ts --build-only` with the suite's own environment; its output goes
 * to a log. `through` forwards a port to the API while the site builds.
 */
export function startPrebuild(
  root: string,
  label: string,
  env: Record<string, string>,
  through?: { from: number; to: number },
): Prebuild {
  const logs = join(root, '.cache', 'test-run');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `${label}-build.log`);
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const done = (async () => {
    const proxy = through ? await forward(through.from, through.to) : undefined;
    try {
      return await run(process.execPath, ['scripts/start.ts', '--build-only'], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', log, log],
      });
    } finally {
      proxy?.closeAllConnections();
      proxy?.close();
    }
  })()
    // A port already taken: the suite builds its own site, as without a build ahead.
    .catch(() => 1)
    .then((code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      if (code === 0) console.log(`\n◇ ${label} 사이트를 미리 빌드했습니다 (${seconds}초).`);
      else
        console.log(
          `\n◇ ${label} 사이트를 미리 빌드하지 못했습니다 (코드 ${code}, ${logFile}): 그 단계에서 다시 빌드합니다.`,
        );
      return code === 0;
    });
  return { label, done };
}
