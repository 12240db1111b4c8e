/**
 * Downloads an island's code into the HTTP cache without running it, so that the visitor's first
 * tap only has to run it: on a slow phone the download is most of the wait, and a download costs
 * the main thread nothing. Module scripts and `fetch()` share the HTTP cache (same address, same
 * credentials mode), and the site's hashed files are cached for a year.
 */

/**
 * The addresses a built module imports, statically or with `import()`, resolved against its own
 * address; an `import()` in a comment counts too (the build names what a chunk may import later
 * that way, flatImportLists() in src/integrations/page-scripts/vite-plugins.ts). Only relative
 * specifiers count: the build writes its chunks as `./name.hash.js`, and
 * anything else (a bare name, a data address) is not a file of the site.
 */
export function moduleImports(source: string, moduleUrl: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:\bfrom|\bimport)\s*\(?\s*["'`](\.{1,2}\/[^"'`\s]+?\.js)["'`]/g;
  for (const match of source.matchAll(pattern)) found.add(new URL(match[1]!, moduleUrl).href);
  return [...found];
}

type Fetcher = (url: string, init: RequestInit & { priority?: 'low' | 'high' | 'auto' }) => Promise<Response>;

/**
 * Fetches `urls` and everything they import, each once. Not at low priority: it starts at the
 * first paint, when nothing the paint needs is left to load, and on a slow network the web fonts'
 * low-priority downloads (fonts/warm-font-cache.ts) would otherwise hold it back for seconds,
 * while a first tap needs it and the fonts are only looks. Failures are ignored:
 * a missing file is reported when the island really loads it.
 */
export async function prefetchModules(
  urls: Iterable<string>,
  fetcher: Fetcher = (url, init) => fetch(url, init),
): Promise<void> {
  const seen = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    try {
      const response = await fetcher(url, { priority: 'auto', credentials: 'same-origin' });
      if (!response.ok) return;
      await Promise.all(moduleImports(await response.text(), url).map(visit));
    } catch {
      // Offline or gone: nothing to warm.
    }
  };
  await Promise.all([...urls].map((url) => visit(new URL(url, location.href).href)));
}
