/**
 * `npm run purge -- --release out/current` (the routes a publish changed) or
 * `npm run purge -- --everything` (after a rollback or a resume): purges Cloudflare's edge cache
 * through its API, so a published edit is live at once rather than when the edge's copy expires.
 * The token comes from CLOUDFLARE_PURGE_TOKEN only (scripts/publish/cdn-purge/args.ts).
 * What earlier runs left in the output folder's `pending-purge.json` goes first, and what this
 * run cannot purge (an API failure, or `--deadline`, 10 minutes by default) stays there.
 *
 * Exit code 0: purged (or nothing to purge, or a dry run); 1: failed, what is left named and kept
 * pending; 2: bad command line.
 */
import { parsePurgeArgs, UsageError, USAGE } from './cdn-purge/args.ts';
import { runPurge } from './cdn-purge/run.ts';

let command;
try {
  // npm runs scripts in the project root; relative paths mean relative to where npm was run.
  command = parsePurgeArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

if (command.kind === 'help') console.log(USAGE);
else process.exitCode = await runPurge(command);
