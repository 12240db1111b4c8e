/**
 * One deploy of a release to a host (host.ts describes the folder there), in an order that
 * never shows a visitor a page whose files are missing:
 *
 * 1. read the release here and the deploy folder there, taking the host's lock; a host that holds
 *    another release (`hold.json`, left by `--hold`) stops the deploy here, unchanged (exit 4),
 *    unless `--resume` lifts the hold; `--hold` writes it, before anything is uploaded;
 * 2. upload its hashed files into the pool, beside every earlier one (never over one: a file of
 *    the same name with other content stops the deploy);
 * 3. upload its pages into `releases/.partial-<id>`, hard-linking the files the live release has
 *    unchanged, and rename it to `releases/<id>` once complete;
 * 4. switch `current` to it in one rename;
 * 5. append the deploy to deploys.jsonl;
 * 6. prune what no recent release needs (prune.ts).
 *
 * A failure up to 4 leaves the live site as it was (exit 1); after 4 the site is live and a
 * failure is reported as such (exit 3), as `npm run rebuild` does.
 *
 * The hold lives on the host, not with whoever deploys: a publish run that started before a
 * rollback, or one that never saw it, still cannot replace the release rolled back to. It is
 * written before the switch, so a `--hold` deploy killed half-way holds all the same (the next
 * plain deploy refuses; running the `--hold` deploy again finishes it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashedFolders, parseHeadersFile } from '../lib/headers-file.ts';
import type { Progress } from '../rebuild/log.ts';
import { pausePoint } from '../rebuild/pause-point.ts';
import {
  holdScript,
  HostError,
  HOST_PATHS,
  inspectScript,
  parseState,
  partialPath,
  pruneScript,
  recordScript,
  releasePath,
  SWITCHED,
  switchScript,
  unholdScript,
  unlockScript,
  type HostState,
} from './host.ts';
import {
  abandonedReason,
  DEPLOY_LOCK_MAX_AGE_MS,
  describeOwner,
  newLockOwner,
  takeOverScript,
} from './lock.ts';
import { planPrune } from './prune.ts';
import { formatRecord, type DeployRecord } from './records.ts';
import { PRIVATE_FILES, readRelease, ReleaseFolderError, type LocalRelease } from './release.ts';
import { lastLines, runProcess } from './shell.ts';
import { transportFor, type Target, type Transport } from './target.ts';

export interface DeployOptions {
  /** The release folder to deploy (`out/current`). */
  from: string;
  target: Target;
  /** Days a deployed release's pages and hashed files are kept after it stopped being live. */
  keepDays: number;
  /** Print the plan, change nothing. */
  dryRun: boolean;
  /** The ssh command line (remote targets). */
  ssh: string;
  /** `hold`: hold this release on the host (a rollback); `resume`: lift the host's hold first. */
  hold?: 'hold' | 'resume' | null;
}

export interface DeployContext {
  progress: Progress;
  /** `_headers` to read the hashed folders from when the release has none (public/_headers). */
  fallbackHeaders: string;
  /** The clock: the record's time and pruning's "now" (tests move it forward). */
  now?: () => Date;
  /** Stops the uploads (Ctrl-C); the switch and the steps after it always run to their end. */
  signal?: AbortSignal;
}

/**
 * How a deploy ended: 0 deployed (or already live, or planned), 1 failed with the live site
 * untouched, 3 switched but a later step failed, 4 not deployed because the host holds another
 * release (nothing changed).
 */
export type DeployOutcome =
  'deployed' | 'already-live' | 'planned' | 'failed' | 'deployed-with-errors' | 'held';

export const EXIT_CODES: Record<DeployOutcome, number> = {
  deployed: 0,
  'already-live': 0,
  planned: 0,
  failed: 1,
  'deployed-with-errors': 3,
  held: 4,
};

/** A failure of a step; the message is Korean. */
class StepError extends Error {}

/** rsync options of every upload: files readable by the web server whatever the build's umask. */
const RSYNC_COMMON = ['-rl', '--safe-links', '--chmod=Du=rwx,Dgo=rx,Fu=rw,Fgo=r'];

/** The hashed folders of this release: its own `_headers`, else the repository's. */
function releaseHashedFolders(from: string, fallbackHeaders: string): string[] {
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

/** Runs one deploy. Never throws: failures are reported and returned. */
export async function runDeploy(options: DeployOptions, context: DeployContext): Promise<DeployOutcome> {
  const { progress } = context;
  const now = context.now ?? (() => new Date());
  const transport = transportFor(options.target, options.ssh);
  const lockOwner = options.dryRun ? null : newLockOwner();
  // 'maybe' from the moment the script that takes the lock starts: stopped (Ctrl-C, SIGTERM,
  // the deadline) before its answer arrived, the deploy may hold the lock all the same, and the
  // unlock script removes it only if its owner line is ours.
  let locked: 'no' | 'maybe' | 'yes' = 'no';
  let switched: string | null = null;
  let outcome: DeployOutcome;
  try {
    outcome = await deploy(options, context, transport, now, lockOwner, {
      onLocking: () => (locked = 'maybe'),
      onLocked: (held) => (locked = held ? 'yes' : 'no'),
      onSwitched: (id) => (switched = id),
    });
  } catch (error) {
    progress.fail(error instanceof Error ? error.message : String(error));
    if (switched) {
      progress.fail(`게시는 완료되었습니다 (current → ${releasePath(switched)}). 그 뒤 단계가 실패했습니다.`);
      outcome = 'deployed-with-errors';
    } else {
      progress.fail(`게시된 사이트(${transport.label}의 current)는 바뀌지 않았습니다.`);
      outcome = 'failed';
    }
  }
  if (locked !== 'no' && lockOwner) {
    const result = await transport.shell(unlockScript(options.target.path, lockOwner));
    if (result.code !== 0 && !(locked === 'maybe' && result.code === 3)) {
      progress.fail(
        `배포 잠금(${HOST_PATHS.lock})을 풀지 못했습니다 (코드 ${result.code}${result.code === 3 ? ': 다른 배포의 잠금으로 바뀌어 있습니다' : ''}). ` +
          '다른 배포가 없다면 그 폴더를 지워 주세요.',
      );
      if (outcome === 'deployed' || outcome === 'already-live') outcome = 'deployed-with-errors';
    }
  }
  if (outcome !== 'failed' && outcome !== 'deployed-with-errors' && outcome !== 'held')
    progress.step('완료', `${progress.elapsed().toFixed(1)}초`);
  return outcome;
}

async function deploy(
  options: DeployOptions,
  context: DeployContext,
  transport: Transport,
  now: () => Date,
  lockOwner: string | null,
  events: { onLocking(): void; onLocked(held: boolean): void; onSwitched(id: string): void },
): Promise<DeployOutcome> {
  const { progress, signal } = context;
  const root = options.target.path;
  const dry = options.dryRun ? '(예정) ' : '';

  const folders = releaseHashedFolders(options.from, context.fallbackHeaders);
  let release: LocalRelease;
  try {
    release = readRelease(options.from, folders, now());
  } catch (error) {
    if (error instanceof ReleaseFolderError) throw new StepError(error.message);
    throw error;
  }
  progress.step(
    '확인',
    `릴리스 ${release.id}: 해시 파일 ${release.assets.length}개, 그 밖의 파일 ${release.files}개 (${release.dir})`,
  );

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
  // A lock whose deploy was killed is taken over (lock.ts), once.
  const abandoned = state.lock && abandonedReason(state.lock);
  if (state.lock && abandoned) {
    progress.step(
      '확인',
      `멈춘 배포의 잠금을 넘겨받습니다 (${describeOwner(state.lock.owner)}): ${abandoned}`,
    );
    await transport.shell(takeOverScript(root, state.lock), signal);
    state = await inspect();
  }
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
  pausePoint('deploy-locked');
  if (state.hold !== null) {
    const held = state.hold;
    if (options.hold === 'resume') {
      if (!options.dryRun) await hostScript(transport, unholdScript(root), '유지 해제', signal);
      progress.step('유지', `${dry}릴리스 ${held.release}의 유지를 풉니다 (--resume)`);
    } else if (options.hold !== 'hold' && held.release !== release.id) {
      progress.fail(
        `호스트가 릴리스 ${held.release} 를 유지하는 중이라 배포하지 않습니다 (--resume 으로 해제; ${held.at}부터 유지). 바꾼 것은 없습니다.`,
      );
      return 'held';
    }
  }
  if (options.hold === 'hold') {
    if (!options.dryRun) {
      await hostScript(
        transport,
        holdScript(root, { release: release.id, at: now().toISOString() }),
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

  // 2. Hashed files: a name already in the pool must hold the same bytes, or older pages would
  // get other code under the name they ask for.
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

  // 3. The pages, unless this release is live already.
  const live = state.current === release.id;
  if (live) {
    progress.step('페이지', `${release.id}는 이미 게시 중입니다: 업로드와 전환을 건너뜁니다`);
  } else {
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

    // 4. The switch.
    if (!options.dryRun) {
      const script = switchScript(root, release.id, release.assets, {
        uploaded: true,
        replaceExisting: state.releases.has(release.id),
      });
      const result = await transport.shell(script);
      if (result.stdout.split('\n').includes(SWITCHED)) events.onSwitched(release.id);
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

  // 5. The record (a live release deployed again is recorded only when its line is missing).
  const at = now();
  const record: DeployRecord = {
    release: release.id,
    at: at.toISOString(),
    from: live ? null : state.current,
    assets: release.assets,
  };
  const needsRecord = !live || !state.records.some((line) => line.release === release.id);
  if (needsRecord && !options.dryRun) {
    await hostScript(transport, recordScript(root, formatRecord(record)), '배포 기록(deploys.jsonl) 쓰기');
  }
  if (needsRecord) progress.step('기록', `${dry}${HOST_PATHS.deploys}에 한 줄 추가`);

  // 6. Pruning, against the folder as it is now.
  const records = needsRecord ? [...state.records, record] : state.records;
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
      pruneScript(root, {
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
          ' 삭제'
      : `지울 것이 없습니다 (${options.keepDays}일 안에 쓰인 것은 남깁니다)`,
  );

  if (options.dryRun) {
    progress.step('예정', '--dry-run: 호스트에서 바꾼 것은 없습니다.');
    return 'planned';
  }
  return live ? 'already-live' : 'deployed';
}
