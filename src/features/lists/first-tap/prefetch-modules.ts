/**
 * Downloads an island's code and has it compiled, without running it, so that the visitor's first
 * tap only has to run it: on a slow phone the download is most of the wait, and neither a
 * download nor a compile on a background thread costs the main thread anything. Module scripts
 * and `fetch()` share the HTTP cache (same address, same credentials mode), and the site's hashed
 * files are cached for a year.
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
 * Hands a module to the browser to download and compile, without running it: a `modulepreload`
 * link fetches the file (or finds it in the HTTP cache), compiles it off the main thread (script
 * streaming; with the islands' compile hint, every function of it: compileHints() in
 * src/integrations/page-scripts/compile-hints.ts) and keeps it for the island's `import()`. It
 * fetches that file alone, not what it imports. Where links cannot preload modules, the file is
 * downloaded into the HTTP cache instead.
 */
export function compileModule(url: string): void {
  const link = document.createElement('link');
  if (!link.relList.supports('modulepreload')) {
    // Older engines (Safari before 17): the file in the HTTP cache at least, for the island's
    // `import()` to find.
    fetch(url, { credentials: 'same-origin' })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
    return;
  }
  link.rel = 'modulepreload';
  link.href = url;
  document.head.append(link);
}

/**
 * Has the browser download and compile `urls` and everything they import, without running any of
 * it; what they import with `import()` only when `lazy` (an island whose first tap needs such
 * code: request-templates.ts, `data-lazy-code`). Only `urls` themselves are read here: each built
 * chunk ends with its flat import list (src/integrations/page-scripts/flat-import-lists.ts), so
 * an island's entry names every file below it, and those are handed to the browser unread. A
 * file read in the page's script arrives on the main thread in many small tasks as a slow
 * network delivers it (React DOM's 211 KB took most of a list's main thread after its first
 * paint); a preloaded module streams to a background thread that compiles it there.
 * Not at low priority: it starts at the first paint, when nothing the paint needs is left to
 * load, and on a slow network the web fonts' low-priority downloads (fonts/warm-font-cache.ts)
 * would otherwise hold it back for seconds, while a first tap needs it and the fonts are only
 * looks. Failures are ignored: a missing file is reported when the island really loads it.
 */
export async function prefetchModules(
  urls: Iterable<string>,
  {
    lazy = true,
    fetcher = (url, init) => fetch(url, init),
    compile = compileModule,
  }: { lazy?: boolean; fetcher?: Fetcher; compile?: (url: string) => void } = {},
): Promise<void> {
  const roots = [...new Set([...urls].map((url) => new URL(url, location.href).href))];
  const files = new Set<string>();
  await Promise.all(
    roots.map(async (url) => {
      try {
        const response = await fetcher(url, { priority: 'auto', credentials: 'same-origin' });
        if (!response.ok) return;
        files.add(url);
        for (const imported of moduleImports(await response.text(), url, lazy)) files.add(imported);
      } catch {
        // Offline or gone: nothing to warm.
      }
    }),
  );
  for (const url of files) compile(url);
}
