/**
 * Prepares a built site folder for `wrangler deploy --assets DIR`:
 *
 *     node scripts/publish/cloudflare/stage.ts out/current /srv/site/cloudflare --previous out/releases
 *
 * - copies the release `current` points to at the start (the symlink is resolved once, so a
 *   rebuild that publishes meanwhile cannot mix two releases in one upload);
 * - leaves out the release records (`manifest.json`, `changed-routes.json`) and writes an
 *   `.assetsignore` naming them too, so a later copy into the folder is still not served;
 * - refuses a folder whose `_headers` differs from `public/_headers` (but for the `Link` rules
 *   the build adds): the Worker bundles `public/_headers` (worker.ts), and its answers must carry
 *   the same headers as the files;
 * - with `--previous`, adds the hashed files (`immutable` in `_headers`: `/_astro/*`, `/fonts/*`)
 *   of the earlier releases kept there that this one lacks. A page loaded before the deploy
 *   still finds its scripts afterwards; Cloudflare's own asset retention would do this, but
 *   wrangler 4.164.0 does not know its setting yet (wrangler.jsonc). Hashed names change with
 *   their content, so an old file never shadows a new one. The rebuild keeps every release current
 *   within its `--keep-days` (besides the `--keep` newest), so a burst of publishes does not drop
 *   the chunks of a release live minutes ago. The site search's files are the exception: only
 *   the live release's are staged, since an earlier one's may hold text the content team has
 *   removed since (scripts/publish/lib/withdrawn.ts; an open page reads the search entry again).
 *
 * The target folder is replaced whole, and only when it is missing or was made by this script.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseHeadersFile, type HeaderRule } from '../lib/headers-file.ts';
import { CHANGED_ROUTES_FILE, MANIFEST_FILE } from '../lib/release.ts';
import { isHashedPath } from './handler.ts';
import { isWithdrawable } from '../lib/withdrawn.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const PROJECT_HEADERS = join(root, 'public', '_headers');

/** Release records at the folder's root: never served (they tell what was built from what). */
export const RELEASE_RECORDS = [MANIFEST_FILE, CHANGED_ROUTES_FILE] as const;

const MARKER = '# Written by scripts/publish/cloudflare/stage.ts';

/** `.assetsignore` (gitignore syntax, read by wrangler from the assets folder). */
export const ASSETS_IGNORE = `${MARKER}: the release records are not part of the site.\n${RELEASE_RECORDS.map((name) => `/${name}`).join('\n')}\n`;

/** A problem with the folders; `message` is Korean. */
export class StageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StageError';
  }
}

export interface StageOptions {
  /** The built site: `dist`, or the rebuild's `out/current`. */
  site: string;
  /** The folder to deploy; replaced whole. */
  to: string;
  /** A folder of earlier releases (the rebuild's `out/releases`) whose hashed files to keep. */
  previous?: string | undefined;
  /** `_headers` the Worker bundles (default `public/_headers`). */
  projectHeaders?: string | undefined;
}

export interface StageResult {
  /** The resolved site folder that was copied. */
  source: string;
  /** Files in the staged folder that will be uploaded. */
  files: number;
  /** Hashed files taken from earlier releases. */
  kept: number;
}

/** Files under `dir`, relative and `/`-separated (symbolic links followed). */
function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && statSync(path).isDirectory());
      if (isDir) walk(path);
      else files.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return files;
}

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

/** The target may be replaced: missing, empty, or made by this script (its `.assetsignore`). */
function checkTarget(to: string, source: string): void {
  if (isInside(to, source) || isInside(source, to)) {
    throw new StageError(`배포 폴더 ${to}은(는) 사이트 폴더 ${source}와 겹칠 수 없습니다.`);
  }
  if (!existsSync(to)) return;
  if (!statSync(to).isDirectory()) throw new StageError(`${to}이(가) 폴더가 아닙니다.`);
  if (readdirSync(to).length === 0) return;
  const ignore = join(to, '.assetsignore');
  if (!existsSync(ignore) || !readFileSync(ignore, 'utf8').startsWith(MARKER)) {
    throw new StageError(
      `${to}은(는) 이 스크립트가 만든 배포 폴더가 아닙니다. 비어 있는 폴더나 새 경로를 지정해 주세요.`,
    );
  }
}

/** Copies hashed files of the releases under `previous` that `staged` lacks; returns how many. */
function keepPreviousHashed(previous: string, source: string, staged: string, rules: HeaderRule[]): number {
  if (!existsSync(previous)) throw new StageError(`이전 릴리스 폴더 ${previous}이(가) 없습니다.`);
  let kept = 0;
  for (const entry of readdirSync(previous, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const release = realpathSync(join(previous, entry.name));
    if (release === source) continue;
    for (const file of listFiles(release)) {
      if (!isHashedPath(rules, `/${file}`) || isWithdrawable(file) || existsSync(join(staged, file)))
        continue;
      mkdirSync(dirname(join(staged, file)), { recursive: true });
      cpSync(join(release, file), join(staged, file), { dereference: true });
      kept += 1;
    }
  }
  return kept;
}

/**
 * The built `_headers` is the project's, and what the build appended sets only `Link` (the home's
 * hero preload, src/integrations/hero-preload/): a preload belongs to a page that exists, never to
 * a miss the Worker answers, so the Worker's copy of the project's rules still matches.
 */
export function sameRulesAsWorker(built: string, project: string): boolean {
  if (!built.startsWith(project)) return false;
  return parseHeadersFile(built.slice(project.length)).every(
    (rule) =>
      rule.detach.length === 0 && Object.keys(rule.headers).every((name) => name.toLowerCase() === 'link'),
  );
}

export function stageSite({
  site,
  to,
  previous,
  projectHeaders = PROJECT_HEADERS,
}: StageOptions): StageResult {
  if (!existsSync(site)) throw new StageError(`사이트 폴더 ${site}이(가) 없습니다.`);
  const source = realpathSync(site);
  for (const required of ['index.html', '404.html', '_headers']) {
    if (!existsSync(join(source, required))) {
      throw new StageError(
        `${source}에 ${required}이(가) 없습니다. 빌드가 끝난 사이트 폴더를 지정해 주세요.`,
      );
    }
  }
  const headersText = readFileSync(projectHeaders, 'utf8');
  if (!sameRulesAsWorker(readFileSync(join(source, '_headers'), 'utf8'), headersText)) {
    throw new StageError(
      `${source}/_headers가 ${projectHeaders}와 다릅니다. Worker는 이 체크아웃의 _headers를 쓰므로, 이 체크아웃으로 다시 빌드한 뒤 배포해 주세요.`,
    );
  }
  const target = resolve(to);
  checkTarget(target, source);

  // Built beside the target and renamed into place: a failed copy leaves the last staged folder.
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const records = new Set<string>(RELEASE_RECORDS.map((name) => join(source, name)));
  cpSync(source, partial, { recursive: true, dereference: true, filter: (path) => !records.has(path) });
  writeFileSync(join(partial, '.assetsignore'), ASSETS_IGNORE);
  const kept = previous
    ? keepPreviousHashed(resolve(previous), source, partial, parseHeadersFile(headersText))
    : 0;
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);

  // `_headers` and `.assetsignore` are read by wrangler, not uploaded.
  const files = listFiles(target).filter((file) => file !== '_headers' && file !== '.assetsignore').length;
  return { source, files, kept };
}

const USAGE =
  '사용법: node scripts/publish/cloudflare/stage.ts <사이트 폴더> <배포 폴더> [--previous <이전 릴리스 폴더>]';

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { previous: { type: 'string' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [site, to, ...rest] = parsed.positionals;
  if (!site || !to || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  try {
    const result = stageSite({ site, to, previous: parsed.values.previous });
    console.log(`배포 폴더를 준비했습니다: ${resolve(to)}`);
    console.log(
      `  사이트 ${result.source}, 올릴 파일 ${result.files}개 (이전 릴리스의 해시 파일 ${result.kept}개 포함)`,
    );
    console.log(`  다음: npx wrangler deploy --assets ${to}`);
    return 0;
  } catch (error) {
    if (!(error instanceof StageError)) throw error;
    console.error(error.message);
    return 1;
  }
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
