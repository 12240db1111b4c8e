/**
 * The records a release carries: `manifest.json` (what it was built from and what it holds) and
 * `changed-routes.json` (the routes that differ from the previous release, for a CDN purge). Their
 * names are every road's (lib/release.ts); what they hold is the rebuild's.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Counts } from '../read/guard.ts';

/** What a release was built from and what the build did. */
export interface ReleaseManifest {
  /** 3: the content is digested as a whole, and the release's files are listed. */
  version: 3;
  /** Folder name under `releases/`. */
  release: string;
  createdAt: string;
  apiUrl: string;
  codeDigest: string;
  /** Digest of the build's configuration (site address, API address, other `PUBLIC_*` settings). */
  configDigest: string;
  /** Digest of the content the build rendered (change-detection.ts); empty in a manifest of an older version. */
  contentDigest: string;
  /** Every file of the release (relative, `/`-separated) but these records, for the completeness check of a rollback. */
  files: string[];
  /** What was rendered (items, banners, topics, bodies), for the shrinking-content guard of the next run. */
  counts: Partial<Counts>;
  pages: { total: number; rendered: number; restored: number };
  /** Items left out or links in content that lead nowhere, one Korean line each. */
  warnings: string[];
}

/** Routes since the previous release: added, changed and removed files, as addresses. */
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
 * so a damaged manifest costs one full build rather than blocking every night. Older versions
 * read with what they have: no content digest (so the next run builds) and, before version 2,
 * no comparable counts.
 */
export function readManifest(path: string, warn: (message: string) => void): ReleaseManifest | null {
  if (!existsSync(path)) return null;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Omit<Partial<ReleaseManifest>, 'version'> & {
      version?: number;
    };
    if (
      (value.version === 1 || value.version === 2 || value.version === 3) &&
      typeof value.codeDigest === 'string' &&
      (Array.isArray(value.files) || typeof (value as { routes?: unknown }).routes === 'object')
    ) {
      // Version 1 counted the totals the API claimed, not what was rendered: not comparable.
      const counts = value.version === 1 ? {} : (value.counts ?? {});
      return {
        ...value,
        version: 3,
        counts,
        configDigest: value.configDigest ?? '',
        contentDigest: value.contentDigest ?? '',
        files: value.files ?? [],
        warnings: value.warnings ?? [],
      } as ReleaseManifest;
    }
    warn(`이전 매니페스트의 형식을 알 수 없어 무시합니다: ${path}`);
  } catch (error) {
    warn(`이전 매니페스트를 읽을 수 없어 무시합니다: ${path} (${String(error)})`);
  }
  return null;
}
