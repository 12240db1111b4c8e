/**
 * Runs `callback` once the page's first contentful paint has happened and the main thread is
 * idle.
 *
 * Scripts that only enhance server-rendered markup (sliders, hydration, font downloads) start
 * here so that neither their download nor their work competes with the first paint on a slow
 * phone. The paint timing entry is the signal: animation frames and the load event can both
 * come before the first paint (Chrome holds the first frames of a navigation back). A tab
 * opened in the background paints, and so starts these scripts, when it is first shown.
 */
export function afterFirstPaint(callback: () => void, idleTimeout = 2000): void {
  onFirstPaint(() => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => callback(), { timeout: idleTimeout });
    else setTimeout(callback, 1);
  });
}

/**
 * Runs `callback` as soon as the first contentful paint has happened, without waiting for an
 * idle moment: for work that costs the main thread next to nothing and is better started early
 * (an island's code download, which a first tap may be waiting for).
 */
export function onFirstPaint(callback: () => void): void {
  if (
    typeof PerformanceObserver !== 'function' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    // No paint timing (older Safari): the frame after next has been painted in practice.
    requestAnimationFrame(() => requestAnimationFrame(() => callback()));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  // `buffered` replays a paint that happened before this script ran.
  observer.observe({ type: 'paint', buffered: true });
}
