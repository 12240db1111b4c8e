/**
 * The code digest: a hash of everything besides content that shapes the output — the sources,
 * the public files, the Astro config and the lockfile. When it changes any page may differ, so
 * the site is built (Astro still restores the pages whose own module graph and cache key did not
 * change) and the files that differ are the changed routes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders and files (relative to the project root) that make up the code. */
export const CODE_INPUTS = [
  'src',
  'public',
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
] as const;

/** Tests do not end up in the site; editing them must not trigger a build. */
const IGNORED = /\.(test|spec)\.[cm]?[tj]sx?$|(^|\/)\.DS_Store$/;

/** SHA-256 over the path and bytes of every code file, in a fixed order. */
export function codeDigest(root: string, inputs: readonly string[] = CODE_INPUTS): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) walk(join(path, name));
    } else {
      const rel = relative(root, path).split(sep).join('/');
      if (!IGNORED.test(rel)) files.push(rel);
    }
  };
  for (const input of inputs) walk(join(root, input));
  files.sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * The build's configuration as it reaches the pages: the site address (canonical addresses,
 * sitemap, share links), the content API address (the CSP, the browser's calls), the image hosts
 * the build fetches from, and any other `PUBLIC_*` setting. A different value builds the site, like a code change.
 */
export function configDigest(env: NodeJS.ProcessEnv, apiUrl: string): string {
  // CONTENT_IMAGE_HOSTS decides which pictures the build fetches and inlines into the pages.
  const settings: Record<string, string> = {
    PUBLIC_CONTENT_API_URL: apiUrl,
    SITE_URL: env.SITE_URL ?? '',
    CONTENT_IMAGE_HOSTS: env.CONTENT_IMAGE_HOSTS ?? '',
  };
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('PUBLIC_') && key !== 'PUBLIC_CONTENT_API_URL' && value !== undefined)
      settings[key] = value;
  }
  const hash = createHash('sha256');
  for (const key of Object.keys(settings).sort())
    hash.update(key).update('=').update(settings[key]!).update('\0');
  return hash.digest('hex').slice(0, 20);
}
