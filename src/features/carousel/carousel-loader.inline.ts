/**
 * Inlined into every page with a slider (its imports are copied in at build time, see
 * src/integrations/page-scripts): the slides are already laid out by the HTML, so the slider
 * code and Swiper are only fetched once the first frame is on screen and the browser is idle.
 */
import { afterFirstPaint } from '../../lib/dom/after-first-paint.ts';
import carouselModule from './carousel.ts?chunk-url';

afterFirstPaint(() => {
  void import(/* @vite-ignore */ carouselModule).then((carousel: typeof import('./carousel.ts')) => carousel.initCarousels());
});
