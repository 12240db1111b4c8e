/**
 * Moves the styles of what is below a page's first screen into a stylesheet of their own, once
 * all pages are written (see split-later-styles.ts). The file is named by its content, like
 * Vite's, in the folder of hashed files, so the CDN keeps it for a year and a deploy keeps it
 * beside the release's other hashed files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { hashedName, htmlFiles } from '../built-pages.ts';
import { splitLaterStyles } from './split-later-styles.ts';

/** `later.<hash>.css`, named by its content. */
export function laterStylesName(css: string): string {
  return hashedName('later', css, 'css');
}

export function laterStyles(): AstroIntegration {
  let assetsDir = '_astro';
  let base = '/';
  return {
    name: 'insighthire:later-styles',
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
          const split = splitLaterStyles(html, (css) => {
            const name = laterStylesName(css);
            written.push(writeFile(join(root, assetsDir, name), css));
            return `${base}${assetsDir}/${name}`;
          });
          await Promise.all(written);
          if (split.html !== html) {
            await writeFile(file, split.html);
            if (split.css) pages++;
          }
        }
        if (pages > 0) logger.info(`첫 화면 아래의 스타일을 따로 뺐습니다: ${pages}개 페이지`);
      },
    },
  };
}
