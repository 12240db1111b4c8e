/**
 * Shows each `until="approach"` picture (WaitingPicture.astro) when it comes within
 * `APPROACH_MARGIN` of the screen; from then on the browser's own lazy loading fetches it.
 * Started after the first paint (components/layout/after-paint-tasks.ts).
 */
import { onApproach } from '../../lib/dom/visitor-watch.ts';

/** Far enough ahead for the picture to arrive before it is on screen, on a slow network too. */
const APPROACH_MARGIN = '600px 0px';

export function showPicturesOnApproach(doc: Document = document): void {
  const waiting = doc.querySelectorAll('[data-picture-wait="approach"]');
  if (waiting.length > 0)
    onApproach(waiting, APPROACH_MARGIN, (picture) => picture.removeAttribute('data-picture-wait'));
}
