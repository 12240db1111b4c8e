/**
 * Inlined into pages with a waiting picture (WaitingPicture.astro): shows each
 * `until="approach"` picture when it comes within `APPROACH_MARGIN` of the screen; from then on
 * the browser's own lazy loading fetches it.
 */

/** Far enough ahead for the picture to arrive before it is on screen, on a slow network too. */
const APPROACH_MARGIN = '600px 0px';

const waiting = document.querySelectorAll('[data-picture-wait="approach"]');
const show = (picture: Element) => picture.removeAttribute('data-picture-wait');

if (waiting.length > 0) {
  if (typeof IntersectionObserver !== 'function') {
    waiting.forEach(show);
  } else {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          show(entry.target);
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: APPROACH_MARGIN },
    );
    waiting.forEach((picture) => observer.observe(picture));
  }
}
