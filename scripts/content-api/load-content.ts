/**
 * Reads and validates the reference server's content folder.
 *
 * Content files are edited by hand, so every failure names the file and, for schema errors,
 * the field path (`hr-stories.json: items[3].created_time: ...`): the person fixing it should
 * not have to guess which of seven files or which of forty items is wrong.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { contentFiles } from './content-schema.ts';

/** Content key → file name in the content folder. */
export const CONTENT_FILE_NAMES = {
  news: 'news.json',
  videos: 'videos.json',
  seminars: 'seminars.json',
  faq: 'faq.json',
  hrStories: 'hr-stories.json',
  patents: 'patents.json',
  success: 'success.json',
} as const satisfies Record<string, keyof typeof contentFiles>;

type FileNames = typeof CONTENT_FILE_NAMES;

/** One content file, by its key. */
export type ContentKey = keyof FileNames;

/** Everything the server serves, one validated value per content file. */
export type Content = { [K in keyof FileNames]: z.input<(typeof contentFiles)[FileNames[K]]> };

/** Most schema problems listed per file; the rest are counted, to keep the message readable. */
const MAX_ISSUES_PER_FILE = 5;

/** A content folder that cannot be served. `problems` holds one line per broken file. */
export class ContentError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/**
 * Loads all seven content files from `dir`, validates each against its schema and returns
 * them with every string NFC-normalised (so search and comparison never depend on how an
 * editor happened to encode Hangul).
 *
 * @throws {ContentError} naming every broken file: missing, unreadable, invalid JSON or
 *   failing its schema (with the field path of each issue).
 */
export function loadContent(dir: string): Content {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ContentError([`콘텐츠 폴더가 없습니다: ${dir}`]);
  }
  const problems: string[] = [];
  const content: Partial<Record<keyof FileNames, unknown>> = {};
  for (const [key, file] of Object.entries(CONTENT_FILE_NAMES) as [
    keyof FileNames,
    keyof typeof contentFiles,
  ][]) {
    const result = loadFile(dir, file);
    if (result.ok) content[key] = result.value;
    else problems.push(result.problem);
  }
  if (problems.length > 0) throw new ContentError(problems);
  // Every key was filled: a missing one would have produced a problem above.
  return content as Content;
}

type FileResult = { ok: true; value: unknown } | { ok: false; problem: string };

function loadFile(dir: string, file: keyof typeof contentFiles): FileResult {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem =
      code === 'ENOENT' ? `파일이 없습니다 (${path})` : `파일을 읽을 수 없습니다: ${messageOf(error)}`;
    return { ok: false, problem: `${file}: ${problem}` };
  }
  let json: unknown;
  try {
    // A UTF-8 byte order mark is invisible in editors but breaks JSON.parse.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, problem: `${file}: JSON 형식이 올바르지 않습니다: ${messageOf(error)}` };
  }
  const normalized = normalizeStrings(json);
  const parsed = contentFiles[file].safeParse(normalized);
  // Served as written: the schemas only check (see content-schema.ts).
  if (parsed.success) return { ok: true, value: normalized };
  const issues = parsed.error.issues;
  const lines = issues.slice(0, MAX_ISSUES_PER_FILE).map((issue) => {
    const path = formatPath(issue.path);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more =
    issues.length > MAX_ISSUES_PER_FILE ? ` (그 밖에 ${issues.length - MAX_ISSUES_PER_FILE}건)` : '';
  return { ok: false, problem: `${file}: ${lines.join('; ')}${more}` };
}

/** `['items', 3, 'created_time']` → `items[3].created_time`; `[2, 'title']` → `[2].title`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** Returns a copy of a JSON value with every string (values and keys) in Unicode NFC. */
export function normalizeStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(normalizeStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key.normalize('NFC'), normalizeStrings(inner)]),
    );
  }
  return value;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
