/**
 * Visitors during a deploy: page requests, each followed (after a short pause, as a browser
 * parses the page first) by every hashed file the page needs — the scripts and styles it names,
 * the chunks those import, the fonts the font stylesheet names — so a page fetched just before
 * the switch asks for its files just after it. A bounded run: a fixed number of page loads and
 * a time limit.
 */

/**
 * Hashed-file addresses in a page, script or stylesheet (absolute `/_astro/…`, `/_astro/cards/…`,
 * `/fonts/…`): whole file names, with their extension. A script that builds a name from a
 * template (`/search-index/terms-${…}`) names no file a browser would ask for as it parses.
 */
export function hashedReferences(text: string, folders: readonly string[]): string[] {
  const pattern = new RegExp(
    `/(?:${folders.join('|')})(?:/[A-Za-z0-9._@~+-]+)*/[A-Za-z0-9._@~+-]*\\.[A-Za-z0-9]+(?![A-Za-z0-9._@~+$-])`,
    'g',
  );
  return [...new Set(text.match(pattern) ?? [])];
}

/** Imports between chunks (`"./react.CvnImTBr.js"`), as addresses beside `from`. */
function relativeImports(text: string, from: string): string[] {
  const dir = from.slice(0, from.lastIndexOf('/') + 1);
  return [
    ...new Set(
      [...text.matchAll(/["'`]\.\/([A-Za-z0-9._@~+-]+\.js)["'`]/g)].map((match) => `${dir}${match[1]}`),
    ),
  ];
}

export interface Miss {
  page: string;
  url: string;
  status: number;
  at: number;
}

export interface PageLoad {
  page: string;
  /** Every hashed file it needed (transitively). */
  assets: string[];
  /** ms since the start when the page arrived. */
  at: number;
}

export interface LoadResult {
  requests: number;
  pageLoads: PageLoad[];
  misses: Miss[];
  ms: number;
}

export interface LoadOptions {
  baseUrl: string;
  /** Page addresses, visited in turn (`/faq`). */
  pages: readonly string[];
  /** The hashed folders (`_astro`, `fonts`). */
  folders: readonly string[];
  workers: number;
  maxPageLoads: number;
  maxMs: number;
  /** Called after every page load (to start a deploy once some pages have loaded). */
  onPageLoad?: (loads: readonly PageLoad[]) => void;
  /** Stops early once this returns true (checked before every page load). */
  enough?: (loads: readonly PageLoad[]) => boolean;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const start = performance.now();
  const elapsed = () => performance.now() - start;
  const result: LoadResult = { requests: 0, pageLoads: [], misses: [], ms: 0 };
  // What a script or stylesheet imports never changes (its name is its content's hash).
  const parsed = new Map<string, string[]>();
  let next = 0;

  const request = async (url: string, method: 'GET' | 'HEAD') => {
    result.requests++;
    const response = await fetch(`${options.baseUrl}${url}`, { method, signal: AbortSignal.timeout(10_000) });
    const body = method === 'GET' ? await response.text() : (await response.arrayBuffer(), '');
    return { status: response.status, body };
  };

  const visit = async (page: string) => {
    const html = await request(page, 'GET');
    const at = elapsed();
    if (html.status !== 200) {
      result.misses.push({ page, url: page, status: html.status, at });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
    const seen = new Set<string>();
    let queue = hashedReferences(html.body, options.folders);
    while (queue.length > 0) {
      const batch = queue.filter((url) => !seen.has(url));
      queue = [];
      for (const url of batch) seen.add(url);
      const found = await Promise.all(
        batch.map(async (url) => {
          const text = /\.(?:js|css)$/.test(url) && !parsed.has(url);
          const { status, body } = await request(url, text ? 'GET' : 'HEAD');
          if (status !== 200) {
            result.misses.push({ page, url, status, at: elapsed() });
            return [];
          }
          if (text)
            parsed.set(url, [...hashedReferences(body, options.folders), ...relativeImports(body, url)]);
          return parsed.get(url) ?? [];
        }),
      );
      queue = found.flat();
    }
    result.pageLoads.push({ page, assets: [...seen].sort(), at });
    options.onPageLoad?.(result.pageLoads);
  };

  const worker = async () => {
    while (next < options.maxPageLoads && elapsed() < options.maxMs) {
      if (options.enough?.(result.pageLoads)) return;
      await visit(options.pages[next++ % options.pages.length]!);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  result.ms = elapsed();
  return result;
}
