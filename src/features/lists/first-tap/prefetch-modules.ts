/**
 * Downloads an island's code into the HTTP cache and has it compiled, without running it, so that
 * the visitor's first tap only has to run it: on a slow phone the download is most of the wait,
 * and neither a download nor a compile on a background thread costs the main thread anything.
 * Module scripts and `fetch()` share the HTTP cache (same address, same credentials mode), and
 * the site's hashed files are cached for a year.
 */

/**
 * The addresses a built module imports, statically or (`lazy`) with `import()`, resolved against
 * its own address; an `import()` in a comment counts too (the build names what a chunk may import
 * later that way, src/integrations/page-scripts/flat-import-lists.ts). Only relative specifiers
 * count: the build writes its chunks as `./name.hash.js`, and anything else (a bare name, a data
 * address) is not a file of the site.
 */
export function moduleImports(source: string, moduleUrl: string, lazy = true): string[] {
  const found = new Set<string>();
  const pattern = /(?:\bfrom|\bimport)\s*(\(?)\s*["'`](\.{1,2}\/[^"'`\s]+?\.js)["'`]/g;
  for (const match of source.matchAll(pattern))
    if (lazy || !match[1]) found.add(new URL(match[2]!, moduleUrl).href);
  return [...found];
}

type Fetcher = (url: string, init: RequestInit & { priority?: 'low' | 'high' | 'auto' }) => Promise<Response>;

/**
 * Hands a downloaded module to the browser to compile, without running it: a `modulepreload`
 * link finds the file in the HTTP cache, compiles it off the main thread (script streaming;
 * with the islands' compile hint, every function of it: compileHints() in
 * src/integrations/page-scripts/compile-hints.ts) and keeps it for the island's `import()`.
 */
export function compileModule(url: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  document.head.append(link);
}

/**
 * Fetches `urls` and everything they import, each once; what they import with `import()` only
 * when `lazy` (an island whose first tap needs such code: request-templates.ts,
 * `data-lazy-code`). Not at low priority: it starts at the first paint, when nothing the paint
 * needs is left to load, and on a slow network the web fonts' low-priority downloads
 * (fonts/warm-font-cache.ts) would otherwise hold it back for seconds, while a first tap needs
 * it and the fonts are only looks. Failures are ignored:
 * a missing file is reported when the island really loads it.
 */
export async function prefetchModules(
  urls: Iterable<string>,
  {
    lazy = true,
    fetcher = (url, init) => fetch(url, init),
    compile = compileModule,
  }: { lazy?: boolean; fetcher?: Fetcher; compile?: (url: string) => void } = {},
): Promise<void> {
  const seen = new Set<string>();
  const downloaded: string[] = [];
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    try {
      const response = await fetcher(url, { priority: 'auto', credentials: 'same-origin' });
      if (!response.ok) return;
      const imports = moduleImports(await response.text(), url, lazy);
      downloaded.push(url);
      await Promise.all(imports.map(visit));
    } catch {
      // Offline or gone: nothing to warm.
    }
  };
  await Promise.all([...urls].map((url) => visit(new URL(url, location.href).href)));
  // Once everything is in the cache: a module compiled earlier would ask for its imports itself,
  // a second download beside the prefetch's on a slow network.
  for (const url of downloaded) compile(url);
}
