/**
 * Where a deploy goes: a folder on this machine, or `user@host:/path` over ssh. Both go through
 * the same steps: rsync copies the files (to a local path or over ssh), and the few commands on
 * the host are one POSIX shell script each, fed to `sh -s` here or to `ssh host sh -s` there.
 * So the tests, which deploy to a local folder, run exactly the scripts production runs.
 */
import { resolve } from 'node:path';
import { quote, runProcess, type ProcessResult } from './shell.ts';

export interface Target {
  /** `user@host` (or `host`), or `null` for a folder on this machine. */
  host: string | null;
  /** The deploy folder on the host (absolute). */
  path: string;
}

/** A bad target; the message is Korean. */
export class TargetError extends Error {}

/**
 * The characters a deploy folder's path may have: it is written into shell scripts (quoted),
 * rsync's remote arguments and the nginx config (unquoted), so nothing that any of them reads
 * specially.
 */
const SAFE_PATH = /^\/[A-Za-z0-9._/+@-]*$/;

/**
 * `user@host:/srv/site` (as rsync reads it: a `:` before the first `/`), else a local path
 * resolved against `cwd`.
 * @throws {TargetError}
 */
export function parseTarget(spec: string, cwd: string): Target {
  const remote = /^([^/:]+):(.*)$/.exec(spec);
  const host = remote?.[1] ?? null;
  const path = remote ? remote[2]! : resolve(cwd, spec);
  if (host !== null && !/^(?:[A-Za-z0-9._-]+@)?[A-Za-z0-9.-]+$/.test(host)) {
    throw new TargetError(`호스트 이름이 올바르지 않습니다: ${host}`);
  }
  if (host !== null && !path.startsWith('/')) {
    throw new TargetError(`원격 대상은 절대 경로여야 합니다 (예: ${host}:/srv/site): ${spec}`);
  }
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!SAFE_PATH.test(clean) || clean === '/' || clean.split('/').includes('..')) {
    throw new TargetError(
      `대상 경로에는 영문자, 숫자와 . _ - + @ / 만 쓸 수 있습니다 (루트 / 제외): ${path}`,
    );
  }
  return { host, path: clean };
}

/** How the deploy reaches the host. */
export interface Transport {
  readonly target: Target;
  /** How to name the target in messages (`deploy@web1:/srv/site`, `/srv/site`). */
  readonly label: string;
  /** Runs a POSIX shell script on the host. */
  shell(script: string, signal?: AbortSignal): Promise<ProcessResult>;
  /** rsync's destination argument for a path on the host. */
  rsyncDestination(path: string): string;
  /** rsync options that choose the remote shell (none for a local target). */
  readonly rsyncOptions: string[];
}

/**
 * The transport for `target`. `ssh` is the ssh command line rsync's `-e` takes as well
 * (`ssh -i ~/.ssh/deploy -o StrictHostKeyChecking=accept-new`): it is run by `sh -c`, so it
 * may carry options with quotes.
 */
export function transportFor(target: Target, ssh = 'ssh'): Transport {
  if (target.host === null) {
    return {
      target,
      label: target.path,
      shell: (script, signal) => runProcess('sh', ['-s'], { input: script, signal }),
      rsyncDestination: (path) => path,
      rsyncOptions: [],
    };
  }
  const host = target.host;
  return {
    target,
    label: `${host}:${target.path}`,
    // ssh joins its command words and hands them to the login shell, which runs `sh -s`.
    shell: (script, signal) =>
      runProcess('sh', ['-c', `${ssh} ${quote(host)} sh -s`], { input: script, signal }),
    rsyncDestination: (path) => `${host}:${path}`,
    rsyncOptions: ['-e', ssh],
  };
}
