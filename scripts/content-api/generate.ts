/**
 * `npm run content:generate -- --scale N --out DIR`: writes a content folder N times the size
 * of ours, for build-time benchmarks. Deterministic: the same N gives the same files.
 * Copies keep every shape (and pass the same schemas); ids, addresses, dates and titles vary.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { contentFiles } from './content-schema.ts';
import { CONTENT_FILE_NAMES, loadContent, type Content } from './load-content.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_CONTENT_DIR = join(here, 'data');

const angles = [
  '',
  '실무 사례로 본 ',
  '현장에서 다시 읽는 ',
  '데이터로 짚어 보는 ',
  '체크리스트로 정리한 ',
  '담당자가 묻는 ',
];

interface Item {
  analytics_page_id: string;
  absolute_url: string;
  created_time: string;
  // `| undefined`: the content types come from zod, whose optional fields admit undefined
  // (the project type-checks with exactOptionalPropertyTypes).
  title?: string | undefined;
  tag?: string | undefined;
  no?: number | undefined;
}

/** The k-th copy of an item: a new id and address, an earlier date and a varied title. */
function copyItem<T extends Item>(item: T, k: number): T {
  if (k === 0) return item;
  const suffix = `-g${k}`;
  const id = `${item.analytics_page_id}${suffix}`;
  const date = new Date(item.created_time);
  date.setUTCDate(date.getUTCDate() - k * 3);
  const created = `${date.toISOString().slice(0, 19)}+00:00`;
  const next: T = { ...item, analytics_page_id: id, created_time: created };
  if (item.title) next.title = `${angles[k % angles.length]}${item.title} (${k + 1})`;
  if (item.tag) {
    next.tag = `${item.tag}${suffix}`;
    next.absolute_url = item.absolute_url.replace(item.tag, next.tag);
  } else {
    next.absolute_url = item.absolute_url.replace(item.analytics_page_id, id);
  }
  return next;
}

function scaleItems<T extends Item>(items: T[], scale: number): T[] {
  return Array.from({ length: scale }, (_, k) => items.map((item) => copyItem(item, k))).flat();
}

/** Our content, `scale` times over. */
export function scaleContent(content: Content, scale: number): Content {
  const patents = scaleItems(content.patents, scale).map((item, index, all) => ({
    ...item,
    no: all.length - index,
  }));
  return {
    news: scaleItems(content.news, scale),
    videos: { ...content.videos, items: scaleItems(content.videos.items, scale) },
    seminars: { ...content.seminars, items: scaleItems(content.seminars.items, scale) },
    faq: { ...content.faq, items: scaleItems(content.faq.items, scale) },
    hrStories: { ...content.hrStories, items: scaleItems(content.hrStories.items, scale) },
    patents,
    success: { ...content.success, items: scaleItems(content.success.items, scale) },
  };
}

/** Writes a scaled copy of `from` into `out`, images included, and checks it against the schemas. */
export function generateContent(scale: number, out: string, from = DEFAULT_CONTENT_DIR): void {
  const content = scaleContent(loadContent(from), scale);
  mkdirSync(out, { recursive: true });
  for (const [key, file] of Object.entries(CONTENT_FILE_NAMES) as [
    keyof Content,
    keyof typeof contentFiles,
  ][]) {
    contentFiles[file].parse(content[key]);
    writeFileSync(join(out, file), `${JSON.stringify(content[key], null, 2)}\n`);
  }
  cpSync(join(from, 'images'), join(out, 'images'), { recursive: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '10' }, out: { type: 'string' } },
  });
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000 || !values.out) {
    console.error('사용법: npm run content:generate -- --scale N --out DIR   (N: 1~1000)');
    process.exit(1);
  }
  generateContent(scale, resolve(values.out));
  console.log(`콘텐츠를 ${scale}배로 만들었습니다: ${resolve(values.out)}`);
}
