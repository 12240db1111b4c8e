/**
 * `npm start`: the reference content server, a build of the site against it, and the built
 * site served like a static host. Ctrl-C stops both servers.
 *
 * Environment: CONTENT_API_PORT (8787), SITE_PORT (4321), HOST (127.0.0.1),
 * CONTENT_DIR (the project's own content), ASTRO_OUT_DIR (dist). `--no-build` serves the existing build;
 * `--build-only` builds and stops (`npm test` builds the browser suites' sites ahead of them).
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONTENT_API_PORT } from '../src/lib/site-defaults.ts';
import { run, startChild, waitForUrl } from './lib/processes.ts';
import { serveStatic } from './lib/static-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = Number(process.env.CONTENT_API_PORT ?? DEFAULT_CONTENT_API_PORT);
const sitePort = Number(process.env.SITE_PORT ?? 4321);
const apiUrl = `http://${host}:${apiPort}`;
const skipBuild = process.argv.includes('--no-build');
const buildOnly = process.argv.includes('--build-only');
const outDir = process.env.ASTRO_OUT_DIR ?? `${root}/dist`;

const apiArgs = ['scripts/content-api/cli.ts', '--port', String(apiPort), '--host', host];
if (process.env.CONTENT_DIR) apiArgs.push('--content', process.env.CONTENT_DIR);
const api = startChild(process.execPath, apiArgs, { cwd: root });
api.on('exit', (code) => {
  if (code) {
    console.error(`콘텐츠 API가 종료되었습니다 (코드 ${code}).`);
    process.exit(code);
  }
});
await waitForUrl(`${apiUrl}/health`, 30_000, api);

if (!skipBuild) {
  // The build reads the API at PUBLIC_CONTENT_API_URL when it is set (e.g. this machine's public
  // address); say so, since a production value left in the shell would build against another host.
  // The test suites always set it to their own servers (scripts/lib/test-env.ts).
  const buildApiUrl = process.env.PUBLIC_CONTENT_API_URL || apiUrl;
  console.log(`\n사이트를 빌드합니다 (콘텐츠 API: ${buildApiUrl}) ...`);
  if (buildApiUrl !== apiUrl) {
    console.log(`  PUBLIC_CONTENT_API_URL이 설정되어 있어 방금 시작한 ${apiUrl} 대신 이 주소로 빌드합니다.`);
  }
  const code = await run('astro', ['build'], {
    cwd: root,
    env: { ...process.env, PUBLIC_CONTENT_API_URL: buildApiUrl },
  });
  if (code !== 0) {
    console.error('빌드에 실패했습니다.');
    process.exit(code);
  }
}
if (buildOnly) {
  api.kill('SIGTERM');
  process.exit(0);
}

const site = await serveStatic(outDir, sitePort, host);
console.log(`\n콘텐츠 API  ${apiUrl}`);
console.log(`사이트      ${site.url}`);
console.log('Ctrl-C로 둘 다 종료합니다.\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await site.close();
    api.kill('SIGTERM');
    process.exit(0);
  });
}
