// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { cspDirectives } from './src/lib/security/csp.ts';
import { DEFAULT_CONTENT_API_URL, DEFAULT_SITE_URL } from './src/lib/site-defaults.ts';
import { isSitemapPage } from './src/lib/seo/sitemap.ts';
import { pageScripts } from './src/integrations/page-scripts/index.ts';
import { finishPages } from './src/integrations/finish-pages/index.ts';
import { uiCopy } from './src/integrations/ui-copy/index.ts';
import { laterScripts } from './src/integrations/later-scripts/index.ts';
import { laterStyles } from './src/integrations/later-styles/index.ts';
import { cardPictures } from './src/integrations/card-pictures/index.ts';
import { sharePictures } from './src/integrations/share-pictures/index.ts';
import { heroPreload } from './src/integrations/hero-preload/index.ts';

/** Public address of the site; canonical URLs and the sitemap are built from it. */
const site = process.env.SITE_URL ?? DEFAULT_SITE_URL;
/** The content API the build reads and the browser calls; the CSP names its origin. */
const contentApiUrl = process.env.PUBLIC_CONTENT_API_URL ?? DEFAULT_CONTENT_API_URL;

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // Outside node_modules so `npm ci` does not wipe the content, image and page caches.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './.cache/astro',
  // The nightly rebuild builds each release into its own folder.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  integrations: [
    react(),
    pageScripts(),
    // The list cards' pictures drawn as WebP files of the site's own while the pages render.
    cardPictures(),
    // The share pictures kept in cacheDir by what they show, and their worker threads ended after the build.
    sharePictures(),
    // Browser bundles carry the UI strings they show, not all of ko.json.
    uiCopy(),
    // Every indexable page, details included; noindex query forms and second addresses are left out.
    sitemap({ filter: (page) => isSitemapPage(new URL(page).pathname) }),
    // The scripts, then the styles, of what is below a marked first screen, out of the page's HTML.
    laterScripts(),
    laterStyles(),
    // Last to edit pages: the policy must precede everything in <head>, whatever the above wrote.
    finishPages(),
    // Reads the finished home and writes its hero's Link preload into the built _headers.
    heroPreload(),
  ],
  env: {
    schema: {
      PUBLIC_CONTENT_API_URL: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        default: DEFAULT_CONTENT_API_URL,
      }),
    },
  },
  // Shiki's inline styles cannot work with the hashed CSP below.
  markdown: { syntaxHighlight: false },
  security: {
    // A per-page <meta> policy without 'unsafe-inline': Astro hashes its own scripts; the build
    // merges each page's inline styles into one <style> and lets the policy name that one hash
    // (src/integrations/finish-pages/merge-styles.ts: one hash a page, not the site's twenty,
    // keeps pages inside the first 14.6 KB round trip), and no page writes a style="" attribute.
    // The other directives, Trusted Types among them, come from src/lib/security/csp.ts. Headers
    // that a <meta> policy cannot carry (frame-ancestors, HSTS…) are in public/_headers.
    csp: {
      directives: cspDirectives(contentApiUrl),
      styleDirective: { resources: ["'self'"] },
    },
  },
  experimental: {
    // Pages whose getStaticPaths entry carries an unchanged `cacheKey` are restored from
    // `cacheDir` instead of rendered again (the nightly rebuild relies on it).
    incrementalBuild: true,
  },
  devToolbar: { enabled: false },
  build: {
    // Every page's CSS goes into its HTML: a separate stylesheet costs the first paint a round trip.
    inlineStylesheets: 'always',
  },
});
