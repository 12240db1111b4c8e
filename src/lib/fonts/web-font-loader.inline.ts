/**
 * The page script of components/layout/WebFontLoader.astro: the first visit's web font download,
 * with its own copies of what it imports so that it is written into the page (see
 * src/integrations/page-scripts/README.md).
 */
import { loadWebFonts } from './load-fonts.ts';

loadWebFonts();
