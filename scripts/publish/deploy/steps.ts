/**
 * The steps of one deploy (run.ts gives their order and what a failure means): each reads or
 * changes the host through its transport and reports one progress line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashedFolders, parseHeadersFile } from '../lib/headers-file.ts';
import type { Progress } from '../lib/log.ts';
import { pausePoint } from '../lib/pause-point.ts';
import {
  holdScript,
  HostError,
  inspectScript,
  parseState,
  pruneScript,
  recordScript,
  SWITCHED,
  switchScript,
  unholdScript,
  type HostState,
} from './host.ts';
import { HOST_PATHS, partialPath, releasePath } from './host-paths.ts';
import {
  abandonedReason,
  DEPLOY_LOCK_MAX_AGE_MS,
  describeOwner,
  LOCK_LOST_EXIT,
  takeOverScript,
} from './lock.ts';
import { planPrune } from './prune.ts';
import { formatRecord, type DeployRecord } from './records.ts';
import { PRIVATE_FILES, readRelease, ReleaseFolderError, type LocalRelease } from './release.ts';
import { lastLines, runProcess } from './shell.ts';
import type { Transport } from './target.ts';

/** What every step of one deploy works with. */
export interface DeployRun {
  options: { from: string; keepDays: number; dryRun: boolean; hold?: 'hold' | 'resume' | null | undefined };
  transport: Transport;
  /** The deploy folder on the host. */
  root: string;
  /** `(예정) ` on a dry run: the progress lines say what would happen. */
  dry: string;
  progress: Progress;
  now: () => Date;
  signal?: AbortSignal | undefined;
  /** Our owner line of the host's lock; `null` on a dry run, which changes nothing. */
  lockOwner: string | null;
}

/** The lock's life as the deploy sees it (run.ts releases it at the end). */
export interface LockEvents {
  onLocking(): void;
  onLocked(held: boolean): void;
}

/** A failure of a step; the message is Korean. */
export class StepError extends Error {}

/** Another deploy holds the host's lock now: this deploy changed nothing more and must stop. */
export class LockLostError extends StepError {}

/** Our owner line, for a script that changes the host (never called on a dry run). */
function ownerOf(run: DeployRun): string {
  if (run.lockOwner === null) throw new Error('a dry run changes nothing on the host');
  return run.lockOwner;
}

/** The failure of a host script that found the lock no longer ours. */
function lockLost(what: string, stderr: string): LockLostError {
  return new LockLostError(
    `배포 잠금을 다른 배포가 넘겨받아 여기서 멈춥니다 (${what} 전에 확인했습니다; 이 배포는 호스트를 더 바꾸지 않습니다): ${lastLines(stderr) || '출력 없음'}`,
  );
}

/** rsync options of every upload: files readable by the web server whatever the build's umask. */
const RSYNC_COMMON = ['-rl', '--safe-links', '--chmod=Du=rwx,Dgo=rx,Fu=rw,Fgo=r'];

/** The hashed folders of this release: its own `_headers`, else the repository's. */
export function releaseHashedFolders(from: string, fallbackHeaders: string): string[] {
  const own = join(from, '_headers');
  const file = existsSync(own) ? own : fallbackHeaders;
  const folders = hashedFolders(parseHeadersFile(readFileSync(file, 'utf8')));
  if (folders.length === 0)
    throw new StepError(`${file}에 immutable로 캐시하는 폴더 규칙(예: /_astro/*)이 없습니다.`);
  return folders;
}

async function hostScript(transport: Transport, script: string, what: string, signal?: AbortSignal) {
  const result = await transport.shell(script, signal);
  if (signal?.aborted) throw new StepError('배포가 중단되었습니다.');
  if (result.code === LOCK_LOST_EXIT) throw lockLost(what, result.stderr);
  if (result.code !== 0) {
    throw new StepError(
      `${what}에 실패했습니다 (${transport.label}, 코드 ${result.code}): ${lastLines(result.stderr) || '출력 없음'}`,
    );
  }
  return result;
}

async function rsync(
  transport: Transport,
  args: string[],
  what: string,
  { input, signal }: { input?: string | undefined; signal?: AbortSignal | undefined } = {},
) {
  const result = await runProcess('rsync', [...transport.rsyncOptions, ...args], { input, signal });
  if (signal?.aborted) throw new StepError('배포가 중단되었습니다.');
  if (result.code !== 0) {
    throw new StepError(
      `${what}에 실패했습니다 (rsync 코드 ${result.code}): ${lastLines(result.stderr) || '출력 없음'}`,
    );
  }
  return result;
}

/** Pool files of the release whose name is taken on the host by different content. */
async function poolConflicts(
  transport: Transport,
  release: LocalRelease,
  state: HostState,
  signal?: AbortSignal,
) {
  const shared = release.assets.filter((asset) => state.pool.has(asset));
  if (shared.length === 0) return [];
  const { stdout } = await rsync(
    transport,
    [
      '-rn',
      '-c',
      '-i',
      '--files-from=-',
      `${release.dir}/`,
      transport.rsyncDestination(`${transport.target.path}/${HOST_PATHS.pool}/`),
    ],
    '해시 파일 비교',
    { input: `${shared.join('\n')}\n`, signal },
  );
  return stdout
    .split('\n')
    .filter((line) => /^[<>]f/.test(line))
    .map((line) => line.slice(line.indexOf(' ') + 1));
}

/** 1. The release here: its hashed folders and files. */
export function readLocalRelease(
  run: DeployRun,
  fallbackHeaders: string,
): { release: LocalRelease; folders: string[] } {
  const folders = releaseHashedFolders(run.options.from, fallbackHeaders);
  let release: LocalRelease;
  try {
    release = readRelease(run.options.from, folders, run.now());
  } catch (error) {
    if (error instanceof ReleaseFolderError) throw new StepError(error.message);
    throw error;
  }
  run.progress.step(
    '확인',
    `릴리스 ${release.id}: 해시 파일 ${release.assets.length}개, 그 밖의 파일 ${release.files}개 (${release.dir})`,
  );
  return { release, folders };
}

/** 1. The deploy folder there, taking the host's lock (a killed deploy's lock is taken over, once). */
export async function inspectHost(
  run: DeployRun,
  lockOwner: string | null,
  events: LockEvents,
): Promise<HostState> {
  const { transport, root, progress, signal } = run;
  const inspect = async () => {
    if (lockOwner !== null) events.onLocking();
    const inspected = await hostScript(transport, inspectScript(root, lockOwner), '대상 폴더 확인', signal);
    // Ours from here unless another deploy held it, even if the rest of the answer is unreadable.
    if (lockOwner !== null) events.onLocked(!inspected.stdout.startsWith('locked\0'));
    try {
      return parseState(inspected.stdout);
    } catch (error) {
      if (error instanceof HostError) throw new StepError(error.message);
      throw error;
    }
  };
  let state = await inspect();
  const abandoned = state.lock && abandonedReason(state.lock);
  if (state.lock && abandoned) {
    progress.step(
      '확인',
      `멈춘 배포의 잠금을 넘겨받습니다 (${describeOwner(state.lock.owner)}): ${abandoned}`,
    );
    await transport.shell(takeOverScript(root, state.lock), signal);
    state = await inspect();
  }
  checkHostState(run, state);
  return state;
}

/** A host locked by another deploy, or with a `current` that is not a link, is left alone. */
function checkHostState({ transport, root, progress }: DeployRun, state: HostState): void {
  if (state.lockedBy !== null) {
    throw new StepError(
      `다른 배포가 진행 중입니다 (${describeOwner(state.lockedBy)}, 잠금 ${root}/${HOST_PATHS.lock}). ` +
        `배포하던 프로세스가 이 컴퓨터에서 끝났거나 잠근 지 ${DEPLOY_LOCK_MAX_AGE_MS / 60_000}분이 지나면 다음 배포가 넘겨받습니다.`,
    );
  }
  if (state.currentNotLink) {
    throw new StepError(
      `${root}/current가 심볼릭 링크가 아닙니다. 직접 만든 폴더라면 옮긴 뒤 다시 실행해 주세요.`,
    );
  }
  progress.step(
    '확인',
    `${transport.label}: ${state.missing ? '폴더가 없습니다 (새로 만듭니다)' : `게시 중 ${state.current ?? '없음'}, 릴리스 ${state.releases.size}개, 해시 파일 ${state.pool.size}개`}`,
  );
}

/**
 * 1. The host's hold: lifted by `--resume`, written by `--hold` before anything is uploaded;
 * another release held stops the deploy (`false`), unchanged.
 */
export async function applyHold(run: DeployRun, state: HostState, release: LocalRelease): Promise<boolean> {
  const { options, transport, root, dry, progress, signal } = run;
  if (state.hold !== null) {
    const held = state.hold;
    if (options.hold === 'resume') {
      if (!options.dryRun) await hostScript(transport, unholdScript(root, ownerOf(run)), '유지 해제', signal);
      progress.step('유지', `${dry}릴리스 ${held.release}의 유지를 풉니다 (--resume)`);
    } else if (options.hold !== 'hold' && held.release !== release.id) {
      progress.fail(
        `호스트가 릴리스 ${held.release} 를 유지하는 중이라 배포하지 않습니다 (--resume 으로 해제; ${held.at}부터 유지). 바꾼 것은 없습니다.`,
      );
      return false;
    }
  }
  if (options.hold === 'hold') {
    if (!options.dryRun) {
      await hostScript(
        transport,
        holdScript(root, ownerOf(run), { release: release.id, at: run.now().toISOString() }),
        '유지 기록(hold.json) 쓰기',
        signal,
      );
    }
    progress.step(
      '유지',
      `${dry}호스트가 릴리스 ${release.id}를 유지합니다 (${HOST_PATHS.hold}): --resume 전까지 다른 릴리스는 배포되지 않습니다`,
    );
  }
  if (state.legacyFiles) {
    progress.step(
      '경고',
      `${root}에 예전 방식으로 올린 파일(index.html 등)이 있습니다. 배포는 건드리지 않으니, 새 nginx 설정으로 바꾼 뒤 지워 주세요.`,
    );
  }
  return true;
}

/**
 * 2. Hashed files: a name already in the pool must hold the same bytes, or older pages would
 * get other code under the name they ask for. Returns the files new to the pool.
 */
export async function uploadAssets(
  run: DeployRun,
  state: HostState,
  release: LocalRelease,
): Promise<string[]> {
  const { options, transport, root, dry, progress, signal } = run;
  const conflicts = await poolConflicts(transport, release, state, signal);
  if (conflicts.length > 0) {
    throw new StepError(
      `해시 파일 ${conflicts.length}개가 이름은 같은데 내용이 호스트의 것과 다릅니다 (${conflicts.slice(0, 3).join(', ')}). ` +
        '빌드가 내용 해시로 이름을 짓는지 확인해 주세요.',
    );
  }
  const fresh = release.assets.filter((asset) => !state.pool.has(asset));
  if (!options.dryRun && fresh.length > 0) {
    await rsync(
      transport,
      [
        ...RSYNC_COMMON,
        '--ignore-existing',
        '--files-from=-',
        `${release.dir}/`,
        transport.rsyncDestination(`${root}/${HOST_PATHS.pool}/`),
      ],
      '해시 파일 업로드',
      { input: `${fresh.join('\n')}\n`, signal },
    );
  }
  progress.step(
    '해시 파일',
    `${dry}${release.assets.length}개 중 새 파일 ${fresh.length}개 → ${HOST_PATHS.pool}/`,
  );
  pausePoint('deploy-assets');
  return fresh;
}

/** 3. The pages, into `releases/.partial-<id>`, renamed once complete. */
export async function uploadPages(
  run: DeployRun,
  state: HostState,
  release: LocalRelease,
  folders: readonly string[],
): Promise<void> {
  const { options, transport, root, dry, progress, signal } = run;
  if (!options.dryRun) {
    const excludes = [...folders, ...PRIVATE_FILES].map((name) => `--exclude=/${name}`);
    // Unchanged files become hard links to the live release's (or an earlier upload's of the
    // same id): only what changed crosses the network or takes disk space.
    const linkDests = [state.current, state.releases.has(release.id) ? release.id : null]
      .filter((name): name is string => name !== null && state.releases.has(name))
      .map((name) => `--link-dest=../${name}`);
    await rsync(
      transport,
      [
        ...RSYNC_COMMON,
        '-c',
        // Whole files, no delta against the linked release's copy: over ssh, rsync 3.2.7 rebuilds a
        // changed page of the same size from that copy wrongly and discards it ("failed
        // verification", exit 23). Pages are small; the delta saved next to nothing.
        '--whole-file',
        '--delete',
        ...excludes,
        ...linkDests,
        `${release.dir}/`,
        transport.rsyncDestination(`${root}/${partialPath(release.id)}/`),
      ],
      '페이지 업로드',
      { signal },
    );
  }
  progress.step('페이지', `${dry}파일 ${release.files}개 → ${releasePath(release.id)}/`);
  pausePoint('deploy-pages');
}

/** 4. The switch of `current`, in one rename; `onSwitched` as soon as the host says it moved. */
export async function switchLive(
  run: DeployRun,
  state: HostState,
  release: LocalRelease,
  onSwitched: (id: string) => void,
): Promise<void> {
  const { options, transport, root, dry, progress } = run;
  if (!options.dryRun) {
    const script = switchScript(root, ownerOf(run), release.id, release.assets, {
      uploaded: true,
      replaceExisting: state.releases.has(release.id),
    });
    const result = await transport.shell(script);
    if (result.stdout.split('\n').includes(SWITCHED)) onSwitched(release.id);
    if (result.code === LOCK_LOST_EXIT) throw lockLost('current 전환', result.stderr);
    if (result.code !== 0) {
      throw new StepError(
        `current 전환에 실패했습니다 (코드 ${result.code}): ${lastLines(result.stderr) || '출력 없음'}`,
      );
    }
  }
  progress.step(
    '전환',
    `${dry}current: ${state.current ? releasePath(state.current) : '없음'} → ${releasePath(release.id)}`,
  );
  pausePoint('deploy-switched');
}

/**
 * 5. The record (a live release deployed again is recorded only when its line is missing).
 * Returns the records as the host now has them.
 */
export async function recordDeploy(
  run: DeployRun,
  state: HostState,
  release: LocalRelease,
  live: boolean,
  at: Date,
): Promise<DeployRecord[]> {
  const { options, transport, root, dry, progress } = run;
  const record: DeployRecord = {
    release: release.id,
    at: at.toISOString(),
    from: live ? null : state.current,
    assets: release.assets,
  };
  const needsRecord = !live || !state.records.some((line) => line.release === release.id);
  if (needsRecord && !options.dryRun) {
    await hostScript(
      transport,
      recordScript(root, ownerOf(run), formatRecord(record)),
      '배포 기록(deploys.jsonl) 쓰기',
    );
  }
  if (needsRecord) progress.step('기록', `${dry}${HOST_PATHS.deploys}에 한 줄 추가`);
  return needsRecord ? [...state.records, record] : state.records;
}

/** 6. Pruning, against the folder as it is now. */
export async function pruneHost(
  run: DeployRun,
  state: HostState,
  deployed: {
    release: LocalRelease;
    fresh: readonly string[];
    live: boolean;
    at: Date;
    records: DeployRecord[];
  },
): Promise<void> {
  const { options, transport, root, dry, progress } = run;
  const { release, fresh, live, at, records } = deployed;
  const plan = planPrune({
    now: at,
    keepDays: options.keepDays,
    current: release.id,
    releases: new Map([...state.releases, [release.id, at.getTime()]]),
    pool: new Map([...state.pool, ...fresh.map((asset) => [asset, at.getTime()] as const)]),
    records,
    unreadableRecords: state.unreadableRecords,
  });
  const partials = state.partials.filter((id) => id !== release.id || live);
  if (plan.poolHeld) progress.step('경고', `해시 파일은 정리하지 않습니다: ${plan.poolHeld}`);
  const anything = plan.releases.length + plan.pool.length + partials.length > 0 || plan.records !== null;
  if (anything && !options.dryRun) {
    await hostScript(
      transport,
      pruneScript(root, ownerOf(run), {
        pool: plan.pool,
        releases: plan.releases,
        partials,
        records: plan.records === null ? null : plan.records.map(formatRecord).join(''),
      }),
      '오래된 파일 정리',
    );
  }
  progress.step(
    '정리',
    anything
      ? `${dry}${options.keepDays}일 넘게 쓰이지 않은 릴리스 ${plan.releases.length}개, 해시 파일 ${plan.pool.length}개` +
          (partials.length > 0 ? `, 끝나지 않은 업로드 ${partials.length}개` : '') +
          ' 삭제' +
          (plan.withdrawn.length > 0
            ? ` (이 중 새 릴리스가 쓰지 않는 검색 색인 파일 ${plan.withdrawn.length}개는 기간과 상관없이 바로 지웠습니다)`
            : '')
      : `지울 것이 없습니다 (${options.keepDays}일 안에 쓰인 것은 남깁니다)`,
  );
}
