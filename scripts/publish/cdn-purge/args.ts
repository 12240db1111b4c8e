/** Command-line options of `npm run purge`; the token comes from the environment only. */
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDuration } from '../lib/duration.ts';
import { DEFAULT_API_BASE } from './cloudflare.ts';

/** Addresses per call by default: Cloudflare's purge-by-URL limit on its Free, Pro and Business plans. */
export const DEFAULT_BATCH = 30;

/**
 * Above this many addresses one purge-everything replaces the batches: a change to every page
 * (a new stylesheet) is over a thousand addresses, minutes of rate-limited calls on the smaller
 * plans, while the edge refills from the origin in one request per page anyway.
 */
export const DEFAULT_MAX_URLS = 300;

/**
 * A purge run ends by this, whatever the API answers: a storm of 429s would otherwise keep a CI
 * job waiting up to 30 refusals of a minute per call. What is left stays pending for the next run.
 */
export const DEFAULT_DEADLINE = '10m';

export type PurgeCommand =
  | { kind: 'help' }
  | {
      kind: 'purge';
      /** The release folder whose `changed-routes.json` names the routes; `null`: purge everything. */
      release: string | null;
      /** The site's public address (`--site` or `SITE_URL`); unused when purging everything. */
      site: string;
      zoneId: string;
      /** Empty only in a dry run. */
      token: string;
      api: string;
      batch: number;
      /** More addresses than this: purge everything instead. */
      maxUrls: number;
      /** The whole run's time limit (ms). */
      deadlineMs: number;
      /**
       * The rebuild's output folder whose `pending-purge.json` is read and updated (`--out`);
       * `null`: the one `release` lies in, if it lies in one.
       */
      out: string | null;
      dryRun: boolean;
    };

export const USAGE = `사용법: npm run purge -- --release 릴리스폴더 [옵션]     바뀐 경로만 퍼지 (changed-routes.json)
       npm run purge -- --everything [옵션]               영역(zone)의 캐시 전체를 퍼지 (되돌리기, 재개 뒤)

Cloudflare의 캐시 퍼지 API를 부릅니다. 토큰은 환경 변수로만 받습니다 (명령줄·로그에 남지 않도록):
  CLOUDFLARE_PURGE_TOKEN   한 영역의 캐시 퍼지(Zone.Cache Purge) 권한만 가진 API 토큰
  CLOUDFLARE_ZONE_ID       영역 ID (또는 --zone)
  SITE_URL                 사이트 주소, 예: https://www.example.com (또는 --site)

  --release 폴더     이 릴리스의 changed-routes.json 에 있는 경로(added, changed, removed)를 퍼지합니다
                     (예: out/current; 페이지는 /faq 와 /faq/ 두 형태 모두)
  --everything       캐시 전체를 퍼지합니다
  --site 주소        사이트 주소 (기본값: 환경 변수 SITE_URL)
  --zone ID          영역 ID (기본값: 환경 변수 CLOUDFLARE_ZONE_ID)
  --batch N          호출 한 번에 보낼 주소 수 (기본값 ${DEFAULT_BATCH}; 1–500, 요금제의 한도에 맞게)
  --api 주소         API 주소 (기본값: 환경 변수 CLOUDFLARE_API_BASE, 없으면 ${DEFAULT_API_BASE})
  --max-urls N       주소가 N개를 넘으면 캐시 전체를 퍼지합니다 (기본값 ${DEFAULT_MAX_URLS})
  --deadline 간격    실행 전체의 제한 시간 (기본값 ${DEFAULT_DEADLINE}; 예: 90s, 10m); 넘으면 남은 것을
                     pending-purge.json 에 남기고 실패로 끝납니다
  --out 폴더         재빌드의 출력 폴더: 그 pending-purge.json (지난 퍼지가 끝내지 못한 경로)을
                     먼저 퍼지하고, 퍼지하지 못한 것을 남깁니다 (기본값: --release 가 들어 있는 출력 폴더)
  --dry-run          퍼지할 주소만 출력하고 API는 부르지 않습니다

종료 코드: 0 퍼지됨 (또는 퍼지할 경로 없음, --dry-run), 1 실패 (남은 것은 pending-purge.json 에), 2 명령줄 오류`;

/** A bad command line; the message is Korean and followed by the usage. */
export class UsageError extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The API base, checked: https, or http to this machine only (a stand-in in tests). */
function apiBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`API 주소가 올바르지 않습니다: ${value}`);
  }
  const local = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if ((url.protocol !== 'https:' && !local) || url.search || url.hash || url.username)
    throw new UsageError(`API 주소는 https 주소여야 합니다 (http는 이 컴퓨터의 주소만): ${value}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The options as given, defaults from the environment filled in. @throws {UsageError} */
function readOptions(argv: string[], env: Record<string, string | undefined>) {
  try {
    return parseArgs({
      args: argv,
      options: {
        release: { type: 'string' },
        everything: { type: 'boolean', default: false },
        site: { type: 'string', default: env.SITE_URL?.trim() ?? '' },
        zone: { type: 'string', default: env.CLOUDFLARE_ZONE_ID?.trim() ?? '' },
        batch: { type: 'string', default: String(DEFAULT_BATCH) },
        'max-urls': { type: 'string', default: String(DEFAULT_MAX_URLS) },
        deadline: { type: 'string', default: DEFAULT_DEADLINE },
        out: { type: 'string' },
        api: { type: 'string', default: env.CLOUDFLARE_API_BASE?.trim() || DEFAULT_API_BASE },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(`옵션이 올바르지 않습니다: ${(error as Error).message}`);
  }
}

/** Parses `argv` (without the node and script paths). @throws {UsageError} */
export function parsePurgeArgs(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined> = process.env,
): PurgeCommand {
  // Named without its value: a token typed on a command line ends up in shell histories and CI logs.
  if (argv.some((arg) => /^--(api-)?token(=|$)/.test(arg)))
    throw new UsageError('토큰은 명령줄로 받지 않습니다: 환경 변수 CLOUDFLARE_PURGE_TOKEN 에 넣어 주세요.');
  const values = readOptions(argv, env);
  if (values.help) return { kind: 'help' };

  if (values.everything === Boolean(values.release))
    throw new UsageError('--release 폴더 또는 --everything 중 하나를 지정해 주세요.');
  if (!/^[1-9]\d*$/.test(values.batch) || Number(values.batch) > 500)
    throw new UsageError(`--batch 는 1에서 500 사이의 정수여야 합니다: ${values.batch}`);
  if (!/^[1-9]\d*$/.test(values['max-urls']))
    throw new UsageError(`--max-urls 는 1 이상의 정수여야 합니다: ${values['max-urls']}`);
  const deadlineMs = parseDuration(values.deadline);
  if (deadlineMs === null || deadlineMs < 1_000)
    throw new UsageError(`--deadline 은 1초 이상의 간격이어야 합니다 (예: 90s, 10m): ${values.deadline}`);
  if (values.release && !values.site)
    throw new UsageError('사이트 주소를 --site 또는 환경 변수 SITE_URL 로 지정해 주세요.');
  const dryRun = values['dry-run'];
  const token = env.CLOUDFLARE_PURGE_TOKEN?.trim() ?? '';
  if (!dryRun) {
    if (!token) throw new UsageError('환경 변수 CLOUDFLARE_PURGE_TOKEN 에 퍼지 토큰을 넣어 주세요.');
    if (!values.zone)
      throw new UsageError('영역 ID를 --zone 또는 환경 변수 CLOUDFLARE_ZONE_ID 로 지정해 주세요.');
  }
  if (values.zone && !/^[0-9a-f]{32}$/i.test(values.zone))
    throw new UsageError(`영역 ID는 32자리 16진수입니다 (Cloudflare 대시보드의 Zone ID): ${values.zone}`);
  const release = values.release ?? null;
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  return {
    kind: 'purge',
    release: release === null ? null : absolute(release),
    site: values.site,
    zoneId: values.zone,
    token,
    api: apiBase(values.api),
    batch: Number(values.batch),
    maxUrls: Number(values['max-urls']),
    deadlineMs,
    out: values.out === undefined ? null : absolute(values.out),
    dryRun,
  };
}
