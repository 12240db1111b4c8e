/**
 * What a new release changes for the CDN: every file compared byte for byte with the published
 * release, named by its route (`info/blog/x/index.html` → `/info/blog/x`, `og/info/blog/x.jpg`
 * → `/og/info/blog/x.jpg`, `sitemap-0.xml` → `/sitemap-0.xml`). Astro writes the same bytes for
 * the same content and code, so these are exactly the pages whose content, code or configuration
 * changed. `/_astro/` and the site search's shards (`/search-index/`) are skipped when added or
 * changed: their names carry a content hash, so a changed file arrives under a new address (and
 * the pages or the search entry naming it are listed). A search shard the new release no longer
 * has is listed as removed all the same: the index drops a shard when text it held was removed
 * (an item deleted, a sentence cut), and the edge, which keeps it a year (`immutable`), must let
 * it go at the publish that removed the text (deleted means gone).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CHANGED_ROUTES_FILE, MANIFEST_FILE } from '../../lib/release.ts';
import { isWithdrawable } from '../../lib/withdrawn.ts';
import type { ChangedRoutes } from './manifest.ts';
import { fileRoute } from './routes.ts';

/** Folders of content-hashed files, never purged for what they add. */
export const HASHED_FOLDERS = ['_astro/', 'search-index/'];

/** The release's own records, not part of the site. */
const RECORDS = new Set([MANIFEST_FILE, CHANGED_ROUTES_FILE]);

/** Every file of a release folder (relative, `/`-separated, sorted), without the release's records. */
export function releaseFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(relative(root, path).split(sep).join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return files.filter((file) => !RECORDS.has(file)).sort();
}

/** Added, changed and removed routes from `previousDir` (or nothing: all added) to `nextDir`; hashed assets left out. */
export function changedRoutes(previousDir: string | null, nextDir: string): ChangedRoutes {
  const purgeable = (file: string) => !HASHED_FOLDERS.some((folder) => file.startsWith(folder));
  const withdrawable = (file: string) => purgeable(file) || isWithdrawable(file);
  const beforeAll = previousDir ? releaseFiles(previousDir).filter(withdrawable) : [];
  const before = beforeAll.filter(purgeable);
  const afterAll = releaseFiles(nextDir).filter(withdrawable);
  const after = afterAll.filter(purgeable);
  const beforeSet = new Set(before);
  const afterSet = new Set(afterAll);
  const differs = (file: string) => {
    const [a, b] = [join(previousDir!, file), join(nextDir, file)];
    return statSync(a).size !== statSync(b).size || !readFileSync(a).equals(readFileSync(b));
  };
  const routes = (files: string[]) => files.map(fileRoute).sort();
  return {
    added: routes(after.filter((file) => !beforeSet.has(file))),
    changed: routes(after.filter((file) => beforeSet.has(file) && differs(file))),
    removed: routes(beforeAll.filter((file) => !afterSet.has(file))),
  };
}
