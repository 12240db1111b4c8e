/**
 * The Debian packages the test suites need, installed with apt-get when missing (as root; a
 * clear Korean message otherwise): Chromium's headless shell and Korean fonts for Playwright, WebKitGTK's
 * WebDriver, Firefox ESR and Xvfb for the cross-engine suite, Java for the W3C Nu HTML Checker
 * (vnu.jar), openssl for the HTTP Observatory's HTTPS front, nginx and rsync for the deploy tests.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { run } from '../lib/processes.ts';

const PACKAGES = [
  'fonts-noto-cjk',
  'webkit2gtk-driver',
  'firefox-esr',
  'xvfb',
  'default-jre-headless',
  'openssl',
  'nginx',
  'rsync',
];

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

/** Installs what is missing; resolves to false (with a message said) when it cannot. */
export async function ensurePackages(chromium: string): Promise<boolean> {
  const missing = [
    ...(existsSync(chromium) ? [] : ['chromium-headless-shell']),
    ...PACKAGES.filter((name) => !hasPackage(name)),
  ];
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `테스트에 필요한 패키지가 없습니다: ${missing.join(', ')}\n` +
        `root 권한으로 설치해 주세요: sudo apt-get install -y ${missing.join(' ')}\n` +
        '(다른 위치의 Chromium은 TEST_CHROMIUM_PATH로 지정할 수 있습니다.)',
    );
    return false;
  }
  console.log(`설치 중: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', ...missing], { env })) !== 0
  ) {
    console.error('apt-get 설치에 실패했습니다.');
    return false;
  }
  return true;
}
