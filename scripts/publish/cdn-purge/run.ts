/**
 * One purge: what earlier purges left pending first, then the addresses of a release's changed
 * routes (or everything), sent in batches within the run's deadline. What the API did not
 * confirm stays in the output folder's `pending-purge.json` (lib/pending-purge.ts) for the next run.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createProgress, type Progress } from '../lib/log.ts';
import {
  isPending,
  mergePending,
  NOTHING_PENDING,
  PENDING_PURGE_FILE,
  readPending,
  routesToPurge,
  withoutPurged,
  writePending,
  type PendingPurge,
} from '../lib/pending-purge.ts';
import { CHANGED_ROUTES_FILE } from '../lib/release.ts';
import type { PurgeCommand } from './args.ts';
import { purgeCache, PurgeError, type PurgeBody, type PurgeOptions } from './cloudflare.ts';
import { inBatches, PurgeInputError, purgeUrls, readRouteLists } from './urls.ts';

const PHASE = 'CDN 퍼지';

type Command = Extract<PurgeCommand, { kind: 'purge' }>;

/** What one run sends: the bodies of the calls, and what they stand for. */
export interface PurgePlan {
  bodies: PurgeBody[];
  /** Every address, pending ones first (for the log). */
  urls: string[];
  /** Why everything is purged although a release was given (Korean), or `null`. */
  everythingBecause: string | null;
  /** What this run owes: the pending purge and the release's routes. */
  owed: PendingPurge;
  /** What earlier runs left (the release's own routes aside), sent first. */
  earlier: PendingPurge;
  /** Each owed route's addresses: a route is purged once all of them are. */
  urlsOf: Map<string, string[]>;
}

/**
 * The output folder's pending file: `--out`'s, else that of the folder the release lies in
 * (`out/current` → `out/releases/<name>` → `out/`); `null` for a release outside one.
 */
export function pendingPathFor(command: Command): string | null {
  if (command.out !== null) return join(command.out, PENDING_PURGE_FILE);
  if (command.release === null) return null;
  let real: string;
  try {
    real = realpathSync(command.release);
  } catch {
    return null;
  }
  return basename(dirname(real)) === 'releases' ? join(dirname(dirname(real)), PENDING_PURGE_FILE) : null;
}

/** The release's changed routes, as pending routes of that release. */
function releaseRoutes(release: string): PendingPurge {
  const file = join(release, CHANGED_ROUTES_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PurgeInputError(`${file} 을 읽을 수 없습니다 (${(error as Error).message})`);
  }
  let name = basename(release);
  try {
    name = basename(realpathSync(release));
  } catch {
    // the name given
  }
  return { ...NOTHING_PENDING, routes: routesToPurge(readRouteLists(parsed)), releases: [name] };
}

/**
 * What the run sends: `carried` (left pending by earlier runs) first, then the release's
 * routes; one purge of everything when either says so, or when the addresses exceed `--max-urls`.
 */
export function planPurge(command: Command, carried: PendingPurge | null = null): PurgePlan {
  if (command.release === null) {
    const owed = mergePending(carried ?? NOTHING_PENDING, { ...NOTHING_PENDING, everything: true });
    return {
      bodies: [{ purge_everything: true }],
      urls: [],
      everythingBecause: null,
      owed,
      earlier: earlierThan(carried, null),
      urlsOf: new Map(),
    };
  }
  const own = releaseRoutes(command.release);
  const owed = mergePending(carried ?? NOTHING_PENDING, own);
  const isFile = (route: string) => {
    try {
      return statSync(join(command.release!, route)).isFile();
    } catch {
      return false;
    }
  };
  const earlier = earlierThan(carried, own);
  const first = earlier.routes;
  const order = [...first, ...owed.routes.filter((route) => !first.includes(route))];
  const urlsOf = new Map(order.map((route) => [route, purgeUrls(command.site, [route], isFile)] as const));
  const urls = [...new Set([...urlsOf.values()].flat())];
  const everything = (because: string | null): PurgePlan => ({
    bodies: [{ purge_everything: true }],
    urls,
    everythingBecause: because,
    owed,
    earlier,
    urlsOf,
  });
  if (owed.everything) return everything(owed.reason ?? '캐시 전체를 퍼지합니다.');
  if (urls.length > command.maxUrls)
    return everything(`바뀐 주소가 ${urls.length}개로 ${command.maxUrls}개를 넘어 캐시 전체를 퍼지합니다.`);
  return {
    bodies: inBatches(urls, command.batch).map((files) => ({ files })),
    urls,
    everythingBecause: null,
    owed,
    earlier,
    urlsOf,
  };
}

/**
 * What earlier runs left, without the release's own routes (which the rebuild recorded there
 * as it published it).
 */
function earlierThan(carried: PendingPurge | null, own: PendingPurge | null): PendingPurge {
  if (carried === null) return NOTHING_PENDING;
  if (own === null) return carried;
  const routes = new Set(own.routes);
  return {
    ...carried,
    routes: carried.routes.filter((route) => !routes.has(route)),
    releases: carried.releases.filter((release) => !own.releases.includes(release)),
  };
}

/** What the plan is about to do, in one line. */
function describePlan(command: Command, plan: PurgePlan): string {
  const { earlier } = plan;
  const before = isPending(earlier)
    ? `지난 퍼지가 끝내지 못한 ${earlier.everything ? '전체 퍼지' : `경로 ${earlier.routes.length}개`}(릴리스 ${earlier.releases.join(', ') || '?'})를 먼저 퍼지합니다. `
    : '';
  if (command.release === null) return `${before}캐시 전체를 퍼지합니다.`;
  if (plan.everythingBecause !== null) return `${before}${plan.everythingBecause}`;
  return `${before}주소 ${plan.urls.length}개를 ${plan.bodies.length}번에 나누어 퍼지합니다 (한 번에 최대 ${command.batch}개).`;
}

/** `a, b, c … 외 N개`: a list short enough for one log line. */
function listSome(items: readonly string[], shown = 10): string {
  const head = items.slice(0, shown).join(', ');
  return items.length > shown ? `${head} 외 ${items.length - shown}개` : head;
}

/** The routes all of whose addresses the API confirmed. */
function purgedRoutes(plan: PurgePlan, purgedUrls: ReadonlySet<string>): Set<string> {
  return new Set(
    [...plan.urlsOf].filter(([, urls]) => urls.every((url) => purgedUrls.has(url))).map(([route]) => route),
  );
}

/** Writes what is still owed after the calls, and names it (Korean) when anything is. */
function settlePending(
  path: string | null,
  plan: PurgePlan,
  purged: { urls: ReadonlySet<string>; everything: boolean },
): string | null {
  const done = purgedRoutes(plan, purged.urls);
  // Re-read: a rebuild may have added the routes of a newer release meanwhile.
  const now = (path !== null ? readPending(path) : null) ?? plan.owed;
  const left = withoutPurged(now, done, purged.everything ? plan.owed : null);
  if (path !== null) writePending(path, left);
  if (!isPending(left)) return null;
  const what = left.everything
    ? `캐시 전체 퍼지${left.routes.length > 0 ? `와 경로 ${left.routes.length}개(${listSome(left.routes)})` : ''}`
    : `경로 ${left.routes.length}개: ${listSome(left.routes)}`;
  return path !== null
    ? `퍼지하지 못한 것을 ${path} 에 남겼습니다 (다음 퍼지가 먼저 퍼지합니다) — ${what}`
    : `퍼지하지 못한 것 (출력 폴더 밖의 릴리스라 남겨 두지 않습니다) — ${what}`;
}

export interface PurgeRunOptions {
  /** The reader's bounds and the per-call cap, for tests. */
  fetchOptions?: PurgeOptions['fetchOptions'];
  callCapMs?: number | undefined;
}

/** Runs the command; resolves to the exit code (0 purged or nothing to purge, 1 failed). */
export async function runPurge(
  command: Command,
  progress: Progress = createProgress(),
  options: PurgeRunOptions = {},
): Promise<0 | 1> {
  try {
    const path = pendingPathFor(command);
    const carried = path !== null ? readPending(path) : null;
    const plan = planPurge(command, carried);
    if (plan.bodies.length === 0) {
      progress.step(PHASE, '바뀐 경로가 없어 퍼지할 주소가 없습니다.');
      return 0;
    }
    progress.step(PHASE, describePlan(command, plan));
    if (command.dryRun) {
      for (const url of plan.urls) progress.step(PHASE, `(dry-run) ${url}`);
      return 0;
    }
    // Owed before anything is sent: a run killed midway forgets nothing.
    if (path !== null) writePending(path, mergePending(readPending(path) ?? NOTHING_PENDING, plan.owed));
    return await sendAndSettle(command, plan, path, progress, options);
  } catch (error) {
    if (!(error instanceof PurgeError || error instanceof PurgeInputError)) throw error;
    progress.fail(error.message);
    return 1;
  }
}

/** Sends the plan within the deadline, then records what is left; 1 when anything is. */
async function sendAndSettle(
  command: Command,
  plan: PurgePlan,
  path: string | null,
  progress: Progress,
  options: PurgeRunOptions,
): Promise<0 | 1> {
  const purged = { urls: new Set<string>(), everything: false };
  let failure: PurgeError | null = null;
  try {
    await purgeCache({
      api: command.api,
      zoneId: command.zoneId,
      token: command.token,
      bodies: plan.bodies,
      log: (line) => progress.step(PHASE, line),
      onPurged: (body) => {
        if ('files' in body) for (const url of body.files) purged.urls.add(url);
        else purged.everything = true;
      },
      deadline: { signal: AbortSignal.timeout(command.deadlineMs), label: durationLabel(command.deadlineMs) },
      callCapMs: options.callCapMs,
      fetchOptions: options.fetchOptions,
    });
  } catch (error) {
    if (!(error instanceof PurgeError)) throw error;
    failure = error;
  }
  const left = settlePending(path, plan, purged);
  if (failure === null) {
    // Anything left now came from a newer release meanwhile: its own purge sends it.
    progress.step(PHASE, '완료');
    return 0;
  }
  progress.fail(failure.message);
  if (left !== null) progress.fail(left);
  return 1;
}

/** `10분`, `90초`: a duration as the messages name it. */
function durationLabel(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000}분` : `${Math.round(ms / 1000)}초`;
}
