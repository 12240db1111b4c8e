/**
 * Inlined into pages with a waiting picture (WaitingPicture.astro): shows each
 * `until="approach"` picture when it comes within `APPROACH_MARGIN` of the screen; from then on
 * the browser's own lazy loading fetches it.
 */
import { onApproach } from '../../lib/dom/visitor-watch.ts';

/** Far enough ahead for the picture to arrive before it is on screen, on a slow network too. */
const APPROACH_MARGIN = '600px 0px';

const waiting = document.querySelectorAll('[data-picture-wait="approach"]');
if (waiting.length > 0)
  onApproach(waiting, APPROACH_MARGIN, (picture) => picture.removeAttribute('data-picture-wait'));
