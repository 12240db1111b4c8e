/**
 * Keeps JavaScript out of the first paint: page scripts that can be inlined are, the rest of
 * the page's code is fetched once the page is painted (one Vite plugin per file beside this one), and islands
 * hydrate with `client:interaction` (see README.md beside this file).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { chunkUrls } from './chunk-urls.ts';
import { compileHints } from './compile-hints.ts';
import { flatImportLists } from './flat-import-lists.ts';
import { inlineScriptCopies } from './inline-script-copies.ts';

export function pageScripts(): AstroIntegration {
  return {
    name: 'insighthire:page-scripts',
    hooks: {
      'astro:config:setup': ({ updateConfig, addClientDirective }) => {
        updateConfig({
          vite: { plugins: [inlineScriptCopies(), chunkUrls(), flatImportLists(), compileHints()] },
        });
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(
            new URL('../../features/lists/first-tap/interaction-directive.ts', import.meta.url),
          ),
        });
      },
    },
  };
}
