/**
 * Phase 2 and 5: the manifest a release carries (`manifest.json`: what it was built from) and
 * the list of routes that differ from the previous release (`changed-routes.json`, for a CDN
 * purge).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Counts } from './guard.ts';
import type { RouteDigests } from './routes.ts';

export const MANIFEST_FILE = 'manifest.json';
export const CHANGED_ROUTES_FILE = 'changed-routes.json';

/** What a release was built from and what the build did. */
export interface ReleaseManifest {
  /** 2: counts are what the build rendered, and the build configuration is digested. */
  version: 2;
  /** Folder name under `releases/`. */
  release: string;
  createdAt: string;
  apiUrl: string;
  codeDigest: string;
  /** Digest of the build's configuration (site address, API address, other `PUBLIC_*` settings). */
  configDigest: string;
  /** Route → digest of the content it renders. */
  routes: RouteDigests;
  /** What was rendered (items, banners, topics, bodies), for the shrinking-content guard of the next run. */
  counts: Partial<Counts>;
  pages: { total: number; rendered: number; restored: number };
  /** Items left out or links in content that lead nowhere, one Korean line each. */
  warnings: string[];
}

/** Routes since the previous release. On a code change every kept route is `changed`. */
export interface ChangedRoutes {
  added: string[];
  changed: string[];
  removed: string[];
}

/** `changed-routes.json`: the routes for a CDN purge, and the content warnings of the run. */
export interface ChangedRoutesFile extends ChangedRoutes {
  warnings: string[];
}

/**
 * Reads a release's manifest. Missing → `null`; unreadable or foreign → `null` plus a warning,
 * so a damaged manifest costs one full build rather than blocking every night.
 */
export function readManifest(path: string, warn: (message: string) => void): ReleaseManifest | null {
  if (!existsSync(path)) return null;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Omit<Partial<ReleaseManifest>, 'version'> & { version?: number };
    if (
      (value.version === 1 || value.version === 2) &&
      typeof value.routes === 'object' &&
      typeof value.codeDigest === 'string'
    ) {
      // Version 1 counted the totals the API claimed, not what was rendered: not comparable.
      const counts = value.version === 2 ? (value.counts ?? {}) : {};
      return {
        ...value,
        version: 2,
        counts,
        configDigest: value.configDigest ?? '',
        warnings: value.warnings ?? [],
      } as ReleaseManifest;
    }
    warn(`이전 매니페스트의 형식을 알 수 없어 무시합니다: ${path}`);
  } catch (error) {
    warn(`이전 매니페스트를 읽을 수 없어 무시합니다: ${path} (${String(error)})`);
  }
  return null;
}

/** Compares the routes of the new snapshot with the previous release. */
export function diffRoutes(
  previous: ReleaseManifest | null,
  routes: RouteDigests,
  codeDigest: string,
  configDigest: string,
): ChangedRoutes {
  const before = previous?.routes ?? {};
  const codeChanged = previous !== null && (previous.codeDigest !== codeDigest || previous.configDigest !== configDigest);
  const added: string[] = [];
  const changed: string[] = [];
  for (const [route, digest] of Object.entries(routes)) {
    if (!(route in before)) added.push(route);
    else if (codeChanged || before[route] !== digest) changed.push(route);
  }
  const removed = Object.keys(before).filter((route) => !(route in routes));
  return { added: added.sort(), changed: changed.sort(), removed: removed.sort() };
}

/** True when a build would change nothing. */
export function isUnchanged(previous: ReleaseManifest | null, diff: ChangedRoutes): boolean {
  return previous !== null && diff.added.length + diff.changed.length + diff.removed.length === 0;
}
