// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';

/** Public address of the site; canonical URLs and the sitemap are built from it. */
const site = process.env.SITE_URL ?? 'https://www.insighthire.example';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // Outside node_modules so `npm ci` does not wipe the content, image and page caches.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './.cache/astro',
  // The nightly rebuild builds each release into its own folder.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  integrations: [react()],
  env: {
    schema: {
      PUBLIC_CONTENT_API_URL: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        default: 'http://127.0.0.1:8787',
      }),
    },
  },
  markdown: { syntaxHighlight: false },
  experimental: {
    // Pages whose getStaticPaths entry carries an unchanged `cacheKey` are restored from
    // `cacheDir` instead of rendered again (the nightly rebuild relies on it).
    incrementalBuild: true,
  },
  devToolbar: { enabled: false },
});
