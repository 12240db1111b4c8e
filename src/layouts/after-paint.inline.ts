/**
 * The layout's page script: the styles that wait for the first paint (later-styles.ts) and,
 * on a first visit, the web fonts. The font loader is a file of its own, fetched only when the
 * page will use it, once the page has painted: in the HTML of every page it weighed about
 * 250 bytes of the first round trip.
 */
import { afterFirstPaint } from '../lib/dom/after-first-paint.ts';
import { loadLaterStyles } from '../lib/dom/later-styles.ts';
import webFontLoader from '../lib/fonts/load-fonts.ts?chunk-url';

loadLaterStyles();

const root = document.documentElement;
// The head script applied the fonts already when they are cached (BaseLayout.astro).
if (root.dataset.webFonts && !root.hasAttribute('data-web-fonts-applied')) {
  afterFirstPaint(() => {
    import(/* @vite-ignore */ webFontLoader)
      .then((module: typeof import('../lib/fonts/load-fonts.ts')) => module.loadWebFonts())
      .catch(() => undefined);
  });
}
