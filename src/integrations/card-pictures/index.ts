/**
 * Tells the pages, while a build renders them, where to write the list cards' pictures
 * (src/lib/images/card-picture.ts): the build's output folder. Only a build: the dev server
 * serves no such files, so there the cards keep the content API's addresses.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { CARD_PICTURES_DIR_ENV } from '../../lib/images/card-picture.ts';

export function cardPictures(): AstroIntegration {
  let outDir: URL | undefined;
  return {
    name: 'insighthire:card-pictures',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:start': () => {
        if (outDir) process.env[CARD_PICTURES_DIR_ENV] = fileURLToPath(outDir);
      },
    },
  };
}
