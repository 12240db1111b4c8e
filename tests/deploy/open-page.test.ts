// @vitest-environment node
/**
 * A visitor's tab across a deploy, in a real browser (Debian's Chromium) on Debian's nginx: a
 * page opened before a code-changing release is switched in still starts its islands after the
 * switch (their files stay in the host's pool), and when its files are really deleted from the
 * host, the page says so in Korean and offers a reload instead of staying dead.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCodeChangedRelease } from './code-change.ts';
import { nginxMissing, startNginx, type RunningNginx } from './nginx.ts';
import { buildSite, type BuiltSite } from './site.ts';
import { TEST_CHROMIUM_PATH } from '../../scripts/lib/test-env.ts';
import { makeTestFolder, runScript } from '../support/publish-run.ts';

const STEP = 300_000;
const missing = [
  nginxMissing(),
  spawnSync('rsync', ['--version']).status === 0 ? null : 'rsync가 없습니다',
].filter(Boolean);
const skip = missing.length > 0 && process.getuid?.() !== 0;

async function deploy(from: string, to: string): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runScript('scripts/publish/deploy.ts', ['--from', from, '--to', to]);
  return { code, output: stdout + stderr };
}

let work: string;
let site: BuiltSite | undefined;
let nginx: RunningNginx | undefined;
let browser: Browser | undefined;
let target: string;

beforeAll(async () => {
  if (skip) return;
  work = makeTestFolder('open-page-');
  site = await buildSite(work);
  target = join(work, 'host');
  const first = await deploy(site.release, target);
  if (first.code !== 0) throw new Error(first.output);
  nginx = await startNginx(target);
  browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH });
}, STEP);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  await site?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Opens the news room as a visitor would and leaves its list island waiting for them. */
async function openNewsRoom(): Promise<Page> {
  const page = await browser!.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${nginx!.url}/newsRoom`);
  await page.waitForLoadState('load');
  await expect
    .poll(() => page.locator('astro-island[data-hydrate-on-interaction]').count(), { timeout: 30_000 })
    .toBeGreaterThan(0);
  return page;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null, null, { timeout: 30_000 });

describe.skipIf(skip)('an open page across a deploy (nginx, Chromium)', () => {
  it(
    'still starts its islands after a code-changing release was switched in',
    { timeout: STEP },
    async () => {
      const page = await openNewsRoom();
      const second = makeCodeChangedRelease(
        site!.release,
        join(work, 'out/releases', `${site!.release.split('/').pop()}-b`),
      );
      const run = await deploy(second.dir, target);
      expect(run.code, run.output).toBe(0);
      // The host now serves the new release's pages, which name other script files.
      const fresh = await (await fetch(`${nginx!.url}/newsRoom`)).text();
      expect([...second.renamed.values()].some((name) => fresh.includes(name))).toBe(true);

      await page.getByRole('region', { name: '뉴스 목록', exact: true }).hover();
      await hydrated(page);
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: '새 버전' }).count(), { timeout: 5_000 })
        .toBe(0);
      await page.close();
    },
  );

  it(
    'says a new version is out, with a reload button, when its files were deleted from the host',
    { timeout: STEP },
    async () => {
      // What a prune does to files no kept release names: the page's own scripts are gone. Gone
      // before the page could download them: once a page has been open a moment, its island's
      // code is in the browser's cache (downloaded after the first paint) and a prune no longer
      // touches it; the notice is for a page whose code had not arrived yet.
      const html = await (await fetch(`${nginx!.url}/newsRoom`)).text();
      const scripts = [...html.matchAll(/component-url="([^"]+)"/g)].map((match) => match[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const url of scripts) rmSync(join(target, 'assets', url), { force: true });
      expect((await fetch(`${nginx!.url}${scripts[0]}`)).status).toBe(404);

      const page = await openNewsRoom();
      await page.getByRole('region', { name: '뉴스 목록', exact: true }).hover();
      const notice = page.getByRole('alert').filter({ hasText: '사이트가 새 버전으로 업데이트되었습니다.' });
      await notice.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await notice.getByRole('button', { name: '새로 고침' }).isVisible()).toBe(true);
      await page.close();
    },
  );
});
