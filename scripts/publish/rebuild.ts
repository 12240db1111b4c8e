/**
 * `npm run rebuild -- --out DIR [--every 5m] [--rollback|--resume] [--keep 5] [--min-ratio 0.5]`:
 * the incremental rebuild. Publishes a new release of the site into `DIR/current` only when the
 * content, the code or the configuration changed and the new build is complete; see
 * `scripts/publish/rebuild/run.ts`. With `--every` it keeps polling, one quiet line per unchanged poll.
 *
 * Exit code 0: published, unchanged, rolled back or held; 1: failed (the published site is
 * untouched); 2: bad command line; 3: published, but a later step (pruning) failed.
 */
import { fileURLToPath } from 'node:url';
import { buildApiUrl } from '../../src/lib/content/build-api.ts';
import { parseRebuildArgs, UsageError, USAGE } from './rebuild/args.ts';
import { createProgress } from './lib/log.ts';
import { outputFolder } from './rebuild/output-folder.ts';
import { EXIT_CODES, runRebuild } from './rebuild/run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

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

const apiUrl = buildApiUrl();
const folder = outputFolder(options.out);

if (options.everyMs === null) {
  // Ctrl-C or a supervisor's SIGTERM stops the run like its deadline: the build (in its own
  // process group) is killed, the lock released, and current left as it was.
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const outcome = await runRebuild(options, {
    root,
    folder,
    apiUrl,
    progress: createProgress(),
    signal: stop.signal,
  });
  process.exitCode = EXIT_CODES[outcome];
} else {
  // Polling: each run as above, quiet unless something changed; a failed poll is reported
  // and the next one tries again. SIGINT/SIGTERM stop the loop, and a run in progress the way
  // its deadline does (API calls and the build stopped, the lock released, current untouched).
  const every = options.everyMs;
  const stop = new AbortController();
  let wake: (() => void) | undefined;
  const onSignal = () => {
    stop.abort();
    wake?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  console.log(`${every / 1000}초마다 콘텐츠 API를 확인합니다 (${apiUrl}). 멈추려면 Ctrl-C.`);
  while (!stop.signal.aborted) {
    const started = Date.now();
    await runRebuild(options, {
      root,
      folder,
      apiUrl,
      progress: createProgress(console.log, console.error, { quiet: true }),
      signal: stop.signal,
    });
    const wait = Math.max(0, every - (Date.now() - started));
    if (!stop.signal.aborted)
      await new Promise<void>((resolve) => {
        // Cleared on a signal: a pending timer would keep the process alive until it fired.
        const timer = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
  }
  console.log('확인을 멈췄습니다.');
}
