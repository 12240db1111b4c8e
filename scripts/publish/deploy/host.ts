/**
 * The shell scripts that read and change the deploy folder on the host (its layout:
 * host-paths.ts). Each script is POSIX `sh` with GNU find and coreutils (any Linux web host), run
 * in one go by the transport (target.ts); every path in it is quoted.
 */
import { basename } from 'node:path';
import { HOST_PATHS, PARTIAL_PREFIX, partialPath, RELEASE_ID, releasePath } from './host-paths.ts';
import { lockedAnswer, lockGuard, type SeenLock } from './lock.ts';
import { parseRecords, type DeployRecord } from './records.ts';
import { quote } from './shell.ts';

/** What the deploy folder holds, as the inspect script saw it. */
export interface HostState {
  /** The deploy folder does not exist yet (dry run only: a deploy creates it). */
  missing: boolean;
  /** The release `current` points to; `null` when there is no `current`. */
  current: string | null;
  /** `current` exists but is a real folder or file (an earlier upload by hand). */
  currentNotLink: boolean;
  /** An `index.html` lies in the deploy folder itself: the old `rsync --delete` upload. */
  legacyFiles: boolean;
  /** Complete release folders, with their modification time (touched at each switch to them). */
  releases: Map<string, number>;
  /** Releases whose upload did not finish (`releases/.partial-<id>`). */
  partials: string[];
  /** Pool files (`_astro/a.js`) with their modification time (touched at each deploy using them). */
  pool: Map<string, number>;
  records: DeployRecord[];
  /** Lines of deploys.jsonl that did not parse. */
  unreadableRecords: number;
  /** Another deploy's lock (its owner line), when the lock could not be taken. */
  lockedBy: string | null;
  /** The release the host holds (`hold.json`), or `null`. */
  hold: HostHold | null;
  /** That lock as seen, to judge whether it was abandoned (lock.ts). */
  lock: SeenLock | null;
}

/** A problem on the host; the message is Korean. */
export class HostError extends Error {}

/**
 * Reads the deploy folder. With `lockOwner` it first creates the folder, then takes the lock
 * (`mkdir` is atomic: of two deploys started together one gets it) and writes the owner line
 * into it; without, it changes nothing (`--dry-run`). Output: NUL-separated `key value` pairs,
 * so no file name can break it; `end` last, so a cut-off answer is noticed.
 */
export function inspectScript(root: string, lockOwner: string | null): string {
  const take =
    lockOwner === null
      ? `cd ${quote(root)} 2>/dev/null || { printf 'missing\\0\\0end\\0\\0'; exit 0; }`
      : [
          `mkdir -p ${quote(`${root}/${HOST_PATHS.releases}`)} ${quote(`${root}/${HOST_PATHS.pool}`)} || exit 20`,
          `cd ${quote(root)} || exit 20`,
          `if ! mkdir ${HOST_PATHS.lock} 2>/dev/null; then`,
          lockedAnswer(),
          `  printf 'end\\0\\0'`,
          '  exit 0',
          'fi',
          `printf '%s\\n' ${quote(lockOwner)} > ${HOST_PATHS.lock}/owner || exit 20`,
        ].join('\n');
  return `umask 022
${take}
if [ -L current ]; then printf 'current\\0%s\\0' "$(readlink current)"; elif [ -e current ]; then printf 'current-not-link\\0\\0'; fi
if [ -f index.html ]; then printf 'legacy\\0\\0'; fi
if [ -d releases ]; then find releases -mindepth 1 -maxdepth 1 -type d -printf 'release\\0%T@ %f\\0' || exit 21; fi
if [ -d assets ]; then find assets -type f -printf 'pool\\0%T@ %P\\0' || exit 21; fi
if [ -f deploys.jsonl ]; then printf 'records\\0'; cat deploys.jsonl || exit 21; printf '\\0'; fi
${readHoldLine()}
printf 'end\\0\\0'
`;
}

/** Parses the inspect script's output. @throws {HostError} when it is cut short. */
export function parseState(output: string): HostState {
  const state: HostState = {
    missing: false,
    current: null,
    currentNotLink: false,
    legacyFiles: false,
    releases: new Map(),
    partials: [],
    pool: new Map(),
    records: [],
    unreadableRecords: 0,
    lockedBy: null,
    hold: null,
    lock: null,
  };
  const fields = output.split('\0');
  let ended = false;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [key, value] = [fields[i]!, fields[i + 1]!];
    const timed = () => {
      const space = value.indexOf(' ');
      return { ms: Math.round(Number(value.slice(0, space)) * 1000), name: value.slice(space + 1) };
    };
    if (key === 'end') ended = true;
    else if (key === 'missing') state.missing = true;
    else if (key === 'locked') {
      state.lockedBy = value.trim();
      state.lock = { owner: state.lockedBy, ageMs: null, inode: '', mtime: '?' };
    } else if (key === 'lock-age' && state.lock) {
      const seconds = Number(value);
      state.lock.ageMs = value.trim() !== '' && Number.isFinite(seconds) ? seconds * 1000 : null;
    } else if (key === 'lock-inode' && state.lock) state.lock.inode = value.trim();
    else if (key === 'lock-mtime' && state.lock) state.lock.mtime = value.trim() || '?';
    else if (key === 'current') state.current = basename(value);
    else if (key === 'current-not-link') state.currentNotLink = true;
    else if (key === 'legacy') state.legacyFiles = true;
    else if (key === 'release') {
      const { ms, name } = timed();
      if (name.startsWith(PARTIAL_PREFIX)) state.partials.push(name.slice(PARTIAL_PREFIX.length));
      else if (RELEASE_ID.test(name)) state.releases.set(name, ms);
    } else if (key === 'pool') {
      const { ms, name } = timed();
      state.pool.set(name, ms);
    } else if (key === 'hold') {
      state.hold = parseHold(value);
    } else if (key === 'records') {
      ({ records: state.records, unreadable: state.unreadableRecords } = parseRecords(value));
    }
  }
  if (!ended)
    throw new HostError(
      '대상 폴더를 끝까지 읽지 못했습니다 (GNU find가 있는 Linux 호스트인지 확인해 주세요).',
    );
  return state;
}

/**
 * Shell lines running `command` on `paths`, a few hundred at a time; `before` (a lock check)
 * ahead of each chunk, so a deletion that stalled midway never resumes after the lock was lost.
 */
function inChunks(command: string, paths: string[], before?: string): string[] {
  const lines: string[] = [];
  for (let i = 0; i < paths.length; i += 200) {
    if (before) lines.push(before);
    lines.push(
      `${command} ${paths
        .slice(i, i + 200)
        .map(quote)
        .join(' ')}`,
    );
  }
  return lines;
}

/** Flushes the deploy folder's file system (`sync -f`, or all of them where that is missing). */
const SYNC = 'sync -f . 2>/dev/null || sync';

/** Marker the switch script prints the moment `current` has moved. */
export const SWITCHED = 'switched';

/**
 * Makes the uploaded release complete and live (only while the lock is `owner`'s, checked again
 * right before the switch):
 * 1. touches its hashed files and its folder: pruning counts days from the last deploy that
 *    used a file, so one shared with a release from long ago is not pruned with that release;
 * 2. renames the upload (`.partial-<id>`) to `releases/<id>`, replacing a folder of that name
 *    that is not live (`replaceExisting`: the same release deployed again, e.g. to go back);
 * 3. writes everything to the disk, then renames a new link over `current` (readers see the old
 *    release or the new one, never neither), prints `switched`, and syncs again.
 */
export function switchScript(
  root: string,
  owner: string,
  id: string,
  assets: string[],
  { uploaded, replaceExisting }: { uploaded: boolean; replaceExisting: boolean },
): string {
  const release = releasePath(id);
  const old = `${HOST_PATHS.releases}/.old-${id}`;
  return [
    'set -eu',
    'umask 022',
    `cd ${quote(root)}`,
    lockGuard(owner),
    ...inChunks(
      'touch -c --',
      assets.map((asset) => `${HOST_PATHS.pool}/${asset}`),
    ),
    ...(uploaded
      ? [
          `rm -rf ${quote(old)}`,
          ...(replaceExisting
            ? [`if [ -e ${quote(release)} ]; then mv ${quote(release)} ${quote(old)}; fi`]
            : []),
          `mv -T ${quote(partialPath(id))} ${quote(release)}`,
          `rm -rf ${quote(old)}`,
        ]
      : []),
    `touch -c ${quote(release)}`,
    SYNC,
    'rm -f current.tmp',
    `ln -s ${quote(release)} current.tmp`,
    // Again: the sync above may have taken long.
    'deploy_lock_guard',
    'mv -T current.tmp current',
    `printf '%s\\n' ${SWITCHED}`,
    SYNC,
    '',
  ].join('\n');
}

/** Appends one line to deploys.jsonl and syncs it, while the lock is `owner`'s. */
export function recordScript(root: string, owner: string, line: string): string {
  if (line.includes('\n__DEPLOY_RECORD__')) throw new HostError('기록 줄이 올바르지 않습니다.');
  return `set -eu
cd ${quote(root)}
${lockGuard(owner)}
cat >> ${HOST_PATHS.deploys} <<'__DEPLOY_RECORD__'
${line.replace(/\n$/, '')}
__DEPLOY_RECORD__
${SYNC}
`;
}

/**
 * Deletes pruned pool files and release folders (and unfinished uploads), then rewrites
 * deploys.jsonl without the lines of releases gone for good (`records`: the whole new text, or
 * `null` to leave it); the lock checked to be `owner`'s before each batch of deletions.
 */
export function pruneScript(
  root: string,
  owner: string,
  {
    pool,
    releases,
    partials,
    records,
  }: { pool: string[]; releases: string[]; partials: string[]; records: string | null },
): string {
  const lines = [
    'set -eu',
    `cd ${quote(root)}`,
    lockGuard(owner),
    ...inChunks(
      'rm -f --',
      pool.map((file) => `${HOST_PATHS.pool}/${file}`),
      'deploy_lock_guard',
    ),
    ...inChunks(
      'rm -rf --',
      [...releases.map(releasePath), ...partials.map(partialPath)],
      'deploy_lock_guard',
    ),
  ];
  if (records !== null) {
    if (records.includes('\n__DEPLOY_RECORDS__')) throw new HostError('기록 내용이 올바르지 않습니다.');
    lines.push(
      'deploy_lock_guard',
      `cat > ${HOST_PATHS.deploys}.tmp <<'__DEPLOY_RECORDS__'`,
      `${records}__DEPLOY_RECORDS__`,
      `mv -f ${HOST_PATHS.deploys}.tmp ${HOST_PATHS.deploys}`,
      SYNC,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `hold.json`: the release a deploy with `--hold` (a rollback) keeps live until `--resume`. */
export interface HostHold {
  /** The held release; `?` when the file does not parse. */
  release: string;
  /** When it was held (ISO time of the deploying machine). */
  at: string;
}

/** The inspect script's line that reports `hold.json` (a `hold` field, its text). */
function readHoldLine(): string {
  return `if [ -f ${HOST_PATHS.hold} ]; then printf 'hold\\0'; cat ${HOST_PATHS.hold} || exit 21; printf '\\0'; fi`;
}

/** The hold from `hold.json`'s text. An unreadable one still holds: replacing a rollback by accident is the worse outcome. */
export function parseHold(text: string): HostHold {
  try {
    const value = JSON.parse(text) as Partial<HostHold>;
    if (typeof value.release === 'string' && RELEASE_ID.test(value.release))
      return { release: value.release, at: typeof value.at === 'string' ? value.at : '?' };
  } catch {
    // held all the same, below
  }
  return { release: '?', at: '?' };
}

/** Writes `hold.json` durably (a new file renamed over the old, synced before and after), while the lock is `owner`'s. */
export function holdScript(root: string, owner: string, hold: HostHold): string {
  const text = JSON.stringify(hold);
  if (text.includes('__DEPLOY_HOLD__')) throw new HostError('유지 기록이 올바르지 않습니다.');
  return `set -eu
umask 022
cd ${quote(root)}
${lockGuard(owner)}
cat > ${HOST_PATHS.hold}.tmp <<'__DEPLOY_HOLD__'
${text}
__DEPLOY_HOLD__
${SYNC}
mv -f ${HOST_PATHS.hold}.tmp ${HOST_PATHS.hold}
${SYNC}
`;
}

/** Removes `hold.json` and syncs the removal, while the lock is `owner`'s. */
export function unholdScript(root: string, owner: string): string {
  return `set -eu
cd ${quote(root)}
${lockGuard(owner)}
rm -f ${HOST_PATHS.hold} ${HOST_PATHS.hold}.tmp
${SYNC}
`;
}
