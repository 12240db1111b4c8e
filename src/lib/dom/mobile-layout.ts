/**
 * The site's one mobile breakpoint (980px or less) as the browser reports it. No store here: a
 * page script that imports this carries it inline (src/integrations/page-scripts), and the
 * shared store (stores/viewport.store.ts, with nanostores) was a kilobyte of the white paper's
 * first round trip for a table of contents that only opens or closes.
 */
export const MOBILE_QUERY = '(max-width: 980px)';
export const RESIZE_THROTTLE_MS = 300;

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

/**
 * Calls `fn` with whether the layout is the mobile one, now and each time the window crosses the
 * breakpoint. Returns a function that stops it.
 */
export function watchMobileLayout(
  fn: (mobile: boolean) => void,
  win: Pick<Window, 'matchMedia'> = window,
): () => void {
  const media = win.matchMedia(MOBILE_QUERY);
  const update = () => fn(media.matches);
  update();
  media.addEventListener('change', update);
  return () => media.removeEventListener('change', update);
}
