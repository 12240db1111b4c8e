/**
 * The repeat-view part of `npm run bench`: a visitor opens one key page after another in the same
 * browser, as they would by following the menu, and each page after the first must take every
 * shared hashed file the earlier ones fetched (scripts, stylesheets, fonts, pictures and search
 * shards under `/_astro/`, `/fonts/` and `/search-index/`) from the HTTP cache, not the network. Those files are `immutable` for a
 * year (public/_headers); a file downloaded twice would mean a name that changes per page or a
 * cache rule that does not hold.
 */
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
    const byId = new Map<string, Fetched>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const file = { url: event.request.url, fromCache: false };
      byId.set(event.requestId, file);
      current.push(file);
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const file = byId.get(event.requestId);
      if (file) file.fromCache = true;
    });
    cdp.on('Network.responseReceived', (event) => {
      const file = byId.get(event.requestId);
      if (file && (event.response.fromDiskCache || event.response.fromPrefetchCache)) file.fromCache = true;
    });
    for (const path of options.paths) {
      current = [];
      const requests = watchNetwork(page);
      await page.goto(`${options.siteUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
      await requests.untilQuiet(1_000, 20_000);
      pages.push({ path, fetched: current });
    }
    await context.close();
    return repeatViewRows(pages);
  } finally {
    await browser.close();
  }
}
