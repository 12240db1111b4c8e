/** Command-line options of `npm run rebuild`. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MIN_RATE_PER_SECOND } from '../../../src/lib/api/polite-fetch.ts';
import { DEFAULT_CONTENT_API_URL } from '../../../src/lib/site-defaults.ts';
import { parseDuration } from '../lib/duration.ts';

export interface RebuildOptions {
  /** The output folder (absolute). */
  out: string;
  rollback: boolean;
  /** Lift the hold a rollback left, then run as usual. */
  resume: boolean;
  /** On a first run, publish even when a list is empty. */
  allowEmpty: boolean;
  /** Releases kept after publishing. */
  keep: number;
  /** Releases current within these days are kept as well (their hashed files: `stage.ts --previous`). */
  keepDays: number;
  /** A list under this share of its previous count stops the run. */
  minRatio: number;
  /** Per-call API time-out in milliseconds. */
  timeoutMs: number;
  /** Build even when nothing changed. */
  force: boolean;
  /** Echo Astro's output. */
  verbose: boolean;
  /** `--every`: poll the API this often (milliseconds), quietly; `null`: run once. */
  everyMs: number | null;
  /** Read the whole API this run, not only the first pages (`--full`). */
  full: boolean;
  /** A poll turns into a full read (a sweep) when the last one is this old (milliseconds). */
  sweepEveryMs: number;
  /** Items whose detail is read again at once (`--item`, the publish hook). */
  items: string[];
  /** API calls started per second at most; `0`: no limit. */
  rate: number;
  /** API calls in flight at once. */
  concurrency: number;
  /** The whole run's time limit in milliseconds; `0`: none. */
  deadlineMs: number;
}

/** Polls closer than this would only queue behind each other's builds. */
const MIN_EVERY_MS = 10_000;

export const USAGE = `사용법: npm run rebuild -- --out 폴더 [옵션]
  --out 폴더        출력 폴더 (current, releases/, cache/ 가 여기에 생깁니다)
  --rollback        current를 게시 기록상 바로 이전의 온전한 릴리스로 되돌리고,
                    --resume 전까지 그 릴리스를 유지합니다 (다음 실행이 같은 빌드를 다시 게시하지 않도록)
  --resume          되돌리기 후의 유지를 풀고 평소처럼 재빌드합니다
  --allow-empty     첫 빌드에서 비어 있는 목록이 있어도 게시합니다
  --keep N          게시 후 남길 릴리스 수 (기본값 5)
  --keep-days N     이 기간(일) 안에 게시 중이었던 릴리스는 --keep 과 상관없이 남깁니다 (기본값 14, 0이면 끔)
  --min-ratio R     목록 항목 수가 이전 릴리스의 R배 미만이면 중단 (기본값 0.5, 0이면 끔)
  --timeout 초      API 요청 한 번의 제한 시간 (기본값 30; 실패하면 간격을 늘려 다시 시도합니다)
  --rate N          초당 API 호출 수 상한 (기본값 10, 0이면 제한 없음; 0.5처럼 소수도 됩니다)
  --concurrency N   동시에 진행하는 API 호출 수 (기본값 4)
  --full            첫 페이지만이 아니라 API 전체를 읽습니다
  --sweep-every 간격  마지막 전체 읽기가 이보다 오래되면 전체를 읽습니다 (기본값 24h)
  --item ID         이 항목의 상세를 바로 다시 읽습니다 (게시 훅; 여러 번 쓸 수 있음)
  --deadline 간격   실행 전체의 제한 시간; 넘으면 빌드를 멈추고 실패로 끝냅니다 (기본값 25m, 0이면 없음)
  --every 간격      끝나지 않고 간격마다 다시 확인합니다 (예: 30s, 5m, 1h). 변경이 없으면 한 줄만 씁니다
  --force           변경이 없어도 빌드합니다
  --verbose         Astro 빌드 출력을 모두 보여 줍니다
환경 변수: PUBLIC_CONTENT_API_URL (기본값 ${DEFAULT_CONTENT_API_URL})`;

/** A bad command line; the message is Korean and followed by the usage. */
export class UsageError extends Error {}

/** Parses `argv` (without the node and script paths). @throws {UsageError} */
// eslint-disable-next-line max-lines-per-function -- the table of options, each checked where it is read
export function parseRebuildArgs(argv: string[], cwd = process.cwd()): RebuildOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        rollback: { type: 'boolean', default: false },
        resume: { type: 'boolean', default: false },
        'allow-empty': { type: 'boolean', default: false },
        keep: { type: 'string', default: '5' },
        'keep-days': { type: 'string', default: '14' },
        'min-ratio': { type: 'string', default: '0.5' },
        timeout: { type: 'string', default: '30' },
        force: { type: 'boolean', default: false },
        every: { type: 'string' },
        full: { type: 'boolean', default: false },
        'sweep-every': { type: 'string', default: '24h' },
        item: { type: 'string', multiple: true, default: [] },
        rate: { type: 'string', default: '10' },
        concurrency: { type: 'string', default: '4' },
        deadline: { type: 'string', default: '25m' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`옵션이 올바르지 않습니다: ${(error as Error).message}`);
  }
  if (values.help) return 'help';
  if (!values.out) throw new UsageError('--out 폴더를 지정해 주세요.');
  if (values.rollback && values.resume)
    throw new UsageError('--rollback 과 --resume 은 함께 쓸 수 없습니다.');
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1)
    throw new UsageError(`--keep 은 1 이상의 정수여야 합니다: ${values.keep}`);
  const keepDays = Number(values['keep-days']);
  if (!Number.isInteger(keepDays) || keepDays < 0)
    throw new UsageError(`--keep-days 는 0 이상의 정수여야 합니다: ${values['keep-days']}`);
  const minRatio = Number(values['min-ratio']);
  if (!Number.isFinite(minRatio) || minRatio < 0 || minRatio > 1) {
    throw new UsageError(`--min-ratio 는 0과 1 사이의 수여야 합니다: ${values['min-ratio']}`);
  }
  const timeout = Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError(`--timeout 은 양수(초)여야 합니다: ${values.timeout}`);
  let everyMs: number | null = null;
  if (values.every !== undefined) {
    everyMs = parseDuration(values.every);
    if (everyMs === null || everyMs < MIN_EVERY_MS)
      throw new UsageError(`--every 는 10초 이상의 간격이어야 합니다 (예: 30s, 5m): ${values.every}`);
    if (values.rollback) throw new UsageError('--every 와 --rollback 은 함께 쓸 수 없습니다.');
  }
  const sweepEveryMs = parseDuration(values['sweep-every']);
  if (sweepEveryMs === null || sweepEveryMs <= 0)
    throw new UsageError(`--sweep-every 는 간격이어야 합니다 (예: 6h, 24h): ${values['sweep-every']}`);
  const rate = Number(values.rate);
  if (!Number.isFinite(rate) || (rate !== 0 && rate < MIN_RATE_PER_SECOND))
    throw new UsageError(
      `--rate 는 0(제한 없음)이거나 ${MIN_RATE_PER_SECOND} 이상의 수여야 합니다 (예: 0.5, 2.5, 10): ${values.rate}`,
    );
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new UsageError(`--concurrency 는 1~64의 정수여야 합니다: ${values.concurrency}`);
  const deadlineMs = values.deadline.trim() === '0' ? 0 : parseDuration(values.deadline);
  if (deadlineMs === null)
    throw new UsageError(`--deadline 은 간격이어야 합니다 (예: 25m, 1h, 0): ${values.deadline}`);
  const items = values.item.map((item) => item.trim()).filter((item) => item !== '');
  if (items.some((item) => item.length > 200 || /[\u0000-\u001f]/.test(item)))
    throw new UsageError('--item 은 200자 이하의 id여야 합니다.');
  if (items.length > 0 && values.rollback)
    throw new UsageError('--item 과 --rollback 은 함께 쓸 수 없습니다.');
  return {
    out: resolve(cwd, values.out),
    full: values.full,
    sweepEveryMs,
    items,
    rate,
    concurrency,
    deadlineMs,
    rollback: values.rollback,
    resume: values.resume,
    allowEmpty: values['allow-empty'],
    keep,
    keepDays,
    minRatio,
    timeoutMs: Math.round(timeout * 1000),
    force: values.force,
    verbose: values.verbose,
    everyMs,
  };
}
