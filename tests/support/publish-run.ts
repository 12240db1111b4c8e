/**
 * What the whole-run tests of the publishing pipeline (tests/rebuild, tests/deploy,
 * tests/cloudflare) share: a work folder with a copy of the reference content for the reference
 * server to serve (tests edit the copy), and the pipeline's scripts run the way npm runs them.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the scripts run from here, as npm runs them. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The reference server's own content, which tests never edit. */
export const REFERENCE_CONTENT = join(ROOT, 'scripts', 'content-api', 'data');

export interface WorkFolder {
  work: string;
  /** A copy of the reference content, for the reference server and for tests to edit. */
  contentDir: string;
  /** Where the rebuild writes (`--out`); made by the first run. */
  out: string;
}

/**
 * A fresh folder for one test's files, under the project's git-ignored `.cache/test-work/`. Inside
 * the project on purpose: an `astro build` whose output folder lies outside the working directory
 * writes its server chunks to the project's own `.astro/.prerender/`, where two builds side by
 * side break each other; with the output inside, each build keeps them in its own output folder,
 * and the whole-run files can run two at a time.
 */
export function makeTestFolder(prefix: string): string {
  const parent = join(ROOT, '.cache', 'test-work');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}

/** A fresh test folder holding a copy of the reference content. */
export function makeWorkFolder(prefix: string): WorkFolder {
  const work = makeTestFolder(prefix);
  const contentDir = join(work, 'content');
  copyReferenceContent(contentDir);
  return { work, contentDir, out: join(work, 'out') };
}

/** Copies the reference content to `dir`. */
export function copyReferenceContent(dir: string): void {
  cpSync(REFERENCE_CONTENT, dir, { recursive: true });
}

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall-clock time of the run. */
  seconds: number;
}

/** Runs a node script of the repository (`scripts/publish/deploy.ts`, …) from the root. */
export function runScript(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ScriptRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) =>
      resolve({ code: code ?? 1, stdout, stderr, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/**
 * Runs `npm run rebuild -- --out OUT ARGS` against the content API at `apiUrl`. No GitHub output
 * file, even when the tests themselves run in a GitHub job.
 */
export function runRebuildCli(
  out: string,
  apiUrl: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ScriptRun> {
  return runScript('scripts/publish/rebuild.ts', ['--out', out, ...args], {
    PUBLIC_CONTENT_API_URL: apiUrl,
    GITHUB_OUTPUT: '',
    ...env,
  });
}
