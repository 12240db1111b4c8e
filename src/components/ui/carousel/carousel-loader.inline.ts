/**
 * Every page's, in the scripts that follow its paint (layouts/BaseLayout.astro; its imports are
 * copied in at build time, see src/integrations/page-scripts); it finds the page's sliders.
 * Until a slider starts, its first slide is the whole picture and the HTML already holds its
 * dots; Swiper is fetched and started only when the visitor comes to the slider:
 *
 * - on approach: the visitor scrolls and the slider is within `APPROACH_MARGIN` of the screen
 *   (a slider that is on screen when the page opens waits for the first scroll; a page already
 *   scrolled when the loader runs counts as scrolled), or
 * - on the first interaction with it: a pointer over it or pressed on it, focus or a key in it.
 *
 * A click on a dot or an arrow before Swiper is there is kept and carried out once it is.
 * Nothing runs on a plain page load, so a slider costs a slow phone no main-thread work then.
 */
import { afterFirstPaint } from '../../../lib/dom/after-first-paint.ts';
import { onApproach, onInteraction } from '../../../lib/dom/visitor-watch.ts';
import carouselModule from './carousel.ts?chunk-url';
import type { CarouselAction } from './carousel.ts';

/** How near the screen a slider counts as approached. */
const APPROACH_MARGIN = '300px 0px';

function watch(root: HTMLElement): void {
  let started = false;
  let action: CarouselAction | undefined;

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const dot = target?.closest('[data-carousel-dots] > *');
    if (dot?.parentElement) action = { dot: [...dot.parentElement.children].indexOf(dot) };
    else if (target?.closest('[data-carousel-prev]')) action = 'prev';
    else if (target?.closest('[data-carousel-next]')) action = 'next';
  };
  const takeAction = () => {
    root.removeEventListener('click', onClick);
    const taken = action;
    action = undefined;
    return taken;
  };
  const stops: (() => void)[] = [];
  const start = () => {
    if (started) return;
    started = true;
    stops.forEach((stop) => stop());
    void import(/* @vite-ignore */ carouselModule).then((carousel: typeof import('./carousel.ts')) =>
      carousel.startCarousel(root, takeAction),
    );
  };
  // Approach counts from the visitor's first scroll on: a slider on the first screen waits for it.
  // On a slow phone this runs at the first idle moment after the paint, which can come after the
  // visitor has scrolled (or the page opened scrolled, at an anchor or a restored position):
  // waiting for another scroll would leave a slider they have stopped at unstarted.
  const onScroll = () => stops.push(onApproach([root], APPROACH_MARGIN, start));
  if (scrollY > 0) onScroll();
  else {
    addEventListener('scroll', onScroll, { once: true, passive: true });
    stops.push(() => removeEventListener('scroll', onScroll));
  }
  root.addEventListener('click', onClick);
  stops.push(onInteraction(root, start));
}

afterFirstPaint(() => {
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) watch(root);
});
