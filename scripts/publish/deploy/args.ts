/** Command-line options of `npm run deploy`. */
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseTarget, TargetError, type Target } from './target.ts';

/** The fewest days `--keep-days` allows: open tabs and edge caches outlive a few days' deploys. */
export const MIN_KEEP_DAYS = 7;
export const DEFAULT_KEEP_DAYS = 14;

export type DeployCommand =
  | { kind: 'help' }
  | {
      kind: 'deploy';
      from: string;
      target: Target;
      keepDays: number;
      dryRun: boolean;
      ssh: string;
      /** `--hold`: hold this release on the host; `--resume`: lift the host's hold first. */
      hold: 'hold' | 'resume' | null;
    }
  | { kind: 'nginx-config'; root: string; listen: string; serverName: string; headers: string };

export const USAGE = `사용법: npm run deploy -- --from 릴리스폴더 --to 대상 [옵션]
       npm run deploy -- --nginx-config --root 호스트경로 [--listen 80] [--server-name 이름] > site.conf

배포 (해시 파일 먼저, 페이지는 새 릴리스 폴더로, 그다음 current를 한 번에 전환):
  --from 폴더        올릴 릴리스 폴더 (예: out/current)
  --to 대상          로컬 폴더 경로, 또는 ssh로 user@host:/srv/site
                     대상에 assets/ (해시 파일 풀), releases/<id>/, current, deploys.jsonl 이 생깁니다
  --keep-days N      이 기간(일) 안에 게시 중이었던 릴리스와 그 해시 파일은 지우지 않습니다
                     (게시가 끝난 때부터 셉니다; 기본값 ${DEFAULT_KEEP_DAYS}, 최소 ${MIN_KEEP_DAYS})
  --hold             배포(또는 다시 전환)하고 호스트에 이 릴리스를 유지하도록 기록합니다 (hold.json; 되돌리기용).
                     유지 중에는 다른 릴리스의 배포가 아무것도 바꾸지 않고 코드 4로 끝납니다
  --resume           호스트의 유지를 푼 뒤 평소처럼 배포합니다
  --ssh 명령         원격 대상에 쓸 ssh 명령 (기본값: 환경 변수 DEPLOY_SSH, 없으면 ssh;
                     예: "ssh -i ~/.ssh/deploy -o StrictHostKeyChecking=yes")
  --dry-run          무엇을 올리고 전환하고 지울지 출력만 하고, 호스트는 바꾸지 않습니다

nginx 설정 (빌드한 사이트의 _headers 에서 만들어 표준 출력으로 씁니다):
  --nginx-config     nginx 설정을 출력합니다 (http { } 안에 include 하세요)
  --root 경로        호스트의 배포 폴더 (--to 의 경로와 같게)
  --listen 값        nginx listen 값 (기본값 80; 예: 127.0.0.1:8080)
  --server-name 이름 nginx server_name 값 (기본값 _ : 모든 이름)
  --headers 파일     헤더 규칙 파일 (예: out/current/_headers; 기본값 public/_headers 에는
                     빌드가 더하는 홈 대표 이미지의 Link 헤더가 없습니다)

종료 코드: 0 배포됨 (또는 이미 게시 중, --dry-run), 1 실패 (게시된 사이트는 그대로),
          2 명령줄 오류, 3 전환은 됐지만 그 뒤 단계(기록, 정리)가 실패,
          4 호스트가 다른 릴리스를 유지하는 중이라 배포하지 않음 (아무것도 바꾸지 않음; --resume 으로 해제)`;

/** A bad command line; the message is Korean and followed by the usage. */
export class UsageError extends Error {}

/** Parses `argv` (without the node and script paths). @throws {UsageError} */
export function parseDeployArgs(
  argv: string[],
  cwd: string,
  projectRoot: string,
  env: Record<string, string | undefined> = process.env,
): DeployCommand {
  const values = readOptions(argv, env);
  if (values.help) return { kind: 'help' };
  return values['nginx-config'] ? nginxConfigCommand(values, cwd, projectRoot) : deployCommand(values, cwd);
}

/** The options as written, before any check. @throws {UsageError} */
function readOptions(argv: string[], env: Record<string, string | undefined>) {
  try {
    return parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        'keep-days': { type: 'string', default: String(DEFAULT_KEEP_DAYS) },
        // A CI job sets the key and known_hosts once in DEPLOY_SSH.
        ssh: { type: 'string', default: env.DEPLOY_SSH?.trim() || 'ssh' },
        'dry-run': { type: 'boolean', default: false },
        hold: { type: 'boolean', default: false },
        resume: { type: 'boolean', default: false },
        'nginx-config': { type: 'boolean', default: false },
        root: { type: 'string' },
        listen: { type: 'string', default: '80' },
        'server-name': { type: 'string', default: '_' },
        headers: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(`옵션이 올바르지 않습니다: ${(error as Error).message}`);
  }
}

type WrittenOptions = ReturnType<typeof readOptions>;

/**
 * `--nginx-config`: the host's deploy folder, where nginx listens, and the headers file.
 * @throws {UsageError}
 */
function nginxConfigCommand(values: WrittenOptions, cwd: string, projectRoot: string): DeployCommand {
  if (values.from || values.to || values['dry-run'] || values.hold || values.resume)
    throw new UsageError(
      '--nginx-config 는 --from, --to, --dry-run, --hold, --resume 과 함께 쓸 수 없습니다.',
    );
  if (!values.root)
    throw new UsageError('--root 로 호스트의 배포 폴더를 지정해 주세요 (예: --root /srv/site).');
  if (!isAbsolute(values.root)) throw new UsageError(`--root 는 절대 경로여야 합니다: ${values.root}`);
  let root: string;
  try {
    ({ path: root } = parseTarget(values.root, '/'));
  } catch (error) {
    throw new UsageError(
      error instanceof TargetError ? error.message.replace('대상 경로', '--root 경로') : String(error),
    );
  }
  if (!/^(?:\[[0-9a-fA-F:]+\]:|[A-Za-z0-9.-]+:)?[0-9]{1,5}$/.test(values.listen)) {
    throw new UsageError(
      `--listen 은 포트 또는 주소:포트여야 합니다 (예: 80, 127.0.0.1:8080): ${values.listen}`,
    );
  }
  if (!/^[A-Za-z0-9.*_-]+(?: [A-Za-z0-9.*_-]+)*$/.test(values['server-name'])) {
    throw new UsageError(`--server-name 이 올바르지 않습니다: ${values['server-name']}`);
  }
  return {
    kind: 'nginx-config',
    root,
    listen: values.listen,
    serverName: values['server-name'],
    headers: values.headers ? resolve(cwd, values.headers) : resolve(projectRoot, 'public/_headers'),
  };
}

/** A deploy: the release folder, the target and how long old releases stay. @throws {UsageError} */
function deployCommand(values: WrittenOptions, cwd: string): DeployCommand {
  if (values.root || values.headers)
    throw new UsageError('--root, --headers 는 --nginx-config 와 함께 씁니다.');
  if (!values.from)
    throw new UsageError('--from 으로 올릴 릴리스 폴더를 지정해 주세요 (예: --from out/current).');
  if (!values.to) throw new UsageError('--to 로 대상을 지정해 주세요 (로컬 폴더 또는 user@host:/srv/site).');
  const keepDays = Number(values['keep-days']);
  if (!Number.isInteger(keepDays) || keepDays < MIN_KEEP_DAYS) {
    throw new UsageError(`--keep-days 는 ${MIN_KEEP_DAYS} 이상의 정수여야 합니다: ${values['keep-days']}`);
  }
  if (!values.ssh.trim()) throw new UsageError('--ssh 가 비어 있습니다.');
  if (values.hold && values.resume) throw new UsageError('--hold 와 --resume 은 함께 쓸 수 없습니다.');
  let target: Target;
  try {
    target = parseTarget(values.to, cwd);
  } catch (error) {
    throw new UsageError(error instanceof TargetError ? error.message : String(error));
  }
  return {
    kind: 'deploy',
    from: resolve(cwd, values.from),
    target,
    keepDays,
    dryRun: values['dry-run'],
    ssh: values.ssh,
    hold: values.hold ? 'hold' : values.resume ? 'resume' : null,
  };
}
