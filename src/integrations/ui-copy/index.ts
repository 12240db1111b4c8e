/**
 * UI copy in the client build: `t('key')` calls become their strings (see inline-ui-copy.ts).
 * Only `astro build` needs it; in `astro dev` the calls run as they are and read ko.json, so an
 * edited string shows without a restart.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { inlineUiCopy } from './inline-ui-copy.ts';

export function uiCopy(): AstroIntegration {
  return {
    name: 'insighthire:ui-copy',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        const i18n = new URL('../../i18n/', import.meta.url);
        updateConfig({
          vite: {
            plugins: [
              inlineUiCopy(fileURLToPath(new URL('index.ts', i18n)), fileURLToPath(new URL('ko.json', i18n))),
            ],
          },
        });
      },
    },
  };
}
