/**
 * The download half of the island prefetch (prefetch-modules.ts): which files an island's first
 * files name, and their download into the HTTP cache, the larger part in a worker
 * (module-cache.worker.ts). Nothing here touches the document.
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

/** What the page asks for: an island's first files and whether its lazy code counts. */
export interface ModuleRequest {
  urls: string[];
  lazy: boolean;
}

/**
 * A file's text, downloaded to the end (which is what stores a whole file in the HTTP cache), or
 * `null` when it did not arrive. Not at low priority: it starts at the first paint, when nothing
 * the paint needs is left to load, and on a slow network the web fonts' low-priority downloads
 * (fonts/warm-font-cache.ts) would otherwise hold it back for seconds, while a first tap needs it
 * and the fonts are only looks. A missing file is reported when the island really loads it.
 */
async function download(url: string, fetcher: Fetcher): Promise<string | null> {
  try {
    const response = await fetcher(url, { priority: 'auto', credentials: 'same-origin' });
    return response.ok ? await response.text() : null;
  } catch {
    // Offline or gone: nothing to warm.
    return null;
  }
}

const defaultFetcher: Fetcher = (url, init) => fetch(url, init);

/** The addresses in a message between the page and the download worker; anything else is none. */
export function addressList(data: unknown): string[] {
  return Array.isArray(data) ? data.map(String) : [];
}

/** Downloads each of `urls` once and resolves with those that arrived. */
export async function downloadFiles(
  urls: readonly string[],
  fetcher: Fetcher = defaultFetcher,
): Promise<string[]> {
  const files = [...new Set(urls)];
  const arrived = await Promise.all(files.map(async (url) => (await download(url, fetcher)) !== null));
  return files.filter((_, index) => arrived[index]);
}

/**
 * Downloads an island's first files and reads what they name: each built chunk ends with its
 * flat import list (src/integrations/page-scripts/flat-import-lists.ts), so they name every file
 * below them; what they import with `import()` only when `lazy` (an island whose first tap needs
 * such code: request-templates.ts, `data-lazy-code`). `named` leaves out the first files themselves
 * and whatever a file that did not arrive would have named.
 */
export async function readFirstFiles(
  { urls, lazy }: ModuleRequest,
  fetcher: Fetcher = defaultFetcher,
): Promise<{ arrived: string[]; named: string[] }> {
  const roots = [...new Set(urls)];
  const named = new Set<string>();
  const read = await Promise.all(
    roots.map(async (url) => {
      const source = await download(url, fetcher);
      if (source === null) return false;
      for (const imported of moduleImports(source, url, lazy)) named.add(imported);
      return true;
    }),
  );
  return {
    arrived: roots.filter((_, index) => read[index]),
    named: [...named].filter((url) => !roots.includes(url)),
  };
}

/**
 * Downloads `urls` and every file they name, each once ({@link readFirstFiles}, then
 * {@link downloadFiles}), and resolves with the addresses that arrived.
 */
export async function downloadModules(
  request: ModuleRequest,
  fetcher: Fetcher = defaultFetcher,
): Promise<string[]> {
  const { arrived, named } = await readFirstFiles(request, fetcher);
  return [...arrived, ...(await downloadFiles(named, fetcher))];
}
