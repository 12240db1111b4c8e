// @vitest-environment node
/**
 * The example CI workflows that rebuild and deploy, read as text: the rules a reviewer would
 * otherwise have to remember. site-rebuild.yml is the job (restore, rebuild, deploy, purge);
 * nightly-rebuild.yml starts it on the schedule and the content team's publish hook, which may ask
 * for one item and nothing else; publish-admin.yml starts it by hand behind a reviewer, for
 * rollback, resume and the guard's overrides. The job's scripts are also run with bash as a
 * runner would, with a stand-in `npm` (deploy exit codes) and the real purge script against a
 * stand-in of Cloudflare's API.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPurgeApi, type PurgeApiStandIn } from './purge-api.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readWorkflow = (name: string) => readFileSync(join(root, '.github/workflows', name), 'utf8');
/** The job every run runs (`workflow_call` only). */
const workflow = readWorkflow('site-rebuild.yml');
/** The schedule and the publish hook. */
const hook = readWorkflow('nightly-rebuild.yml');
/** Rollback, resume and the guard's overrides, by hand, behind a reviewer. */
const admin = readWorkflow('publish-admin.yml');
const all = { 'site-rebuild.yml': workflow, 'nightly-rebuild.yml': hook, 'publish-admin.yml': admin };
/** The shell scripts of the `run: |` steps of `text`. */
const scriptsOf = (text: string) =>
  [...text.matchAll(/run: \|\n((?: {10}.*\n|\n)+)/g)].map((match) => match[1]!);
const scripts = scriptsOf(workflow);
/** The `on:` block of a workflow. */
const triggersOf = (text: string) => /^on:\n((?: {2}.*\n|\n)+)/m.exec(text)?.[1] ?? '';
/** The inputs a workflow's `on:` block names (`action:`, `item:`…). */
const inputsOf = (text: string) =>
  [...triggersOf(text).matchAll(/^ {6}([\w-]+):$/gm)].map((match) => match[1]!);

describe('the rebuild workflow', () => {
  it('asks for no more than reading the repository, in every workflow', () => {
    for (const [name, text] of Object.entries(all)) {
      expect(text, name).toMatch(/^permissions:\n {2}contents: read\n/m);
      expect(text, name).not.toMatch(/^\s*[\w-]+: write\s*$/m);
    }
  });

  it('can be started by nothing but the two workflows that call it', () => {
    expect(triggersOf(workflow)).toMatch(/^ {2}workflow_call:\n/);
    expect(triggersOf(workflow)).not.toMatch(/^ {2}(?!workflow_call:)\w+:/m);
    expect(inputsOf(workflow)).toEqual(['action', 'item', 'full', 'min_ratio', 'allow_empty']);
    for (const text of [hook, admin])
      expect([...text.matchAll(/^\s*uses: (.*)$/gm)].map((match) => match[1])).toEqual([
        './.github/workflows/site-rebuild.yml',
      ]);
  });

  it('deletes no Actions cache, whoever started it', () => {
    for (const [name, text] of Object.entries(all)) {
      expect(text, name).not.toMatch(/gh cache delete|actions\/caches|gh-actions-cache|-X DELETE/i);
      expect(text, name).not.toMatch(/^\s*uses: actions\/cache\/(?!restore@|save@)/m);
    }
  });

  it('runs a rollback in a concurrency group of its own, so no queued hook can replace it', () => {
    // In the job, shared by both callers; not in the callers, where a run waiting for its
    // reviewer would hold back every publish.
    expect(workflow).toMatch(
      /^ {4}concurrency:\n {6}group: site-rebuild-\$\{\{ inputs\.action == 'rollback' && 'rollback' \|\| 'publish' \}\}\n {6}cancel-in-progress: false\n/m,
    );
    for (const text of [hook, admin]) expect(text).not.toContain('concurrency:');
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

  it('saves the output folder after the purge, whatever it did, with the routes it left pending; a failed purge fails the job', () => {
    expect(workflow.indexOf('- name: Save the output folder')).toBeGreaterThan(
      workflow.indexOf('- name: Purge the CDN'),
    );
    expect(step('Purge the CDN')).toMatch(/^ {8}continue-on-error: true$/m);
    for (const name of ['Restore the output folder (releases, history, hold)', 'Save the output folder'])
      expect(step(name), name).toMatch(/^ {12}out\/pending-purge\.json$/m);
    expect(ifOf(step('Fail the job when the rebuild, the deploy or the purge failed'))).toContain(
      "steps.purge.outcome == 'failure'",
    );
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
    for (const text of Object.values(all))
      for (const script of scriptsOf(text)) expect(script).not.toMatch(/\$\{\{[^}]*(inputs|github\.event)/);
    for (const line of admin.match(/^ +run: (?!\|).*$/gm) ?? []) expect(line).not.toContain('${{');
  });

  it('passes the item to the rebuild as one word, so an id is never read as an option', () => {
    expect(scriptOf(step('Rebuild'))).toContain('[ -n "$ITEM" ] && args+=("--item=$ITEM")');
  });
});

describe('the publish hook (nightly-rebuild.yml)', () => {
  it('is started by the schedule and by repository_dispatch of type publish, nothing else', () => {
    expect(triggersOf(hook)).toBe(
      "  schedule:\n    - cron: '0 18 * * *' # 03:00 KST, a safety net behind the publish hook\n  repository_dispatch:\n    types: [publish]\n\n",
    );
    // No workflow_dispatch: its inputs are what let a token ask for a rollback or a guard override.
    expect(hook).not.toMatch(/workflow_dispatch:|^ {4}inputs:/m);
  });

  it('asks the job for a plain rebuild with one item, read from the payload and nothing else of it', () => {
    const call = hook.slice(hook.indexOf('\n  rebuild:\n'));
    expect(call).toBe(`
  rebuild:
    needs: payload
    uses: ./.github/workflows/site-rebuild.yml
    with:
      action: rebuild
      item: \${{ github.event.client_payload.item || '' }}
      full: \${{ github.event_name == 'schedule' }}
`);
    expect(hook.match(/client_payload\.\w+/g)).toEqual(['client_payload.item']);
  });

  it('says which token the hook needs, honestly: Contents write, no Actions, no Workflows', () => {
    const header = hook.slice(0, hook.indexOf('\nname:')).replace(/\n#\s*/g, ' ');
    expect(header).toMatch(/"Contents: read and write"/);
    expect(header).toMatch(/could also push commits/);
    expect(header).toMatch(/no\s+"Workflows" permission/);
    expect(header).toMatch(/no "Actions" permission[\s\S]*delete the Actions caches/);
  });

  const checkPayload = (event: string, payload: unknown) =>
    spawnSync(
      'bash',
      [
        '--noprofile',
        '--norc',
        '-eo',
        'pipefail',
        '-c',
        scriptOf(step("Check the publish hook's payload", hook)),
      ],
      {
        env: { PATH: process.env.PATH, EVENT: event, PAYLOAD: JSON.stringify(payload) },
        encoding: 'utf8',
      },
    );

  it('refuses a payload with any key but item, or an item that is not text', () => {
    expect(checkPayload('repository_dispatch', { item: 'hr-0034' }).status).toBe(0);
    for (const payload of [
      { item: 'hr-0034', action: 'resume' },
      { item: 'hr-0034', min_ratio: '0' },
      { action: 'rollback' },
      { allow_empty: true },
      { item: 34 },
      {},
      null,
    ]) {
      const run = checkPayload('repository_dispatch', payload);
      expect(run.status, JSON.stringify(payload)).toBe(1);
      expect(run.stdout).toMatch(/^::error::게시 훅의 client_payload 는/m);
    }
    expect(checkPayload('schedule', null).status).toBe(0);
  });
});

describe('the admin workflow (publish-admin.yml)', () => {
  it('is started by hand only, with the inputs the hook cannot send', () => {
    expect(triggersOf(admin)).toMatch(/^ {2}workflow_dispatch:\n {4}inputs:\n/);
    expect(triggersOf(admin)).not.toMatch(/^ {2}(?!workflow_dispatch:)\w+:/m);
    expect(inputsOf(admin)).toEqual(['action', 'item', 'full', 'min_ratio', 'allow_empty']);
    expect(admin).toMatch(/options: \[rebuild, rollback, resume\]/);
  });

  it('runs nothing before a reviewer of the production-admin environment approves', () => {
    expect(admin).toMatch(/^ {2}approve:\n(?: {4}.*\n)*? {4}environment: production-admin\n/m);
    expect(admin).toMatch(/^ {2}rebuild:\n {4}needs: approve\n {4}uses: /m);
    // Only those two jobs: nothing runs beside the gate.
    expect([...admin.matchAll(/^ {2}([\w-]+):$/gm)].map((match) => match[1])).toEqual([
      'workflow_dispatch',
      'approve',
      'rebuild',
    ]);
    expect(admin.slice(0, admin.indexOf('\nname:'))).toMatch(/Required reviewers/);
  });
});

describe("the job's input check, run as a runner runs it", () => {
  const check = (env: Record<string, string>) =>
    spawnSync(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', scriptOf(step('Check the inputs'))],
      {
        // The project's root: the check imports the site's own id rule. `node` is the pinned one.
        cwd: root,
        env: { PATH: process.env.PATH, ACTION: 'rebuild', ...env },
        encoding: 'utf8',
      },
    );

  it('accepts the ids the site builds pages for, and no item at all', () => {
    for (const item of ['', 'hr-0034', '인사이트-채용', 'web3.0', 'a~b_c'])
      expect(check({ ITEM: item }).status, item).toBe(0);
  });

  it('refuses any other item, and an unknown action, before any cache or secret is touched', () => {
    for (const item of ['.env', '..', 'a b', 'a/b', '$(touch x)', 'hr-1\n::error::x', 'x'.repeat(201)]) {
      const run = check({ ITEM: item });
      expect(run.status, item).toBe(1);
      expect(run.stdout, item).toMatch(/^::error::item 은 사이트가 받는 항목 id여야 합니다/m);
    }
    expect(check({ ACTION: 'delete-caches' }).status).toBe(1);
    const order = ['Check the inputs', 'Restore the build caches', 'Rebuild'].map((name) =>
      workflow.indexOf(`- name: ${name}\n`),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

/** The text of the step named `name` (of the job, or of `text`), up to the next step or job. */
function step(name: string, text = workflow): string {
  const start = text.indexOf(`      - name: ${name}\n`);
  expect(start, name).toBeGreaterThan(-1);
  const end = /\n {6}- |\n\n {2}\w/.exec(text.slice(start + 1));
  return text.slice(start, end ? start + 1 + end.index + 1 : undefined);
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
    expect(ifOf(step('Fail the job when the rebuild, the deploy or the purge failed'))).toContain(
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
