/**
 * `npm run deploy -- --from out/current --to user@host:/srv/site [--keep-days 14] [--dry-run]
 * [--hold | --resume]`:
 * puts a release on a plain host (nginx) without a moment where a page's scripts are missing,
 * and keeps the files of recent releases for pages still open or cached (scripts/publish/deploy/run.ts).
 * `npm run deploy -- --nginx-config --root /srv/site --headers out/current/_headers` prints the
 * matching nginx config, made from a release's `_headers` (public/_headers and the home's hero
 * preload the build adds; scripts/publish/deploy/nginx-config.ts).
 *
 * Exit code 0: deployed (or already live, or a dry run); 1: failed, the live site untouched;
 * 2: bad command line; 3: switched, but a later step (record, pruning) failed; 4: the host holds
 * another release (`--hold`), nothing changed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { headersFor, parseHeadersFile } from './lib/headers-file.ts';
import { parseDeployArgs, UsageError, USAGE } from './deploy/args.ts';
import { nginxConfig, NginxConfigError } from './deploy/nginx-config.ts';
import { DEPLOY_DEADLINE_MS } from './deploy/lock.ts';
import { EXIT_CODES, runDeploy } from './deploy/run.ts';
import { createProgress } from './lib/log.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

let command;
try {
  // npm runs scripts in the project root; relative paths mean relative to where npm was run.
  command = parseDeployArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd(), root);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

if (command.kind === 'help') {
  console.log(USAGE);
} else if (command.kind === 'nginx-config') {
  let text: string;
  try {
    text = readFileSync(command.headers, 'utf8');
  } catch {
    console.error(`헤더 규칙 파일을 읽을 수 없습니다: ${command.headers}`);
    process.exit(1);
  }
  const rules = parseHeadersFile(text);
  // The hero's preload names hashed files: only a build's _headers has it (src/integrations/hero-preload/).
  if (!Object.keys(headersFor(rules, '/index.html')).some((name) => name.toLowerCase() === 'link'))
    console.error(
      `참고: ${command.headers}에는 홈 대표 이미지의 Link 헤더가 없습니다. 빌드한 사이트의 _headers로 만드세요 (--headers out/current/_headers).`,
    );
  try {
    const shown = `npm run deploy -- --nginx-config --root ${command.root}`;
    process.stdout.write(nginxConfig({ ...command, rules, command: shown }));
  } catch (error) {
    if (!(error instanceof NginxConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
} else {
  // Ctrl-C, a CI job's cancel or the deadline stops the uploads and releases the host's lock;
  // the switch, once started, runs to its end. The deadline is what lets a later deploy take
  // over a lock older than any deploy can be (deploy/lock.ts).
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const deadline = setTimeout(() => {
    console.error(`배포 제한 시간(${DEPLOY_DEADLINE_MS / 60_000}분)이 지나 멈춥니다.`);
    stop.abort();
  }, DEPLOY_DEADLINE_MS);
  const outcome = await runDeploy(command, {
    progress: createProgress(),
    fallbackHeaders: `${root}public/_headers`,
    signal: stop.signal,
  });
  clearTimeout(deadline);
  process.exitCode = EXIT_CODES[outcome];
}
