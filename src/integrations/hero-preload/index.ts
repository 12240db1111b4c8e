/**
 * The home's hero picture leaves with the document: after the build, a `Link` preload for `/`
 * (and `/index.html`, the address nginx resolves `/` to) goes into the built `_headers`, made
 * from the built home's own `<picture>` (preload-link.ts), so the header and the page cannot
 * disagree. Every host sends it from there: `npm start`'s server (with a 103 Early Hints first),
 * the nginx config `npm run deploy -- --nginx-config --headers <release>/_headers` writes, and
 * Cloudflare, which can also send it as Early Hints (docs/deployment.md). The pages themselves are
 * not touched. Runs after every integration that edits pages, so it reads the page as served.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { preloadLink, priorityPicture, withBuiltRules } from './preload-link.ts';

/** The addresses the home is served at, by the hosts' own resolution of `/`. */
const HOME_PATHS = ['/', '/index.html'];

export function heroPreload(): AstroIntegration {
  return {
    name: 'hero-preload',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const picture = priorityPicture(await readFile(join(root, 'index.html'), 'utf8'));
        // A home without its hero preload would pass every other check and only be slower.
        if (!picture)
          throw new Error(
            'index.html에 fetchpriority="high"인 <picture>가 없습니다: 홈 대표 이미지의 Link 헤더를 만들 수 없습니다 (src/integrations/hero-preload/).',
          );
        const file = join(root, '_headers');
        const headers = await readFile(file, 'utf8').catch(() => '');
        await writeFile(file, withBuiltRules(headers, HOME_PATHS, preloadLink(picture)));
        logger.info(`${HOME_PATHS.join(', ')}: Link preload ${picture.href}`);
      },
    },
  };
}
