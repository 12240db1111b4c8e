/**
 * Finishes every built page: moves its CSP `<meta>` to the top of its `<head>` (see move-csp-meta.ts), runs
 * the page's inline module scripts from one script (merge-module-scripts.ts) and keeps in the
 * policy only the hashes of the page's own scripts (prune-script-hashes.ts), and merges its inline
 * styles into one whose hash alone the policy allows (merge-styles.ts), once all pages are
 * written: rendered and restored from the incremental cache alike.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { eachHtmlFile } from '../built-pages.ts';
import { mergeModuleScripts } from './merge-module-scripts.ts';
import { hashPageStyles } from './merge-styles.ts';
import { moveCspMetaFirst } from './move-csp-meta.ts';
import { pruneScriptHashes } from './prune-script-hashes.ts';

export function finishPages(): AstroIntegration {
  return {
    name: 'finish-pages',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let finished = 0;
        await eachHtmlFile(fileURLToPath(dir), async (file) => {
          const html = await readFile(file, 'utf8');
          const next = hashPageStyles(pruneScriptHashes(mergeModuleScripts(moveCspMetaFirst(html))));
          if (next !== html) {
            await writeFile(file, next);
            finished++;
          }
        });
        logger.info(
          `페이지를 마무리했습니다 (CSP <meta>를 맨 앞으로, 모듈 스크립트와 스타일을 하나로, 쓰지 않는 해시를 빼고): ${finished}개 페이지`,
        );
      },
    },
  };
}
