/**
 * The index build alone, in a process of its own so that its time and peak memory are its own:
 * `node scripts/bench-search/index-build.ts <content folder>` reads the content the way the site
 * build does (in process, no port) and prints one JSON line: documents, milliseconds, peak
 * resident megabytes. Run by `npm run bench:search -- --scales` for each scale.
 */
import { buildSearchIndex } from '../../src/lib/search/index/build-index.ts';
import { referenceSearchDocs } from './reference-content.ts';

export interface IndexBuildFigures {
  docs: number;
  ms: number;
  peakMb: number;
}

const contentDir = process.argv[2];
if (!contentDir) {
  console.error('사용법: node scripts/bench-search/index-build.ts <콘텐츠 폴더>');
  process.exit(2);
}
const docs = await referenceSearchDocs(contentDir);
const started = performance.now();
buildSearchIndex(docs);
const figures: IndexBuildFigures = {
  docs: docs.length,
  ms: Math.round(performance.now() - started),
  // maxRSS is in kilobytes: the whole process's peak, the content read included.
  peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
console.log(JSON.stringify(figures));
