/**
 * `npm run bench:search [-- --dist dist]`: the site search on a built site (`npm run build`
 * first). Prints a Markdown table: recall@10 of the quality set (`scripts/bench-search/queries.ts`)
 * and hits for words used nowhere, bytes (brotli) and requests of a first query on a cold page
 * and of a later one, the time to a first result over slow 4G (150 ms RTT, 1.6 Mbps: one round
 * trip per step, entry → term shards → document shards), search time once loaded, the index's
 * size, and the share of it one publish rewrites. Beside it, Pagefind indexing the same site.
 * Then, in Chromium at `npm run bench`'s slow-phone profile (calibrated CPU slowdown, Slow 4G for
 * the cold query: bench-search/slow-phone.ts), cold page → first result and keystroke → results.
 * `--cpu N` fixes the slowdown instead of calibrating it; `--no-browser` skips that part.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DocShardSchema, EntrySchema } from '../src/lib/search/format.ts';
import type { SearchDoc } from '../src/lib/search/types.ts';
import { ENTRY_URL, indexFiles, onePublish, queryCosts, type Cost } from './bench-search/measure.ts';
import { startPagefind } from './bench-search/pagefind.ts';
import { QUALITY_QUERIES } from './bench-search/queries.ts';
import { measureQuality } from './bench-search/quality.ts';
import { benchSlowPhone } from './bench-search/slow-phone.ts';
import { describeCalibration, parseCpuOption } from './lib/cpu-calibration.ts';
import { serveStatic } from './lib/static-server.ts';

const RTT_MS = 150;
const BYTES_PER_MS = 1_600_000 / 8 / 1000;

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    'no-pagefind': { type: 'boolean' },
    'no-browser': { type: 'boolean' },
    cpu: { type: 'string' },
  },
});
const dist = values.dist;
const entryFile = join(dist, 'search', 'index.json');
if (!existsSync(entryFile)) {
  console.error(`${entryFile}이 없습니다. 먼저 사이트를 빌드해 주세요 (npm run build).`);
  process.exit(1);
}

// The built index, as the site serves it; its documents give the publish simulation its input.
const entry = EntrySchema.parse(JSON.parse(readFileSync(entryFile, 'utf8')));
const files = indexFiles({
  entry,
  files: readdirSync(join(dist, entry.base)).map((name) => ({
    name,
    body: readFileSync(join(dist, entry.base, name), 'utf8'),
  })),
});
const docs: SearchDoc[] = entry.docFiles.flatMap((name) =>
  Object.values(DocShardSchema.parse(JSON.parse(files.get(entry.base + name)!.body)).d).map(
    ({ date, ...doc }): SearchDoc => (date ? { ...doc, date } : doc),
  ),
);

const quality = await measureQuality(QUALITY_QUERIES, async (query) => {
  const { searcher } = (await import('./bench-search/measure.ts')).countingSearcher(files);
  const response = await searcher.search(query, { limit: 10 });
  return { ids: response.hits.map((hit) => hit.id), total: response.total };
});
const queries = QUALITY_QUERIES.map((q) => q.query);
const costs = await queryCosts(files, queries);
const publish = onePublish(docs);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;
const max = (xs: number[]) => Math.max(0, ...xs);
const costLine = (cs: Cost[]) =>
  `median ${kb(median(cs.map((c) => c.bytes)))} in ${median(cs.map((c) => c.requests))}, max ${kb(max(cs.map((c) => c.bytes)))} in ${max(cs.map((c) => c.requests))}`;
const entryBytes = files.get(ENTRY_URL)!.bytes;
// Entry, then term shards (or the initials), then document shards: three round trips.
const firstResultMs = (cs: Cost[]) => median(cs.map((c) => 3 * RTT_MS + c.bytes / BYTES_PER_MS));
const totalBytes = [...files.values()].reduce((sum, f) => sum + f.bytes, 0);

const rows: [string, string, string][] = [
  ['Documents', String(docs.length), ''],
  [`Recall@10 (${QUALITY_QUERIES.length} queries)`, quality.recall.toFixed(3), ''],
  ['Queries for words used nowhere with results', String(quality.falseHits.length), ''],
  ['First query, cold page (requests incl. entry)', costLine(costs.first), ''],
  ['Later query', costLine(costs.later), ''],
  ['Entry file', kb(entryBytes), ''],
  ['Slow 4G: entry alone', `${Math.round(RTT_MS + entryBytes / BYTES_PER_MS)} ms`, ''],
  ['Slow 4G: cold page → first result (median)', `${Math.round(firstResultMs(costs.first))} ms`, ''],
  ['Search once loaded (p95)', `${p95(costs.times).toFixed(1)} ms`, ''],
  ['Index total (brotli)', `${kb(totalBytes)} in ${files.size} files`, ''],
  ['One publish rewrites: item edited', `${pct(publish.edit.share)} (${publish.edit.files} files)`, ''],
  [
    'One publish rewrites: item added (median of 16)',
    `${pct(publish.addMedian.share)} (${publish.addMedian.files} files)`,
    '',
  ],
  [
    'One publish rewrites: item added, tail folded',
    `${pct(publish.addWorst.share)} (${publish.addWorst.files} files), ${pct(publish.addFolds)} of adds`,
    '',
  ],
  ['One publish rewrites: item deleted', `${pct(publish.delete.share)} (${publish.delete.files} files)`, ''],
];

if (!values['no-pagefind']) {
  const pagefind = await startPagefind(dist, docs);
  try {
    const pfQuality = await measureQuality(QUALITY_QUERIES, (query) => pagefind.search(query));
    const pfFirst: Cost[] = [];
    for (const query of ['온보딩', '구조화 면접', '자기소개서를'])
      pfFirst.push(await pagefind.firstQueryCost(query));
    rows[1]![2] = pfQuality.recall.toFixed(3);
    rows[2]![2] = String(pfQuality.falseHits.length);
    rows[3]![2] = costLine(pfFirst);
    rows[9]![2] = kb(pagefind.indexBytes);
  } finally {
    await pagefind.close();
  }
}

/** Queries typed on a cold page at the slow-phone profile: a word, a phrase, a particle, 초성, Latin. */
const COLD_QUERIES = ['온보딩', '구조화 면접', '자기소개서를', 'ㅇㅂㄷ', 'ISMS'];
let calibrationLine = '';
if (!values['no-browser']) {
  const site = await serveStatic(dist, 0);
  try {
    const phone = await benchSlowPhone({
      siteUrl: site.url,
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      cpuMultiplier: parseCpuOption(values.cpu),
      coldQueries: COLD_QUERIES,
      warmQueries: queries,
    });
    calibrationLine = `${describeCalibration(phone.calibration)}; 감속 중 측정한 benchmarkIndex ${Math.round(phone.throttledIndex)}`;
    const ms = (value: number) => `${Math.round(value)} ms`;
    // Each cold query's first result less the entry alone timed from its own page.
    const overEntry = phone.cold.map((cold, index) => cold - phone.entryAlone[index]!);
    rows.push(
      [
        'Slow phone: benchmarkIndex (host → slowed)',
        `${phone.calibration.hostIndex === null ? '?' : Math.round(phone.calibration.hostIndex)} → ${Math.round(phone.throttledIndex)} (×${phone.calibration.multiplier})`,
        '',
      ],
      [
        'Slow phone, Slow 4G: entry alone (from the page)',
        `median ${ms(median(phone.entryAlone))}, max ${ms(max(phone.entryAlone))}`,
        '',
      ],
      [
        `Slow phone, Slow 4G: cold page → first result (${COLD_QUERIES.length} queries)`,
        `median ${ms(median(phone.cold))}, max ${ms(max(phone.cold))}`,
        '',
      ],
      [
        'Slow phone, Slow 4G: first result over the entry alone',
        `median ${ms(median(overEntry))}, max ${ms(max(overEntry))}`,
        '',
      ],
      [
        'Slow phone: keystroke → results, loaded (p95)',
        `${ms(p95(phone.warm))} (engine alone ${ms(p95(phone.engine))})`,
        '',
      ],
    );
  } finally {
    await site.close();
  }
}

if (calibrationLine) console.log(`${calibrationLine}\n`);
console.log('| Site search | Ours | Pagefind |');
console.log('|---|---|---|');
for (const [what, ours, pagefind] of rows) console.log(`| ${what} | ${ours} | ${pagefind} |`);
const misses = quality.outcomes.filter((o) => o.missed.length > 0);
if (misses.length > 0)
  console.log(`\n놓친 문서: ${misses.map((o) => `${o.query.query} → ${o.missed.join(', ')}`).join('; ')}`);
