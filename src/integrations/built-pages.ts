/**
 * For the integrations that edit the built pages once all are written (rendered and restored
 * from the incremental cache alike) and add files of their own beside Vite's.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every HTML file under `dir`. */
export async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * `<stem>.<hash>.<extension>`: eight characters of the content's SHA-256, URL-safe, as Vite names
 * files, so the CDN keeps it for a year and a deploy keeps it with the release's hashed files.
 */
export function hashedName(stem: string, content: string, extension: string): string {
  return `${stem}.${createHash('sha256').update(content).digest('base64url').slice(0, 8)}.${extension}`;
}
