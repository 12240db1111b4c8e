/**
 * `npm test`: makes sure Debian's Chromium, Korean fonts, the other engines' packages
 * (WebKitGTK's WebDriver, Firefox ESR, Xvfb), Java and openssl are installed, then runs astro
 * check, ESLint, a Prettier check, the unit tests (vitest), the end-to-end tests (Playwright,
 * Chromium) and the cross-engine suite (tests/engines: WebKit and Firefox).
 *
 * astro check syncs the content collections, which fetch from the content API, so the
 * reference server runs for that step on its own port (TEST_CHECK_API_PORT, 8791); nothing
 * else needs to be running. Playwright and the engine suite start their own servers.
 *
 * Hermetic: the caller's PUBLIC_CONTENT_API_URL and SITE_URL (a production build's settings)
 * are dropped here, and every server the suites start gets explicit values (scripts/lib/test-env.ts).
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run, startChild, waitForUrl } from './lib/processes.ts';
import { BUILD_TARGET_VARIABLES, DEFAULT_SITE_URL } from './lib/test-env.ts';

for (const name of BUILD_TARGET_VARIABLES) delete process.env[name];

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasPackage(name: string): boolean {
  try {
    execSync(`dpkg-query -W -f='\${Status}' ${name} 2>/dev/null | grep -q 'install ok installed'`, {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

const missing: string[] = [];
if (!existsSync(chromium)) missing.push('chromium');
// Korean fonts, the engines of tests/engines: WebKitGTK (MiniBrowser and its WebDriver,
// under Xvfb) and Firefox ESR (WebDriver BiDi), Java for the W3C Nu HTML Checker (vnu.jar,
// tests/e2e/conformance.spec.ts) and openssl for the HTTP Observatory's HTTPS front
// (tests/e2e/observatory.spec.ts).
for (const name of [
  'fonts-noto-cjk',
  'webkit2gtk-driver',
  'firefox-esr',
  'xvfb',
  'default-jre-headless',
  'openssl',
  'nginx',
  'rsync',
]) {
  if (!hasPackage(name)) missing.push(name);
}

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      `테스트에 필요한 패키지가 없습니다: ${missing.join(', ')}\n` +
        `root 권한으로 설치해 주세요: sudo apt-get install -y ${missing.join(' ')}\n` +
        '(다른 위치의 Chromium은 CHROMIUM_PATH로 지정할 수 있습니다.)',
    );
    process.exit(1);
  }
  console.log(`설치 중: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', ...missing], { env })) !== 0
  ) {
    console.error('apt-get 설치에 실패했습니다.');
    process.exit(1);
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
const checkApiPort = Number(process.env.TEST_CHECK_API_PORT ?? 8791);
const checkApiUrl = `http://127.0.0.1:${checkApiPort}`;

function fail(label: string, code: number): never {
  console.error(`\n✖ ${label} 실패 (코드 ${code})`);
  process.exit(code);
}

console.log(`\n▶ astro check (콘텐츠 API: ${checkApiUrl})`);
const api = startChild(
  process.execPath,
  ['scripts/content-api/cli.ts', '--port', String(checkApiPort), '--host', '127.0.0.1'],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
try {
  await waitForUrl(`${checkApiUrl}/health`, 30_000, api);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  fail('콘텐츠 API 시작', 1);
}
const checkCode = await run('astro', ['check'], {
  cwd: root,
  env: { ...process.env, PUBLIC_CONTENT_API_URL: checkApiUrl, SITE_URL: DEFAULT_SITE_URL },
});
api.kill('SIGTERM');
if (checkCode !== 0) fail('astro check', checkCode);

const steps: [string, string, string[]][] = [
  ['린트 (ESLint)', 'eslint', ['.', '--max-warnings', '0']],
  ['서식 (Prettier)', 'prettier', ['--check', '.']],
  ['단위 테스트 (vitest)', 'vitest', ['run']],
  ['종단 간 테스트 (Playwright)', 'playwright', ['test']],
  ['여러 엔진 테스트 (WebKit, Firefox)', 'vitest', ['run', '--config', 'vitest.engines.config.ts']],
];
for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}`);
  const code = await run(command, args, { cwd: root });
  if (code !== 0) fail(label, code);
}
console.log('\n✔ 모든 테스트를 통과했습니다.');
