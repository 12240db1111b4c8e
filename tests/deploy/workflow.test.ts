/**
 * The example CI workflow that rebuilds and deploys (.github/workflows/nightly-rebuild.yml), read
 * as text: the rules a reviewer would otherwise have to remember.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

  it('purges everything after a rollback and after a resume', () => {
    expect(workflow).toMatch(/\[ "\$ACTION" = rollback \] \|\| \[ "\$ACTION" = resume \]/);
  });

  it('saves the build caches after any run, and the releases only after a successful upload', () => {
    expect(workflow).toMatch(/name: Save the build caches \(after any run\)\n\s+if: always\(\)/);
    expect(workflow).toMatch(/name: Save the output folder\n\s+if: steps\.upload\.outcome == 'success'/);
  });

  it('hands inputs to its scripts through the environment, never pasted into the script text', () => {
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) expect(script).not.toMatch(/\$\{\{\s*(inputs|github\.event)\./);
  });
});
