/**
 * The one shared answer to "is this the mobile layout?" (980px or less, the site's one mobile breakpoint), with
 * resize handling throttled to 300 ms. Every script or island that changes at that width
 * reads this store.
 */
import { atom, onMount } from 'nanostores';

export const MOBILE_QUERY = '(max-width: 980px)';
export const RESIZE_THROTTLE_MS = 300;

export const $isMobile = atom(false);

/** Runs `fn` at most once per `wait` ms, always with the latest call last. */
export function throttle(fn: () => void, wait: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  return () => {
    const now = Date.now();
    const remaining = wait - (now - last);
    if (remaining <= 0) {
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, remaining);
    }
  };
}

onMount($isMobile, () => {
  const media = window.matchMedia(MOBILE_QUERY);
  const update = () => $isMobile.set(media.matches);
  update();
  const onResize = throttle(update, RESIZE_THROTTLE_MS);
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
});
