/**
 * Debian's nginx on a loopback port, serving a deploy folder with the config `npm run deploy --
 * --nginx-config` prints (made from public/_headers, or from a release's `_headers` with the
 * home's hero preload: `headersFile`): what a production origin runs, in a prefix folder of its
 * own (pid, logs and temporary files inside it).
 *
 * For other suites too (a browser check across a deploy):
 *
 *     const nginx = await startNginx(target);   // target: the folder given to --to
 *     await page.goto(`${nginx.url}/faq`);
 *     await nginx.stop();
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHeadersFile } from '../../scripts/publish/lib/headers-file.ts';
import { nginxConfig } from '../../scripts/publish/deploy/nginx-config.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const HEADERS_FILE = fileURLToPath(new URL('../../public/_headers', import.meta.url));

/** Why nginx cannot run here (Korean), or `null` when it can. */
export function nginxMissing(): string | null {
  return existsSync(NGINX)
    ? null
    : `nginx가 없습니다 (${NGINX}): apt-get install -y nginx (npm test 는 root로 실행하면 설치합니다)`;
}

export interface RunningNginx {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The generated site config, as nginx reads it. */
  siteConfig: string;
  /** The prefix folder (logs/error.log is inside). */
  prefix: string;
  stop(): Promise<void>;
}

/** A port free right now on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx가 종료되었습니다 (코드 ${child.exitCode}): ${log()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx가 15초 안에 응답하지 않았습니다: ${log()}`);
}

/** Starts nginx over `target` (a deploy folder: `current`, `assets/`, …). */
export async function startNginx(target: string, { headersFile = HEADERS_FILE } = {}): Promise<RunningNginx> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const prefix = mkdtempSync(join(tmpdir(), 'deploy-nginx-'));
  for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir));
  const port = await freePort();
  const siteConfig = nginxConfig({
    root: target,
    listen: `127.0.0.1:${port}`,
    serverName: '_',
    rules: parseHeadersFile(readFileSync(headersFile, 'utf8')),
    command: 'tests/deploy/nginx.ts',
  });
  writeFileSync(join(prefix, 'site.conf'), siteConfig);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `  ${name}_temp_path ${prefix}/tmp/${name};`,
  );
  // As root, nginx would run its workers as `nobody`, who cannot read a private temporary folder.
  const isRoot = process.getuid?.() === 0;
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      ...(isRoot ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/logs/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...temp,
      `  include ${prefix}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  chmodSync(prefix, 0o755);
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs/error.log')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx 설정 검사에 실패했습니다: ${check.stderr}`);
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const log = () => {
    const file = join(prefix, 'logs/error.log');
    return `${stderr}${existsSync(file) ? readFileSync(file, 'utf8').slice(-2_000) : ''}`;
  };
  // A test runner that dies without calling stop() must not leave nginx behind.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    siteConfig,
    prefix,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', kill);
        const done = () => {
          rmSync(prefix, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        // QUIT: a graceful stop (open connections finish), as the worker exits with the master.
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
