/**
 * Pagefind, the baseline: its Node API indexes the same built site (`addDirectory`), and its own
 * browser script (`pagefind.js`, worker-free API, wasm) answers the same queries in Chromium. A
 * result counts for the documents living at its address, and for a list page, for the items
 * whose card that page shows (items without a page of their own: news, videos, seminars, FAQ).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import type { SearchDoc } from '../../src/lib/search/format/types.ts';
import { brotliSize, type Cost } from './measure.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

function serve(dist: string, pagefindDir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/__bench.html') {
      res.writeHead(200, { 'content-type': TYPES['.html']! });
      res.end('<!doctype html><html lang="ko"><title>bench</title><body></body></html>');
      return;
    }
    const root = path.startsWith('/pagefind/') ? pagefindDir : dist;
    const rel = path.startsWith('/pagefind/') ? path.slice('/pagefind/'.length) : path.slice(1);
    let file = normalize(join(root, rel));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      });
    }),
  );
}

function pathOf(url: string): string {
  const path = new URL(url, 'http://x').pathname.replace(/index\.html$/, '').replace(/\/$/, '');
  return decodeURIComponent(path || '/');
}

export interface PagefindRun {
  search(query: string): Promise<{ ids: string[]; total: number }>;
  firstQueryCost(query: string): Promise<Cost>;
  indexBytes: number;
  close(): Promise<void>;
}

/** What Pagefind's Node API hands a step that adds to an index. */
type PagefindIndex = NonNullable<Awaited<ReturnType<(typeof import('pagefind'))['createIndex']>>['index']>;

/** A Pagefind index filled by `fill`, written to a temporary folder, and its size. */
async function writeIndex(
  fill: (index: PagefindIndex) => Promise<unknown>,
): Promise<{ out: string; sizeOf(path: string): number; indexBytes: number }> {
  const pagefind = await import('pagefind');
  const out = mkdtempSync(join(tmpdir(), 'bench-pagefind-'));
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind 색인을 만들지 못했습니다: ${errors.join(', ')}`);
  await fill(index);
  await index.writeFiles({ outputPath: out });
  const { files } = await index.getFiles();
  await pagefind.close();
  /** Bytes of an index file as served: brotli, or the file itself when that is smaller. */
  const sizeOf = (path: string): number => {
    const file = join(out, path);
    return existsSync(file) ? Math.min(statSync(file).size, brotliSize(readFileSync(file))) : 0;
  };
  return { out, sizeOf, indexBytes: files.reduce((sum, file) => sum + sizeOf(file.path), 0) };
}

/**
 * Which documents a result address stands for: those living at it, and for a list page, the
 * items without a page of their own whose card that page shows.
 */
function documentsAt(dist: string, docs: readonly SearchDoc[]): (url: string) => string[] {
  const byPath = new Map<string, string[]>();
  const add = (path: string, id: string) => byPath.set(path, [...(byPath.get(path) ?? []), id]);
  for (const doc of docs) if (doc.url.startsWith('/')) add(pathOf(doc.url), doc.id);
  const cardsOf = (path: string): string[] => {
    const file = join(dist, path, 'index.html');
    if (!existsSync(file)) return [];
    const html = readFileSync(file, 'utf8');
    return docs
      .filter((doc) => ['news', 'video', 'seminar', 'faq'].includes(doc.type) && html.includes(doc.title))
      .map((doc) => doc.id);
  };
  return (url) => {
    const path = pathOf(url);
    return [...(byPath.get(path) ?? []), ...cardsOf(path)];
  };
}

/** A fresh page on the bench's blank document, with the Pagefind files it requests. */
async function openBenchPage(browser: Browser, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/pagefind/')) requests.push(url.pathname.slice('/pagefind/'.length));
  });
  await page.goto(`${origin}/__bench.html`);
  return { context, page, requests };
}

/** Asks Pagefind's browser script in `page`: the first ten results' addresses and the count. */
function pagefindQuery(page: Page, text: string): Promise<{ urls: string[]; total: number }> {
  return page.evaluate(async (q) => {
    const script = '/pagefind/pagefind.js';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Pagefind's browser API, untyped here
    const pf: any = await import(/* @vite-ignore */ script);
    const found = await pf.search(q);
    const shown = await Promise.all(
      found.results.slice(0, 10).map((r: { data(): Promise<{ url: string }> }) => r.data()),
    );
    return { urls: shown.map((d: { url: string }) => d.url), total: found.results.length as number };
  }, text) as Promise<{ urls: string[]; total: number }>;
}

/** Indexes `dist` with Pagefind, serves it and opens Pagefind's search in Chromium. */
export async function startPagefind(dist: string, docs: readonly SearchDoc[]): Promise<PagefindRun> {
  const written = await writeIndex((index) => index.addDirectory({ path: dist }));
  return openPagefind(written, dist, documentsAt(dist, docs));
}

/**
 * Pagefind over the documents themselves, one custom record each (their text, their title as
 * the title): for generated content with no built site, so that both engines index the same
 * words at every scale.
 */
export async function startPagefindOnRecords(docs: readonly SearchDoc[]): Promise<PagefindRun> {
  const written = await writeIndex(async (index) => {
    for (const [i, doc] of docs.entries())
      await index.addCustomRecord({
        url: `/doc/${i}/`,
        content: `${doc.title}\n${doc.text}`,
        language: 'ko',
        meta: { title: doc.title },
      });
  });
  const empty = mkdtempSync(join(tmpdir(), 'bench-pagefind-site-'));
  const run = await openPagefind(written, empty, (url) => {
    const doc = docs[Number(/^\/doc\/(\d+)\//.exec(pathOf(url) + '/')?.[1] ?? -1)];
    return doc ? [doc.id] : [];
  });
  return { ...run, close: () => run.close().finally(() => rmSync(empty, { recursive: true, force: true })) };
}

async function openPagefind(
  { out, sizeOf, indexBytes }: Awaited<ReturnType<typeof writeIndex>>,
  siteRoot: string,
  documents: (url: string) => string[],
): Promise<PagefindRun> {
  const { server, origin } = await serve(siteRoot, out);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const session = await openBenchPage(browser, origin);
  return {
    indexBytes,
    async search(text) {
      const { urls, total } = await pagefindQuery(session.page, text);
      return { ids: [...new Set(urls.flatMap(documents))], total };
    },
    async firstQueryCost(text) {
      const cold = await openBenchPage(browser, origin);
      await pagefindQuery(cold.page, text);
      await cold.context.close();
      const fragments = cold.requests.filter((path) => path.startsWith('fragment/')).length;
      return {
        requests: cold.requests.length - fragments,
        bytes: cold.requests.reduce((sum, path) => sum + sizeOf(path), 0),
        fragments,
      };
    },
    async close() {
      await session.context.close();
      await browser.close();
      server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
