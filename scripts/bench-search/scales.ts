/**
 * `npm run bench:search -- --scales 1,10,50`: the search's budgets as the content grows. For each
 * scale, the content generator's copy of our content (`content:generate`, kept under
 * `.cache/bench-search/`), its index built in memory as the site build builds it, and the same
 * figures as the one-scale table: recall of the quality set, bytes and requests of a first and a
 * later query, the entry, the index, what a publish rewrites, search time once loaded, and the
 * index build's time and peak memory (in a process of its own, `index-build.ts`).
 *
 * The generated copies share their originals' texts (only ids, addresses, dates and titles
 * vary), so they compress better than distinct real text would and compete with the quality
 * set's documents for the first ten places.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSearchIndex } from '../../src/lib/search/index/build-index.ts';
import { generateContent } from '../content-api/generate.ts';
import type { IndexBuildFigures } from './index-build.ts';
import { countingSearcher, ENTRY_URL, indexFiles, publishCosts, queryCosts, type Cost } from './measure.ts';
import {
  BYTES_PER_MS,
  costLine,
  firstResultsMs,
  fragmentLine,
  kb,
  max,
  median,
  p95,
  pct,
  RTT_MS,
} from './figures.ts';
import { startPagefindOnRecords } from './pagefind.ts';
import { measureQuality } from './quality.ts';
import { QUALITY_QUERIES } from './queries.ts';
import { referenceSearchDocs } from './reference-content.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REFERENCE = join(ROOT, 'scripts', 'content-api', 'data');

/** Our content `scale` times over: the reference folder itself at 1, else a generated copy, made once. */
export function contentAtScale(scale: number): string {
  if (scale === 1) return REFERENCE;
  const dir = join(ROOT, '.cache', 'bench-search', `content-${scale}`);
  if (!existsSync(join(dir, 'news.json'))) generateContent(scale, dir);
  return dir;
}

function indexBuildFigures(contentDir: string): IndexBuildFigures {
  const out = execFileSync(
    process.execPath,
    [join(ROOT, 'scripts/bench-search/index-build.ts'), contentDir],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as IndexBuildFigures;
}

/** Each first query's first results over the modelled Slow 4G (`firstResultsMs`), ms. */
const firstResults = (f: ScaleFigures) => f.firstShown.map((shown, i) => firstResultsMs(shown, f.first[i]!));

export interface ScaleFigures {
  scale: number;
  docs: number;
  recall: number;
  falseHits: number;
  firstShown: Cost[];
  first: Cost[];
  later: Cost[];
  entryBytes: number;
  indexBytes: number;
  indexFiles: number;
  largestFile: number;
  searchP95: number;
  publish: { edit: number; add: number; delete: number };
  build: IndexBuildFigures;
  /** Pagefind over the same documents (custom records), when asked for. */
  pagefind?: { recall: number; falseHits: number; first: Cost[]; indexBytes: number };
}

/** Queries whose cold cost Pagefind is measured on: a word, a phrase, a word with a particle. */
const PAGEFIND_COLD = ['온보딩', '구조화 면접', '자기소개서를'];

async function pagefindFigures(docs: Parameters<typeof startPagefindOnRecords>[0]) {
  const pagefind = await startPagefindOnRecords(docs);
  try {
    const quality = await measureQuality(QUALITY_QUERIES, (query) => pagefind.search(query));
    const first: Cost[] = [];
    for (const query of PAGEFIND_COLD) first.push(await pagefind.firstQueryCost(query));
    return {
      recall: quality.recall,
      falseHits: quality.falseHits.length,
      first,
      indexBytes: pagefind.indexBytes,
    };
  } finally {
    await pagefind.close();
  }
}

export async function measureScale(scale: number, withPagefind = true): Promise<ScaleFigures> {
  const contentDir = contentAtScale(scale);
  const docs = await referenceSearchDocs(contentDir);
  const files = indexFiles(buildSearchIndex(docs));
  const quality = await measureQuality(QUALITY_QUERIES, async (query) => {
    const response = await countingSearcher(files).searcher.search(query, { limit: 10 });
    return { ids: response.hits.map((hit) => hit.id), total: response.total };
  });
  const costs = await queryCosts(
    files,
    QUALITY_QUERIES.map((q) => q.query),
  );
  // No run of publishes in a row at scale: each is a whole index build.
  const publish = publishCosts(docs, {}, 0);
  const sizes = [...files.entries()].filter(([url]) => url !== ENTRY_URL).map(([, file]) => file.bytes);
  return {
    scale,
    docs: docs.length,
    recall: quality.recall,
    falseHits: quality.falseHits.length,
    firstShown: costs.firstShown,
    first: costs.first,
    later: costs.later,
    entryBytes: files.get(ENTRY_URL)!.bytes,
    indexBytes: [...files.values()].reduce((sum, file) => sum + file.bytes, 0),
    indexFiles: files.size,
    largestFile: max(sizes),
    searchP95: p95(costs.times),
    publish: { edit: publish.edit.share, add: publish.add.share, delete: publish.delete.share },
    build: indexBuildFigures(contentDir),
    ...(withPagefind ? { pagefind: await pagefindFigures(docs) } : {}),
  };
}

const mark = (ok: boolean) => (ok ? ' ✔' : ' ✖');

/** The budgets of the search at every scale, one row a figure, one column a scale. */
export function scaleTable(all: readonly ScaleFigures[]): string[] {
  const rows: [string, (f: ScaleFigures) => string][] = [
    ['Documents', (f) => String(f.docs)],
    ['Recall@10 (≥ 0.95)', (f) => f.recall.toFixed(3) + mark(f.recall >= 0.95)],
    ['Words used nowhere with results (0)', (f) => String(f.falseHits) + mark(f.falseHits === 0)],
    [
      'First query, cold page, to the ranking: entry, term shards, delta (≤ 4 requests)',
      (f) => costLine(f.firstShown) + mark(max(f.firstShown.map((c) => c.requests)) <= 4),
    ],
    [
      'First query, with the fragments of the 10 results shown (≤ 40 KB)',
      (f) => costLine(f.first) + mark(max(f.first.map((c) => c.bytes)) <= 40 * 1024),
    ],
    ['First query: fragment requests (one parallel round)', (f) => fragmentLine(f.first)],
    [
      'Later query (≤ 10 KB)',
      (f) => costLine(f.later) + mark(median(f.later.map((c) => c.bytes)) <= 10 * 1024),
    ],
    ['Later query: fragment requests', (f) => fragmentLine(f.later)],
    ['Entry file (brotli)', (f) => kb(f.entryBytes)],
    ['Slow 4G: entry alone', (f) => `${Math.round(RTT_MS + f.entryBytes / BYTES_PER_MS)} ms`],
    [
      'Slow 4G: cold page → first results (median; the entry and the query’s shards side by side, the fragments only when the rows lack the best result)',
      (f) => `${Math.round(median(firstResults(f)))} ms`,
    ],
    [
      'Slow 4G: first results after the entry arrives (max; ≤ 600 ms)',
      (f) => {
        const after = max(firstResults(f).map((ms) => ms - RTT_MS - f.entryBytes / BYTES_PER_MS));
        return `${Math.round(after)} ms` + mark(after <= 600);
      },
    ],
    [
      'First results from the rows, before any fragment',
      (f) => `${f.firstShown.filter((c) => c.rowsFirst).length} of ${f.firstShown.length} queries`,
    ],
    ['Search once loaded, Node (p95)', (f) => `${f.searchP95.toFixed(1)} ms`],
    ['Index (brotli)', (f) => `${kb(f.indexBytes)} in ${f.indexFiles} files, largest ${kb(f.largestFile)}`],
    ['A publish rewrites: item edited (≤ 5 %)', (f) => pct(f.publish.edit) + mark(f.publish.edit <= 0.05)],
    ['A publish rewrites: item added (≤ 5 %)', (f) => pct(f.publish.add) + mark(f.publish.add <= 0.05)],
    ['A publish rewrites: item deleted', (f) => pct(f.publish.delete)],
    ['Index build: time, peak memory', (f) => `${(f.build.ms / 1000).toFixed(1)} s, ${f.build.peakMb} MB`],
  ];
  const pagefind = (cell: (p: NonNullable<ScaleFigures['pagefind']>) => string) => (f: ScaleFigures) =>
    f.pagefind ? cell(f.pagefind) : '–';
  rows.push(
    ['Pagefind: recall@10', pagefind((p) => p.recall.toFixed(3))],
    ['Pagefind: words used nowhere with results', pagefind((p) => String(p.falseHits))],
    [`Pagefind: first query, cold (${PAGEFIND_COLD.join(', ')})`, pagefind((p) => costLine(p.first))],
    ['Pagefind: first query, fragment requests', pagefind((p) => fragmentLine(p.first))],
    ['Pagefind: index', pagefind((p) => kb(p.indexBytes))],
  );
  return [
    `| Site search | ${all.map((f) => `${f.scale}×`).join(' | ')} |`,
    `|---|${all.map(() => '---').join('|')}|`,
    ...rows.map(([what, cell]) => `| ${what} | ${all.map(cell).join(' | ')} |`),
  ];
}
