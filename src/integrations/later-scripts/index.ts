/**
 * Moves the scripts of what is below a page's first screen into a module file of their own, once
 * all pages are written (see split-later-scripts.ts). It runs before the later styles, which
 * replace the fold mark both read, and before finish-pages, which merges the inline scripts
 * that stay and drops the moved ones' hashes from the policy.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { hashedName, htmlFiles } from '../built-pages.ts';
import { splitLaterScripts } from './split-later-scripts.ts';

export function laterScripts(): AstroIntegration {
  let assetsDir = '_astro';
  let base = '/';
  return {
    name: 'insighthire:later-scripts',
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
          let written: Promise<void> | undefined;
          const split = splitLaterScripts(html, (js) => {
            const name = hashedName('later', js, 'js');
            written = writeFile(join(root, assetsDir, name), js);
            return `${base}${assetsDir}/${name}`;
          });
          await written;
          if (split.js) {
            await writeFile(file, split.html);
            pages++;
          }
        }
        if (pages > 0) logger.info(`첫 화면 아래의 스크립트를 따로 뺐습니다: ${pages}개 페이지`);
      },
    },
  };
}
