/**
 * Resolves once the next frame has been painted: the task after the animation frame's callbacks
 * comes after that frame's paint. For work that would hold a frame back if it ran in the same task
 * as what that frame shows. A hidden page draws no frames: it resolves after `timeout` ms then.
 */
export function afterNextPaint(timeout = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeout);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}
