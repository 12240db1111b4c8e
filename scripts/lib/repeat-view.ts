/**
 * The repeat-view part of `npm run bench`: a visitor opens one key page after another in the same
 * browser, as they would by following the menu, and each page after the first must take every
 * shared hashed file the earlier ones fetched (scripts, stylesheets, fonts, pictures and search
 * shards under `/_astro/`, `/fonts/` and `/search-index/`) from the HTTP cache, not the network. Those files are `immutable` for a
 * year (public/_headers); a file downloaded twice would mean a name that changes per page or a
 * cache rule that does not hold.
 *
 * Whether a file went to the network is told by the server, not by DevTools' record: a worker's
 * script (the list island's code downloader) is requested in the page's record but answered in
 * the worker's, so the record never said it came from the cache, and the bench reported it
 * fetched again when the server had seen it once.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { watchNetwork } from './quiet-network.ts';

/** A hashed file: its name changes with its content, so the cache may keep it for good. */
export function isHashedFile(url: string): boolean {
  return /^\/(_astro|fonts|search-index)\//.test(new URL(url).pathname);
}

/** One response as the browser saw it. */
export interface Fetched {
  url: string;
  /** Answered from the memory or disk cache, with no request on the network. */
  fromCache: boolean;
}

export interface RepeatViewRow {
  path: string;
  /** Hashed files this page used that an earlier page had fetched. */
  shared: number;
  /** Of those, the ones that went to the network again. */
  refetched: string[];
}

/**
 * The rows of the report: for each page after the first, which of its hashed files an earlier
 * page already had, and which of those it fetched again. `pages` are in visiting order.
 */
export function repeatViewRows(pages: { path: string; fetched: Fetched[] }[]): RepeatViewRow[] {
  const seen = new Set<string>();
  const rows: RepeatViewRow[] = [];
  pages.forEach(({ path, fetched }, index) => {
    const hashed = fetched.filter((file) => isHashedFile(file.url));
    const shared = hashed.filter((file) => seen.has(file.url));
    if (index > 0)
      rows.push({
        path,
        shared: new Set(shared.map((file) => file.url)).size,
        refetched: [...new Set(shared.filter((file) => !file.fromCache).map((file) => file.url))],
      });
    for (const file of hashed) seen.add(file.url);
  });
  return rows;
}

/**
 * `fetched` as the server saw it: a file whose address the server was not asked for while the page
 * loaded came from the browser's cache, whatever DevTools' record said.
 */
export function servedByNetwork(fetched: readonly Fetched[], served: ReadonlySet<string>): Fetched[] {
  return fetched.map((file) => {
    const { pathname, search } = new URL(file.url);
    return { url: file.url, fromCache: !served.has(pathname + search) };
  });
}

/** A pass-through server in front of `target` that notes every address it is asked for. */
async function countingProxy(
  target: string,
): Promise<{ url: string; served: Set<string>; close(): Promise<void> }> {
  const served = new Set<string>();
  const server: Server = createServer((incoming, outgoing) => {
    served.add(incoming.url ?? '/');
    const upstream = request(
      `${target}${incoming.url ?? '/'}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Markdown table; every row holds when nothing shared was fetched again. */
export function formatRepeatViewTable(rows: RepeatViewRow[]): string {
  const lines = [
    '| 두 번째 이후 페이지 | 앞 페이지와 같은 해시 파일 | 네트워크에서 다시 받은 파일 (0) |',
    '| --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| \`${row.path}\` | ${row.shared} | ${row.refetched.length === 0 ? '0 ✔' : `${row.refetched.length} ✖ ${row.refetched.map((url) => new URL(url).pathname).join(', ')}`} |`,
    ),
  ];
  return lines.join('\n');
}

export interface RepeatViewOptions {
  siteUrl: string;
  chromePath: string;
  /** The pages in visiting order. */
  paths: readonly string[];
}

/** Opens `paths` one after another in one browser context, each once its network is quiet. */
export async function runRepeatView(options: RepeatViewOptions): Promise<RepeatViewRow[]> {
  const proxy = await countingProxy(options.siteUrl);
  const browser = await chromium.launch({ executablePath: options.chromePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const pages: { path: string; fetched: Fetched[] }[] = [];
    let current: Fetched[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      current.push({ url: event.request.url, fromCache: false });
    });
    for (const path of options.paths) {
      current = [];
      proxy.served.clear();
      const requests = watchNetwork(page);
      await page.goto(`${proxy.url}${path}`, { waitUntil: 'load', timeout: 60_000 });
      await requests.untilQuiet(1_000, 20_000);
      pages.push({ path, fetched: servedByNetwork(current, proxy.served) });
    }
    await context.close();
    return repeatViewRows(pages);
  } finally {
    await browser.close();
    await proxy.close();
  }
}
