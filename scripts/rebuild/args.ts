/** Command-line options of `npm run rebuild`. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface RebuildOptions {
  /** The output folder (absolute). */
  out: string;
  rollback: boolean;
  /** Releases kept after publishing. */
  keep: number;
  /** A list under this share of its previous count stops the run. */
  minRatio: number;
  /** Per-call API time-out in milliseconds. */
  timeoutMs: number;
  /** Build even when nothing changed. */
  force: boolean;
  /** Echo Astro's output. */
  verbose: boolean;
}

export const USAGE = `사용법: npm run rebuild -- --out 폴더 [옵션]
  --out 폴더        출력 폴더 (current, releases/, cache/ 가 여기에 생깁니다)
  --rollback        current를 바로 이전 릴리스로 되돌립니다
  --keep N          게시 후 남길 릴리스 수 (기본값 5)
  --min-ratio R     목록 항목 수가 이전 릴리스의 R배 미만이면 중단 (기본값 0.5, 0이면 끔)
  --timeout 초      API 호출 하나의 제한 시간 (기본값 30)
  --force           변경이 없어도 빌드합니다
  --verbose         Astro 빌드 출력을 모두 보여 줍니다
환경 변수: PUBLIC_CONTENT_API_URL (기본값 http://127.0.0.1:8787)`;

/** A bad command line; the message is Korean and followed by the usage. */
export class UsageError extends Error {}

/** Parses `argv` (without the node and script paths). @throws {UsageError} */
export function parseRebuildArgs(argv: string[], cwd = process.cwd()): RebuildOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        rollback: { type: 'boolean', default: false },
        keep: { type: 'string', default: '5' },
        'min-ratio': { type: 'string', default: '0.5' },
        timeout: { type: 'string', default: '30' },
        force: { type: 'boolean', default: false },
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
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1) throw new UsageError(`--keep 은 1 이상의 정수여야 합니다: ${values.keep}`);
  const minRatio = Number(values['min-ratio']);
  if (!Number.isFinite(minRatio) || minRatio < 0 || minRatio > 1) {
    throw new UsageError(`--min-ratio 는 0과 1 사이의 수여야 합니다: ${values['min-ratio']}`);
  }
  const timeout = Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw new UsageError(`--timeout 은 양수(초)여야 합니다: ${values.timeout}`);
  return {
    out: resolve(cwd, values.out),
    rollback: values.rollback,
    keep,
    minRatio,
    timeoutMs: Math.round(timeout * 1000),
    force: values.force,
    verbose: values.verbose,
  };
}
