// @vitest-environment node
/**
 * The example CI workflow that rebuilds and deploys (.github/workflows/nightly-rebuild.yml), read
 * as text: the rules a reviewer would otherwise have to remember. The deploy and purge steps'
 * scripts are also run with bash as a runner would, with a stand-in `npm` (deploy exit codes)
 * and the real purge script against a stand-in of Cloudflare's API.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPurgeApi, type PurgeApiStandIn } from './purge-api.ts';

const workflow = readFileSync(
  fileURLToPath(new URL('../../.github/workflows/nightly-rebuild.yml', import.meta.url)),
  'utf8',
);
/** The shell scripts of the `run:` steps. */
const scripts = [...workflow.matchAll(/run: \|\n((?: {10}.*\n|\n)+)/g)].map((match) => match[1]!);

describe('the rebuild workflow', () => {
  it('asks for no more than reading the repository', () => {
    expect(workflow).toMatch(/^permissions:\n {2}contents: read\n/m);
    expect(workflow).not.toMatch(/^\s*[\w-]+: write\s*$/m);
  });

  it('is started by the publish hook through workflow_dispatch (a token that cannot push code), not repository_dispatch', () => {
    expect(workflow).toContain('workflow_dispatch:');
    expect(workflow).not.toContain('repository_dispatch');
    expect(workflow).toMatch(/item:\n\s+description:/);
  });

  it('runs a rollback in a concurrency group of its own, so no queued hook can replace it', () => {
    expect(workflow).toMatch(
      /group: site-rebuild-\$\{\{ inputs\.action == 'rollback' && 'rollback' \|\| 'publish' \}\}/,
    );
    expect(workflow).toContain('cancel-in-progress: false');
  });

  it('deploys with the deploy command and a pinned host key, never rsync --delete', () => {
    expect(workflow).toContain('npm run deploy -- --from out/current');
    expect(workflow).toContain('StrictHostKeyChecking=yes');
    expect(workflow).not.toContain('accept-new');
    expect(workflow).not.toMatch(/rsync[^\n]*--delete/);
  });

  it('saves the build caches after any run, and the releases only once the host serves the release', () => {
    expect(workflow).toMatch(/name: Save the build caches \(after any run\)\n\s+if: always\(\)/);
    // Not the step's outcome: a deploy the host's hold refused (exit 4) succeeds as a step.
    expect(ifOf(step('Save the output folder'))).toMatch(/^steps\.upload\.outputs\.deployed == 'true' \|\| /);
    expect(ifOf(step('Purge the CDN'))).toBe("steps.upload.outputs.deployed == 'true'");
  });

  it('caches only the releases a rollback needs: the origin keeps old hashed files itself', () => {
    // --keep-days would otherwise keep 14 days of full releases in every saved cache.
    expect(workflow).toMatch(/args=\(--out out --keep 2 --keep-days 0 /);
  });

  it('pins every action by its full commit, the tag in a comment', () => {
    const uses = [...workflow.matchAll(/^\s*(?:- )?uses: (.*)$/gm)].map((match) => match[1]!);
    expect(uses.length).toBeGreaterThanOrEqual(6);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    expect(uses).toContain('actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0');
    expect(uses).toContain('actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0');
    expect(uses).toContain('actions/cache/restore@0057852bfaa89a56745cba8c7296529d2fc39830 # v4.3.0');
    expect(uses).toContain('actions/cache/save@0057852bfaa89a56745cba8c7296529d2fc39830 # v4.3.0');
  });

  it('keeps the deploy secrets in an environment whose branch rule allows only main', () => {
    expect(workflow).toMatch(/^ {4}# .*main.*\n {4}environment: production$/m);
    // Secrets are read by the steps of that one job only.
    expect(workflow.slice(0, workflow.indexOf('\njobs:'))).not.toContain('secrets.');
  });

  it("deploys a resume even when it published nothing (it lifts the host's hold)", () => {
    expect(ifOf(step('Deploy the published release to the origin'))).toBe(
      "steps.rebuild.outputs.published == 'true' || (env.ACTION == 'resume' && steps.rebuild.outputs.code == '0')",
    );
  });

  it('hands inputs to its scripts through the environment, never pasted into the script text', () => {
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) expect(script).not.toMatch(/\$\{\{\s*(inputs|github\.event)\./);
  });
});

/** The text of the step named `name`, up to the next step. */
function step(name: string): string {
  const start = workflow.indexOf(`      - name: ${name}\n`);
  expect(start, name).toBeGreaterThan(-1);
  const next = workflow.indexOf('\n      - ', start + 1);
  return workflow.slice(start, next === -1 ? undefined : next + 1);
}

/** A step's `if:` expression. */
function ifOf(text: string): string {
  return /^ {8}if: (.*)$/m.exec(text)?.[1] ?? '';
}

/** A step's `run: |` script. */
function scriptOf(text: string): string {
  const body = /^ {8}run: \|\n((?: {10}.*\n|\n)+)/m.exec(text)?.[1] ?? '';
  return body.replace(/^ {10}/gm, '');
}

describe('the deploy and purge steps, run as a runner runs them', () => {
  let dir: string;
  let bin: string;
  let api: PurgeApiStandIn;
  const ZONE = '0123456789abcdef0123456789abcdef';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'workflow-steps-'));
    bin = join(dir, 'bin');
    mkdirSync(bin);
    // `npm run purge` runs the real script; any other `npm` records its arguments and exits with FAKE_EXIT.
    writeFileSync(
      join(bin, 'npm'),
      [
        '#!/bin/bash',
        'printf "%s\\n" "$*" >> "$NPM_LOG"',
        'if [ "$1 $2 $3" = "run purge --" ]; then shift 3; exec "$NODE" "$PURGE_SCRIPT" "$@"; fi',
        'exit "${FAKE_EXIT:-0}"',
        '',
      ].join('\n'),
    );
    chmodSync(join(bin, 'npm'), 0o755);
    // A release as the rebuild leaves it: out/current → releases/r1, with its changed routes.
    mkdirSync(join(dir, 'out/releases/r1/faq'), { recursive: true });
    writeFileSync(join(dir, 'out/releases/r1/faq/index.html'), 'x');
    writeFileSync(
      join(dir, 'out/releases/r1/changed-routes.json'),
      JSON.stringify({ added: [], changed: ['/faq'], removed: ['/info/blog/채용'], warnings: [] }),
    );
    symlinkSync('releases/r1', join(dir, 'out/current'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    api = await startPurgeApi();
  });
  afterEach(() => api.close());

  /** Runs a step's script with bash as a runner does (`bash -eo pipefail`); its outputs parsed. */
  async function runStep(name: string, env: Record<string, string>) {
    const npmLog = join(dir, 'npm.log');
    const outputs = join(dir, 'outputs');
    writeFileSync(npmLog, '');
    writeFileSync(outputs, '');
    // Not spawnSync: the stand-in API answers from this process.
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', scriptOf(step(name))], {
      cwd: dir,
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        HOME: dir,
        GITHUB_OUTPUT: outputs,
        NPM_LOG: npmLog,
        NODE: process.execPath,
        PURGE_SCRIPT: fileURLToPath(new URL('../../scripts/publish/cdn-purge.ts', import.meta.url)),
        SITE_URL: 'https://www.insighthire.example',
        CLOUDFLARE_API_BASE: api.url,
        DEPLOY_TARGET: 'deploy@origin.example:/srv/site',
        ...env,
      },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines = readFileSync(outputs, 'utf8').split('\n').filter(Boolean);
    return {
      status,
      stdout,
      npm: readFileSync(npmLog, 'utf8').split('\n').filter(Boolean),
      outputs: Object.fromEntries(lines.map((line) => line.split('=', 2) as [string, string])),
    };
  }

  const deploy = (action: string, exit: number) =>
    runStep('Deploy the published release to the origin', { ACTION: action, FAKE_EXIT: String(exit) });

  it('deploys a rollback with --hold, a resume with --resume, a publish with neither', async () => {
    const command = 'run deploy -- --from out/current --to deploy@origin.example:/srv/site';
    expect((await deploy('rollback', 0)).npm).toEqual([`${command} --hold`]);
    expect((await deploy('resume', 0)).npm).toEqual([`${command} --resume`]);
    expect((await deploy('rebuild', 0)).npm).toEqual([command]);
  });

  it("reports a deploy the host's hold refused (exit 4) as a warning, with nothing to save or purge", async () => {
    const held = await deploy('rebuild', 4);
    expect(held.status).toBe(0);
    expect(held.outputs).toEqual({ code: '4' });
    expect(held.stdout).toMatch(/^::warning::호스트가 되돌린 릴리스를 유지하는 중이라 배포하지 않았습니다/m);
    expect((await deploy('rebuild', 0)).outputs).toEqual({ code: '0', deployed: 'true' });
    // Switched, a later step failed: the host serves it (save, purge), and the job fails at its end.
    expect(await deploy('rebuild', 3)).toMatchObject({ status: 0, outputs: { code: '3', deployed: 'true' } });
    expect(ifOf(step('Fail the job when the rebuild or the deploy failed'))).toContain(
      "steps.upload.outputs.code == '3'",
    );
    expect((await deploy('rebuild', 1)).status).toBe(1);
  });

  const secrets = { CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_PURGE_TOKEN: 'workflow-test-token' };

  it('purges the changed routes of out/current by address after a publish', async () => {
    const run = await runStep('Purge the CDN', { ACTION: 'rebuild', ...secrets });
    expect(run.status).toBe(0);
    expect(run.npm).toEqual(['run purge -- --release out/current']);
    expect(
      api.requests.map((request) => [request.path, request.headers.authorization, request.body]),
    ).toEqual([
      [
        `/client/v4/zones/${ZONE}/purge_cache`,
        'Bearer workflow-test-token',
        {
          files: [
            'https://www.insighthire.example/faq',
            'https://www.insighthire.example/faq/',
            'https://www.insighthire.example/info/blog/%EC%B1%84%EC%9A%A9',
            'https://www.insighthire.example/info/blog/%EC%B1%84%EC%9A%A9/',
          ],
        },
      ],
    ]);
  });

  it('purges everything after a rollback and after a resume', async () => {
    for (const action of ['rollback', 'resume']) {
      api.requests.length = 0;
      const run = await runStep('Purge the CDN', { ACTION: action, ...secrets });
      expect(run.status, action).toBe(0);
      expect(
        api.requests.map((request) => request.body),
        action,
      ).toEqual([{ purge_everything: true }]);
    }
  });

  it('skips the purge with a notice when the secrets are not set', async () => {
    const run = await runStep('Purge the CDN', { ACTION: 'rebuild' });
    expect(run).toMatchObject({ status: 0, npm: [] });
    expect(run.stdout).toMatch(/^::notice::.*CDN 퍼지를 건너뜁니다/m);
    expect(api.requests).toHaveLength(0);
  });

  it('fails the step when the purge fails', async () => {
    api.answers.push({
      status: 403,
      body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] },
    });
    expect((await runStep('Purge the CDN', { ACTION: 'rebuild', ...secrets })).status).toBe(1);
  });
});
