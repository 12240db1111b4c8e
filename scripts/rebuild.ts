/**
 * `npm run rebuild -- --out DIR [--rollback] [--keep 5] [--min-ratio 0.5]`: the nightly
 * incremental rebuild. Publishes a new release of the site into `DIR/current` only when the
 * content or the code changed and the new build is complete; see `scripts/rebuild/run.ts`.
 *
 * Exit code 0: published, unchanged or rolled back; 1: failed (the published site is untouched);
 * 2: bad command line.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_URL } from '../src/lib/content/build-api.ts';
import { parseRebuildArgs, UsageError, USAGE } from './rebuild/args.ts';
import { createProgress } from './rebuild/log.ts';
import { runRebuild } from './rebuild/run.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

let options;
try {
  // npm runs scripts in the project root; a relative --out means relative to where npm was run.
  options = parseRebuildArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}

const apiUrl = process.env.PUBLIC_CONTENT_API_URL || DEFAULT_API_URL;
const outcome = await runRebuild(options, { root, apiUrl, progress: createProgress() });
process.exitCode = outcome === 'failed' ? 1 : 0;
