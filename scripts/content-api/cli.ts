/**
 * `npm run content-api -- [--content DIR] [--port N] [--host H] [--public-url URL]
 *   [--latency MS] [--fail-share SHARE] [--rate-limit N] [--retry-after S] [--seed N]`
 *
 * Starts the reference content server. Defaults: the `data` folder beside this file, port
 * `CONTENT_API_PORT` or 8787, host 127.0.0.1. Any of the last five flags switches on the
 * remote API mode (`remote-mode.ts`).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_CONTENT_API_PORT } from '../../src/lib/site-defaults.ts';
import { ContentError } from './load-content.ts';
import type { RemoteOptions } from './remote-mode.ts';
import { startServer } from './server.ts';

const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('./data', import.meta.url));

const USAGE = `사용법: npm run content-api -- [--content 폴더] [--port 번호] [--host 주소] [--public-url 주소]
         [--latency 밀리초] [--fail-share 비율] [--rate-limit 건수] [--retry-after 초] [--seed 번호]
  --content      콘텐츠 폴더 (기본값: ${DEFAULT_CONTENT_DIR})
  --port         포트 (기본값: CONTENT_API_PORT 또는 ${DEFAULT_CONTENT_API_PORT}, 0이면 빈 포트)
  --host         수신 주소 (기본값: 127.0.0.1)
  --public-url   이미지 주소에 쓸 외부 공개 주소 (기본값: 요청 주소)

원격 API 모드 (아래 옵션 중 하나라도 주면 켜집니다. /health는 오류·제한 대상이 아닙니다):
  --latency      모든 응답을 이만큼 늦춤, 밀리초 (예: 100)
  --fail-share   503으로 응답할 요청의 비율, 0~1 (예: 0.02)
  --rate-limit   초당 허용 요청 수, 넘으면 429 (예: 20)
  --retry-after  503 응답의 Retry-After, 초 (기본값: 1)
  --seed         503을 고르는 난수의 시드, 같은 시드면 같은 순서 (기본값: 1)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) {
    fail(`포트 번호가 올바르지 않습니다: ${raw}`);
  }
  return port;
}

/** A number flag; `check` says whether the value is allowed, `expected` says what is. */
function parseNumber(flag: string, raw: string, check: (value: number) => boolean, expected: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !check(value)) {
    fail(`--${flag} 값이 올바르지 않습니다: ${raw} (${expected})`);
  }
  return value;
}

type RemoteFlags = Partial<Record<'latency' | 'fail-share' | 'rate-limit' | 'retry-after' | 'seed', string>>;

/** The remote mode asked for on the command line, or `null` when no remote flag was given. */
function parseRemote(flags: RemoteFlags): RemoteOptions | null {
  const {
    latency,
    'fail-share': failShare,
    'rate-limit': rateLimit,
    'retry-after': retryAfter,
    seed,
  } = flags;
  if ([latency, failShare, rateLimit, retryAfter, seed].every((value) => value === undefined)) return null;
  const options: RemoteOptions = {};
  if (latency !== undefined)
    options.latencyMs = parseNumber('latency', latency, (v) => v >= 0, '0 이상의 밀리초');
  if (failShare !== undefined) {
    options.failShare = parseNumber('fail-share', failShare, (v) => v >= 0 && v <= 1, '0~1 사이의 비율');
  }
  if (rateLimit !== undefined) {
    options.rateLimit = parseNumber(
      'rate-limit',
      rateLimit,
      (v) => Number.isInteger(v) && v > 0,
      '1 이상의 정수',
    );
  }
  if (retryAfter !== undefined) {
    options.retryAfterSeconds = parseNumber(
      'retry-after',
      retryAfter,
      (v) => Number.isInteger(v) && v > 0,
      '1 이상의 정수',
    );
  }
  if (seed !== undefined) options.seed = parseNumber('seed', seed, Number.isInteger, '정수');
  return options;
}

/** One Korean line describing the remote mode, for the start message. */
function describeRemote({
  latencyMs = 0,
  failShare = 0,
  rateLimit,
  retryAfterSeconds = 1,
  seed = 1,
}: RemoteOptions): string {
  const limit = rateLimit === undefined ? '제한 없음' : `초당 ${rateLimit}건`;
  return `원격 API 모드: 지연 ${latencyMs}ms, 503 비율 ${failShare} (Retry-After ${retryAfterSeconds}초), 요청 제한 ${limit}, 시드 ${seed}`;
}

// Over 60 lines because it is the command line: options, start, and shutdown on a signal.
async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        content: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        'public-url': { type: 'string' },
        latency: { type: 'string' },
        'fail-share': { type: 'string' },
        'rate-limit': { type: 'string' },
        'retry-after': { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const contentDir = values.content === undefined ? DEFAULT_CONTENT_DIR : resolve(values.content);
  // An empty CONTENT_API_PORT counts as unset, as shells often export empty variables.
  const port = parsePort(
    values.port ?? (process.env['CONTENT_API_PORT'] || String(DEFAULT_CONTENT_API_PORT)),
  );
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !URL.canParse(publicUrl))
    fail(`공개 주소가 올바르지 않습니다: ${publicUrl}`);
  const remote = parseRemote(values);

  // Signal handlers go in before the start line is printed, so a supervisor that stops the
  // server as soon as it announces itself still gets a clean exit.
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  let closing = false;
  const shutdown = () => {
    // A second Ctrl+C while closing exits at once.
    if (closing || !running) process.exit(closing ? 1 : 0);
    closing = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    running = await startServer({ contentDir, port, host: values.host, publicUrl, remote });
  } catch (error) {
    if (error instanceof ContentError) fail(`콘텐츠 파일 오류: ${error.message}`);
    fail(`콘텐츠 API를 시작하지 못했습니다: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`콘텐츠 API: ${running.url} (콘텐츠 폴더: ${contentDir})`);
  if (remote !== null) console.log(describeRemote(remote));
}

await main();
