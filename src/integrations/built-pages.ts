/**
 * For the integrations that edit the built pages once all are written (rendered and restored
 * from the incremental cache alike) and add files of their own beside Vite's.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';

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

export interface PageSplit {
  /** The page as it is to be written. */
  html: string;
  /** What moved out of it, for a file of its own; empty when nothing did. */
  moved: string;
}

/**
 * An integration that moves part of every built page into a hashed file beside Vite's
 * (`<stem>.<hash>.<extension>` in the assets folder): `split(html, href)` returns the page and
 * what moved, `href(content)` names the file the content goes to.
 */
export function splitBuiltPages(options: {
  name: string;
  stem: string;
  extension: string;
  split(html: string, href: (content: string) => string): PageSplit;
  /** Logs how many pages had something moved out (when any did). */
  report(logger: AstroIntegrationLogger, pages: number): void;
}): AstroIntegration {
  let assetsDir = '_astro';
  let base = '/';
  return {
    name: options.name,
    hooks: {
      'astro:config:done': ({ config }) => {
        assetsDir = config.build.assets;
        base = config.base.replace(/\/?$/, '/');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let pages = 0;
        for await (const file of htmlFiles(root)) {
          const html = await readFile(file, 'utf8');
          const written: Promise<void>[] = [];
          const split = options.split(html, (content) => {
            const name = hashedName(options.stem, content, options.extension);
            written.push(writeFile(join(root, assetsDir, name), content));
            return `${base}${assetsDir}/${name}`;
          });
          await Promise.all(written);
          if (split.html !== html) await writeFile(file, split.html);
          if (split.moved) pages++;
        }
        if (pages > 0) options.report(logger, pages);
      },
    },
  };
}
