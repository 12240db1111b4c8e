/**
 * Files of the output that are not pages — the sitemap, feeds written by integrations, files from
 * `public/` — compared byte for byte with the previous release, so `changed-routes.json` also
 * names them for the CDN purge. `/_astro/` is skipped: its names carry a content hash, so a
 * changed asset arrives under a new address and never needs purging.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CHANGED_ROUTES_FILE, MANIFEST_FILE, type ChangedRoutes } from './manifest.ts';

const SKIPPED = new Set([MANIFEST_FILE, CHANGED_ROUTES_FILE]);

/**
 * Added, changed and removed non-page files between `previousDir` (or nothing) and `nextDir`,
 * as addresses (`/sitemap-0.xml`). `pageFiles` are the output files of the routes, already
 * covered by the route digests.
 */
export function diffOtherFiles(previousDir: string | null, nextDir: string, pageFiles: ReadonlySet<string>): ChangedRoutes {
  const before = previousDir ? otherFiles(previousDir, pageFiles) : [];
  const after = otherFiles(nextDir, pageFiles);
  const beforeSet = new Set(before);
  const afterSet = new Set(after);
  const changed = after.filter(
    (file) => beforeSet.has(file) && !readFileSync(join(previousDir!, file)).equals(readFileSync(join(nextDir, file))),
  );
  return {
    added: after.filter((file) => !beforeSet.has(file)).map(toAddress),
    changed: changed.map(toAddress),
    removed: before.filter((file) => !afterSet.has(file)).map(toAddress),
  };
}

function otherFiles(root: string, pageFiles: ReadonlySet<string>): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (rel !== '_astro') walk(path);
      } else if (!pageFiles.has(rel) && !SKIPPED.has(rel)) {
        files.push(rel);
      }
    }
  };
  if (existsSync(root)) walk(root);
  return files.sort();
}

function toAddress(file: string): string {
  return `/${file}`;
}
