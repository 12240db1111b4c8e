/**
 * `npm run takedown -- ID --out DIR [--to TARGET] [--purge]`: the whole road for content that
 * must disappear (a phone number or a candidate's name published by mistake, then deleted or
 * edited out at the content API): reads the API for that item (`rebuild --item ID`), publishes,
 * deploys to the host (`--to`), purges the edge (`--purge`, Cloudflare's variables as for
 * `npm run purge`), and says what it removed where.
 *
 * Each step is the ordinary command run as a child process, so a takedown takes no path a
 * nightly publish does not: the release drops the files that held the text (pages, share
 * pictures, search shards: `changed-routes.json`), the deploy drops withdrawn search shards from
 * the host's pool at once, and the purge names them at the edge.
 *
 * Exit code: the first failing step's (rebuild and deploy: 1 failed, 3 live but a later step
 * failed; purge: non-zero, pending for the next run), else 0.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTakedownArgs, TAKEDOWN_USAGE, type TakedownCommand } from './takedown/args.ts';
import { takedownSummary, type ReleaseRoutes } from './takedown/summary.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs one of the publishing commands, its output passed through; resolves to its exit code. */
function runStep(script: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, script), ...args], { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function readRoutes(release: string): ReleaseRoutes {
  return JSON.parse(readFileSync(join(release, 'changed-routes.json'), 'utf8')) as ReleaseRoutes;
}

async function takedown(command: TakedownCommand): Promise<number> {
  const started = performance.now();
  const release = join(command.out, 'current');
  console.log(`\n▶ 게시 내리기: ${command.item}\n`);
  const rebuilt = await runStep('scripts/publish/rebuild.ts', ['--out', command.out, '--item', command.item]);
  if (rebuilt !== 0) return rebuilt;
  if (command.to) {
    const deployed = await runStep('scripts/publish/deploy.ts', ['--from', release, '--to', command.to]);
    if (deployed !== 0) return deployed;
  }
  if (command.purge) {
    const purged = await runStep('scripts/publish/cdn-purge.ts', [
      '--release',
      release,
      '--out',
      command.out,
    ]);
    if (purged !== 0) return purged;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n${takedownSummary(readRoutes(release), command, seconds).join('\n')}`);
  return 0;
}

let command: TakedownCommand | 'help';
try {
  command = parseTakedownArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${TAKEDOWN_USAGE}`);
  process.exit(2);
}
if (command === 'help') console.log(TAKEDOWN_USAGE);
else process.exitCode = await takedown(command);
