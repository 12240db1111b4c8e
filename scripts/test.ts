/**
 * `npm test`: makes sure Debian's Chromium and Korean fonts are installed, then runs
 * astro check, the unit tests (vitest) and the end-to-end tests (Playwright).
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { run } from './lib/processes.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasPackage(name: string): boolean {
  try {
    execSync(`dpkg-query -W -f='\${Status}' ${name} 2>/dev/null | grep -q 'install ok installed'`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing: string[] = [];
if (!existsSync(chromium)) missing.push('chromium');
if (!hasPackage('fonts-noto-cjk')) missing.push('fonts-noto-cjk');

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
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
      (await run('apt-get', ['install', '-y', '-qq', ...missing], { env })) !== 0) {
    console.error('apt-get 설치에 실패했습니다.');
    process.exit(1);
  }
}

const steps: [string, string, string[]][] = [
  ['astro check', 'astro', ['check']],
  ['단위 테스트 (vitest)', 'vitest', ['run']],
  ['종단 간 테스트 (Playwright)', 'playwright', ['test']],
];
for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}`);
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`\n✖ ${label} 실패 (코드 ${code})`);
    process.exit(code);
  }
}
console.log('\n✔ 모든 테스트를 통과했습니다.');
