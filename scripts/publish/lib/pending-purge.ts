/**
 * `pending-purge.json` in the rebuild's output folder: the routes the edge may still serve from
 * before a publish, until a purge confirms them gone.
 *
 * The rebuild adds a release's changed routes *before* it switches `current` (rebuild/releases/publish.ts),
 * and a purge removes only what the API confirmed; so whatever stops in between (a failed or
 * timed-out purge, a job killed after the deploy) leaves the routes here, and the next purge
 * sends them first. A route is never dropped on the mere chance that it was purged: when the
 * file is missing although a release was published before, or cannot be read, nothing says
 * what the edge holds, and the whole zone is purged instead (`everything`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFileDurable } from './durable.ts';

export const PENDING_PURGE_FILE = 'pending-purge.json';

export interface PendingPurge {
  version: 1;
  /** Purge the whole zone: what the edge holds is not known route by route. */
  everything: boolean;
  /** Why `everything` (Korean), for the log. */
  reason: string | null;
  /** Site routes (`/faq`, `/info/blog/x`), sorted, once each. */
  routes: string[];
  /** The releases whose routes are (partly) still here, for the log. */
  releases: string[];
}

export const NOTHING_PENDING: PendingPurge = {
  version: 1,
  everything: false,
  reason: null,
  routes: [],
  releases: [],
};

/** Routes since the previous release, as a release's `changed-routes.json` holds them. */
export interface RouteLists {
  added: string[];
  changed: string[];
  removed: string[];
}

/** Every route to purge, once each, sorted: changed, removed and added alike. */
export function routesToPurge(routes: RouteLists): string[] {
  return [...new Set([...routes.changed, ...routes.removed, ...routes.added])].sort();
}

/** Whether anything is owed to the edge. */
export function isPending(pending: PendingPurge): boolean {
  return pending.everything || pending.routes.length > 0;
}

const isRouteList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.startsWith('/'));

/**
 * The pending purge at `path`: `null` when there is no file; a purge of everything when it
 * cannot be read (what it held is unknown, and a stale page is worse than a refilled edge).
 */
export function readPending(path: string): PendingPurge | null {
  if (!existsSync(path)) return null;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<PendingPurge>;
    if (value.version === 1 && typeof value.everything === 'boolean' && isRouteList(value.routes))
      return {
        version: 1,
        everything: value.everything,
        reason: typeof value.reason === 'string' ? value.reason : null,
        routes: [...new Set(value.routes)].sort(),
        releases: Array.isArray(value.releases) ? value.releases.filter((r) => typeof r === 'string') : [],
      };
  } catch {
    // unreadable: unknown, below
  }
  return {
    ...NOTHING_PENDING,
    everything: true,
    reason: `${path}을(를) 읽을 수 없어 캐시 전체를 퍼지합니다.`,
  };
}

/** Writes the pending purge durably (a temporary file, synced, renamed over the old one). */
export function writePending(path: string, pending: PendingPurge): void {
  writeFileDurable(path, `${JSON.stringify(pending, null, 2)}\n`);
}

/** Both pending purges in one: every route of either, everything if either says so. */
export function mergePending(a: PendingPurge, b: PendingPurge): PendingPurge {
  return {
    version: 1,
    everything: a.everything || b.everything,
    reason: a.everything ? a.reason : b.reason,
    routes: [...new Set([...a.routes, ...b.routes])].sort(),
    releases: [...new Set([...a.releases, ...b.releases])],
  };
}

/**
 * What is still owed after a purge: `pending` without the routes the API confirmed, and without
 * anything it held when the whole zone was purged (`everythingOf`: the pending purge that
 * was then owed; routes added since, by a rebuild meanwhile, stay).
 */
export function withoutPurged(
  pending: PendingPurge,
  purgedRoutes: ReadonlySet<string>,
  everythingOf: PendingPurge | null,
): PendingPurge {
  const gone = new Set([...purgedRoutes, ...(everythingOf?.routes ?? [])]);
  const routes = pending.routes.filter((route) => !gone.has(route));
  const everything = pending.everything && everythingOf === null;
  if (!everything && routes.length === 0) return NOTHING_PENDING;
  return { ...pending, everything, reason: everything ? pending.reason : null, routes };
}

/**
 * The rebuild's part, before it switches `current` to `release`: the release's changed routes
 * join what is pending. No file while a release was published before means no purge was ever
 * recorded there (a folder from before this file, or a copy that left it out): everything.
 */
export function addPublishedRoutes(
  path: string,
  { release, routes, publishedBefore }: { release: string; routes: string[]; publishedBefore: boolean },
): PendingPurge {
  const earlier =
    readPending(path) ??
    (publishedBefore
      ? {
          ...NOTHING_PENDING,
          everything: true,
          reason: `이전 퍼지의 기록(${PENDING_PURGE_FILE})이 없어 무엇이 퍼지되었는지 알 수 없으므로 캐시 전체를 퍼지합니다.`,
        }
      : NOTHING_PENDING);
  const next = mergePending(earlier, {
    ...NOTHING_PENDING,
    routes: [...new Set(routes)].sort(),
    releases: [release],
  });
  writePending(path, next);
  return next;
}
