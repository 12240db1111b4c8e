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
 * HTML files edited at once. The pages are read and written through libuv's thread pool: one at
 * a time, the build's main thread sat idle for half of the three passes over the 2,773 pages of
 * 50 times our content (127 MB), waiting for each read and write in turn.
 */
export const PAGES_AT_ONCE = 16;

/**
 * Runs `work` on every HTML file under `dir`, `atOnce` files at a time, so that some pages are
 * read or written while another is edited. After a failure no file is started, and the first
 * failure is the one thrown.
 */
export async function eachHtmlFile(
  dir: string,
  work: (file: string) => Promise<void>,
  atOnce = PAGES_AT_ONCE,
): Promise<void> {
  const files: string[] = [];
  for await (const file of htmlFiles(dir)) files.push(file);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < files.length) {
      const file = files[next++]!;
      try {
        await work(file);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(atOnce, files.length)) }, lane));
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
        // Pages that move the same content share its file: written once, not once per page at once.
        const assets = new Map<string, Promise<void>>();
        await eachHtmlFile(root, async (file) => {
          const html = await readFile(file, 'utf8');
          const written: Promise<void>[] = [];
          const split = options.split(html, (content) => {
            const name = hashedName(options.stem, content, options.extension);
            if (!assets.has(name)) assets.set(name, writeFile(join(root, assetsDir, name), content));
            written.push(assets.get(name)!);
            return `${base}${assetsDir}/${name}`;
          });
          await Promise.all(written);
          if (split.html !== html) await writeFile(file, split.html);
          if (split.moved) pages++;
        });
        if (pages > 0) options.report(logger, pages);
      },
    },
  };
}
