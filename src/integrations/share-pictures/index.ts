/**
 * Tells the pages, while a build renders them, where drawn share pictures are kept (the build's
 * cache folder, `<cacheDir>/share-pictures/`: src/lib/og/share-pictures.ts), and ends the
 * pictures' worker threads and tidies that store when the build is done. Only a build: the dev
 * server draws each picture as it is asked for.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { finishSharePictures, SHARE_PICTURES_DIR_ENV } from '../../lib/og/share-picture-store.ts';

export function sharePictures(): AstroIntegration {
  let cacheDir: URL | undefined;
  return {
    name: 'insighthire:share-pictures',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
      },
      'astro:build:start': () => {
        if (cacheDir) process.env[SHARE_PICTURES_DIR_ENV] = join(fileURLToPath(cacheDir), 'share-pictures');
      },
      'astro:build:done': async () => {
        await finishSharePictures();
      },
    },
  };
}
