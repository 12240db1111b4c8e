/**
 * `client:afterpaint`: hydrates an island once the first frame is on screen and the browser is
 * idle. `client:idle` alone can fire before the first paint on a fast machine, and then the
 * island's JavaScript is downloaded ahead of the first frame on a slow phone too.
 */
import type { ClientDirective } from 'astro';
import { afterFirstPaint } from '../../lib/dom/after-first-paint.ts';

const afterPaint: ClientDirective = (load) => {
  afterFirstPaint(async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default afterPaint;
