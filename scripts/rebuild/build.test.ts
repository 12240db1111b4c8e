import { describe, expect, it } from 'vitest';
import { outputPathToRoute, parseBuildLog } from './build.ts';

describe('parseBuildLog', () => {
  it('tells rendered pages from restored ones, with or without colours', () => {
    const log = [
      '10:26:32 [build] ✓ Completed in 1.92s.',
      '10:26:32   ├─ /404.html (+19ms) ',
      '10:26:32   \u001b[34m├─\u001b[39m \u001b[2m/info/blog/a/index.html\u001b[22m \u001b[2m(+1.02s)\u001b[22m',
      '10:26:32   ├─ /info/blog/b/index.html (restored)',
      '10:26:32   ├─ /info/blog/c/index.html (cached)',
      '10:26:32   ▶ /_astro/logo.svg (before: 5kB, after: 5kB) (+1ms) (12/56)',
    ];
    expect(parseBuildLog(log)).toEqual({
      rendered: ['/404.html', '/info/blog/a/index.html'],
      restored: ['/info/blog/b/index.html', '/info/blog/c/index.html'],
    });
    expect(['/index.html', '/404.html', '/info/blog/a/index.html'].map(outputPathToRoute)).toEqual([
      '/',
      '/404',
      '/info/blog/a',
    ]);
  });
});
