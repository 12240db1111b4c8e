/**
 * `npm run bench:search [-- --dist dist]`: the site search on a built site (`npm run build`
 * first); `--reference` builds the index in memory from the reference content instead (no
 * build, no Pagefind, no browser: the in-memory rows only). Prints a Markdown table: recall@10 of the quality set (`scripts/bench-search/queries.ts`)
 * and hits for words used nowhere, bytes (brotli) and requests of a first query on a cold page
 * and of a later one, the time to a first result over slow 4G (150 ms RTT, 1.6 Mbps: one round
 * trip per step: entry → term shards and delta → the fragments of the results shown), search
 * time once loaded, the index's size, and the share of it a publish rewrites. Beside it, Pagefind indexing the same site.
 * Then, in Chromium at `npm run bench`'s slow-phone profile (calibrated CPU slowdown, Slow 4G for
 * the cold query: bench-search/slow-phone.ts), cold page → first result and keystroke → results.
 * `--cpu N` fixes the slowdown instead of calibrating it; `--no-browser` skips that part; the
 * site is served on a free port, or on `--port N`.
 * `--scales 1,10,50`: the budgets at our content and at generated copies 10 and 50 times its size,
 * one column a scale (bench-search/scales.ts), in memory.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildSearchIndex } from '../src/lib/search/index/build-index.ts';
import { EntrySchema } from '../src/lib/search/format/format.ts';
import {
  ENTRY_URL,
  docsOfIndex,
  indexFiles,
  publishCosts,
  queryCosts,
  type Cost,
  type Index,
} from './bench-search/measure.ts';
import { referenceSearchDocs } from './bench-search/reference-content.ts';
import { startPagefind } from './bench-search/pagefind.ts';
import { QUALITY_QUERIES } from './bench-search/queries.ts';
import { measureQuality } from './bench-search/quality.ts';
import { benchSlowPhone } from './bench-search/slow-phone.ts';
import { measureScale, scaleTable } from './bench-search/scales.ts';
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
} from './bench-search/figures.ts';
import { describeCalibration, parseCpuOption } from './lib/cpu-calibration.ts';
import { serveStatic } from './lib/static-server.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    'no-pagefind': { type: 'boolean' },
    'no-browser': { type: 'boolean' },
    reference: { type: 'boolean' },
    cpu: { type: 'string' },
    port: { type: 'string', default: '0' },
    scales: { type: 'string' },
  },
});

if (values.scales) {
  const scales = values.scales.split(',').map(Number);
  if (scales.some((scale) => !Number.isInteger(scale) || scale < 1 || scale > 100)) {
    console.error('--scales는 1~100 사이 정수를 쉼표로 이어 적습니다 (예: --scales 1,10,50).');
    process.exit(2);
  }
  const figures = [];
  for (const scale of scales) {
    console.error(`${scale}배 콘텐츠의 색인을 재는 중…`);
    figures.push(await measureScale(scale, !values['no-pagefind']));
  }
  for (const line of scaleTable(figures)) console.log(line);
  process.exit(0);
}
const dist = values.dist;
const reference = values.reference === true;
if (reference) values['no-pagefind'] = values['no-browser'] = true;

function builtIndex(): Index {
  const entryFile = join(dist, 'search', 'index.json');
  if (!existsSync(entryFile)) {
    console.error(`${entryFile}이 없습니다. 먼저 사이트를 빌드해 주세요 (npm run build).`);
    process.exit(1);
  }
  const entry = EntrySchema.parse(JSON.parse(readFileSync(entryFile, 'utf8')));
  return {
    entry,
    files: readdirSync(join(dist, entry.base)).map((name) => ({
      name,
      body: readFileSync(join(dist, entry.base, name), 'utf8'),
    })),
  };
}

// The index as the site serves it; its documents give the publish simulation its input.
const index = reference
  ? buildSearchIndex(await referenceSearchDocs(fileURLToPath(new URL('./content-api/data', import.meta.url))))
  : builtIndex();
const files = indexFiles(index);
const docs = docsOfIndex(index);

const quality = await measureQuality(QUALITY_QUERIES, async (query) => {
  const { searcher } = (await import('./bench-search/measure.ts')).countingSearcher(files);
  const response = await searcher.search(query, { limit: 10 });
  return { ids: response.hits.map((hit) => hit.id), total: response.total };
});
const queries = QUALITY_QUERIES.map((q) => q.query);
const costs = await queryCosts(files, queries);
const publish = publishCosts(docs);

const entryBytes = files.get(ENTRY_URL)!.bytes;
const shownMs = (shown: Cost[], done: Cost[]) => median(shown.map((c, i) => firstResultsMs(c, done[i]!)));
const totalBytes = [...files.values()].reduce((sum, f) => sum + f.bytes, 0);
const rewrite = (p: { share: number; files: number; fresh: boolean }) =>
  `${pct(p.share)} (${p.files} files${p.fresh ? ', folded' : ''})`;
const folds = publish.run.filter((p) => p.fresh);
const kept = publish.run.filter((p) => !p.fresh);

const rows: [string, string, string][] = [
  ['Documents', String(docs.length), ''],
  [`Recall@10 (${QUALITY_QUERIES.length} queries)`, quality.recall.toFixed(3), ''],
  ['Queries for words used nowhere with results', String(quality.falseHits.length), ''],
  ['First query, cold page, to the ranking (entry, term shards, delta)', costLine(costs.firstShown), ''],
  ['First query, cold page, with the fragments of the results shown', costLine(costs.first), ''],
  ['First query: fragment requests (one parallel round)', fragmentLine(costs.first), ''],
  ['Later query, to the ranking', costLine(costs.laterShown), ''],
  ['Later query, with the fragments', costLine(costs.later), ''],
  ['Entry file', kb(entryBytes), ''],
  ['Slow 4G: entry alone', `${Math.round(RTT_MS + entryBytes / BYTES_PER_MS)} ms`, ''],
  [
    'Slow 4G: cold page → first results (median)',
    `${Math.round(shownMs(costs.firstShown, costs.first))} ms`,
    '',
  ],
  [
    'First results from the rows, before any fragment',
    `${costs.firstShown.filter((c) => c.rowsFirst).length} of ${costs.firstShown.length} queries`,
    '',
  ],
  ['Search once loaded (p95)', `${p95(costs.times).toFixed(1)} ms`, ''],
  ['Index total (brotli)', `${kb(totalBytes)} in ${files.size} files`, ''],
  ['One publish rewrites: item edited', rewrite(publish.edit), ''],
  ['One publish rewrites: item added', rewrite(publish.add), ''],
  ['One publish rewrites: item added, dated in the past', rewrite(publish.past), ''],
  ['One publish rewrites: item deleted', rewrite(publish.delete), ''],
  [
    `${publish.run.length} publishes in a row (adds and edits by turns)`,
    `${folds.length} folded (rewriting ${folds.map((p) => pct(p.share)).join(', ') || '-'}); the others median ${pct(median(kept.map((p) => p.share)))}, max ${pct(max(kept.map((p) => p.share)))}`,
    '',
  ],
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
    rows[4]![2] = costLine(pfFirst);
    rows[5]![2] = fragmentLine(pfFirst);
    rows[12]![2] = kb(pagefind.indexBytes);
  } finally {
    await pagefind.close();
  }
}

/** The budget of a cold page's first result, over the entry file alone on the same network. */
const FIRST_RESULT_OVER_ENTRY = 600;
/** Queries typed on a cold page at the slow-phone profile: a word, a phrase, a particle, 초성, Latin, a word found only in bodies. */
const COLD_QUERIES = ['온보딩', '구조화 면접', '자기소개서를', 'ㅇㅂㄷ', 'ISMS', '관대화'];
let calibrationLine = '';
if (!values['no-browser']) {
  const site = await serveStatic(dist, Number(values.port));
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
        `Slow phone, Slow 4G: first result over the entry alone (≤ ${ms(FIRST_RESULT_OVER_ENTRY)} each)`,
        `median ${ms(median(overEntry))}, max ${ms(max(overEntry))} ${max(overEntry) <= FIRST_RESULT_OVER_ENTRY ? '✔' : '✖'}`,
        '',
      ],
      ...COLD_QUERIES.map((query, index): [string, string, string] => [
        `… “${query}”: first result, over the entry alone`,
        `${ms(phone.cold[index]!)}, ${ms(overEntry[index]!)}`,
        '',
      ]),
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
