/**
 * The bench's code change: one SCSS rule (the footer's) and one UI string, made in a copy of the
 * project so that the working tree others edit is never touched; then what the release must show
 * for it: `current` switched, every page carrying the new rule and string, and the share pictures
 * restored from their store rather than drawn again (neither the rule nor the string is drawn).
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { runRebuild, type RunResult } from './steps.ts';

/** The footer's styles: on every page (a file the page links, or inline where the footer may be seen at once). */
export const FOOTER_SCSS = 'src/components/layout/site-footer.scss';
/** The site's UI strings, and the one changed: the footer's call to action, on every page. */
export const UI_STRINGS = 'src/i18n/ko.json';
export const UI_KEY = 'footer.cta.title';

/** What a code change put in the source, to be found in the release. */
export interface CodeChange {
  /** A piece of the new rule that survives minifying (`letter-spacing:.01234em` holds `01234em`). */
  cssMarker: string;
  /** The UI string's new text (no character HTML escapes). */
  text: string;
}

/**
 * Copies the project to `dest` as a fresh clone has it — the last commit — or, with
 * `workingTree`, as the working tree has it (tracked and untracked files, not the ignored ones);
 * `node_modules` is linked, not copied.
 */
export function copyProject(root: string, dest: string, workingTree = false): void {
  mkdirSync(dest, { recursive: true });
  if (workingTree) copyWorkingTree(root, dest);
  else
    execFileSync('sh', ['-c', 'git archive --format=tar HEAD | tar -x -C "$1"', 'sh', dest], { cwd: root });
  symlinkSync(join(root, 'node_modules'), join(dest, 'node_modules'), 'dir');
}

function copyWorkingTree(root: string, dest: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.toString('utf8').split('\0')) {
    const from = join(root, file);
    // A tracked file deleted in the working tree is listed too.
    if (file === '' || !existsSync(from) || !lstatSync(from).isFile()) continue;
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(from, join(dest, file));
  }
}

/** The footer's styles with one rule added whose value is made of `n` (1000–9999). */
export function withFooterRule(scss: string, n: number): { scss: string; cssMarker: string } {
  const rule = `\n// The rebuild bench's code change.\n.site-footer .cta-inner h2 {\n  letter-spacing: 0.0${n}em;\n}\n`;
  return { scss: `${scss.trimEnd()}\n${rule}`, cssMarker: `0${n}em` };
}

/** The UI strings (JSON text) with `key` set to `text`; throws when there is no such string. */
export function withUiString(json: string, key: string, text: string): string {
  const strings = JSON.parse(json) as Record<string, unknown>;
  if (typeof strings[key] !== 'string') throw new Error(`${UI_STRINGS}에 ${key} 문구가 없습니다.`);
  strings[key] = text;
  return `${JSON.stringify(strings, null, 2)}\n`;
}

/** Makes the code change in the project copy `project`; `n` (1000–9999) makes it unique. */
export function changeCode(project: string, n: number): CodeChange {
  const scssFile = join(project, FOOTER_SCSS);
  const { scss, cssMarker } = withFooterRule(readFileSync(scssFile, 'utf8'), n);
  writeFileSync(scssFile, scss);
  const stringsFile = join(project, UI_STRINGS);
  const text = `도입을 고민하고 계신가요? 벤치마크 ${n}`;
  writeFileSync(stringsFile, withUiString(readFileSync(stringsFile, 'utf8'), UI_KEY, text));
  return { cssMarker, text };
}

/** Whether a page carries the change: the string, and the rule inline or in a stylesheet it names. */
export function pageCarries(html: string, change: CodeChange, sheetsWithRule: readonly string[]): boolean {
  if (!html.includes(change.text)) return false;
  return html.includes(change.cssMarker) || sheetsWithRule.some((sheet) => html.includes(sheet));
}

/** Every `.html` file under `dir`, as paths relative to it. */
function htmlFiles(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = join(under, entry.name);
    if (entry.isDirectory()) return htmlFiles(dir, path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** The release's pages, and those that do not carry the change. */
export function checkRelease(release: string, change: CodeChange): { pages: number; missing: string[] } {
  const assets = join(release, '_astro');
  // Named by their address, as a page links them.
  const sheets = readdirSync(assets)
    .filter(
      (name) => name.endsWith('.css') && readFileSync(join(assets, name), 'utf8').includes(change.cssMarker),
    )
    .map((name) => `/_astro/${name}`);
  const pages = htmlFiles(release);
  const missing = pages.filter(
    (page) => !pageCarries(readFileSync(join(release, page), 'utf8'), change, sheets),
  );
  return { pages: pages.length, missing: missing.map((page) => `/${page}`) };
}

/** The share pictures in the store (`<cacheDir>/share-pictures/`), by file name, with their modification times. */
export function pictureTimes(store: string): Map<string, number> {
  const times = new Map<string, number>();
  if (!existsSync(store)) return times;
  for (const name of readdirSync(store)) {
    if (name.endsWith('.jpg')) times.set(name, statSync(join(store, name)).mtimeMs);
  }
  return times;
}

/** How many pictures of the store after a build were kept from before, and how many were drawn (new, or written again). */
export function picturesDrawn(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): { restored: number; drawn: number } {
  let restored = 0;
  for (const [name, time] of after) if (before.get(name) === time) restored++;
  return { restored, drawn: after.size - restored };
}

/** Where `current` points in the output folder `out`, or null before the first release. */
export function currentRelease(out: string): string | null {
  try {
    return readlinkSync(join(out, 'current'));
  } catch {
    return null;
  }
}

/** The code change's run and what its release showed. */
export interface CodeChangeResult {
  run: RunResult;
  /** `current` points to another release than before the run. */
  switched: boolean;
  pages: number;
  /** Pages without the new rule or string. */
  missing: string[];
  pictures: { restored: number; drawn: number };
}

/** Changes the code in the project copy, runs the rebuild there once, and checks its release. */
export async function benchCodeChange(
  project: string,
  out: string,
  apiUrl: string,
): Promise<CodeChangeResult> {
  const store = join(out, 'cache', 'share-pictures');
  const before = { release: currentRelease(out), pictures: pictureTimes(store) };
  const change = changeCode(project, 1000 + (Date.now() % 9000));
  const run = await runRebuild(out, apiUrl, project);
  const release = currentRelease(out);
  const { pages, missing } = checkRelease(join(out, 'current'), change);
  return {
    run,
    switched: release !== null && release !== before.release,
    pages,
    missing,
    pictures: picturesDrawn(before.pictures, pictureTimes(store)),
  };
}

/** What went wrong with a code change's release, in Korean; empty when all is as it should be. */
export function codeChangeProblems(scale: number, result: CodeChangeResult): string[] {
  const problems: string[] = [];
  if (!result.switched) problems.push(`${scale}배 코드 변경: current가 새 릴리스로 바뀌지 않았습니다`);
  if (result.missing.length > 0) {
    const some = result.missing.slice(0, 5).join(', ');
    problems.push(
      `${scale}배 코드 변경: 새 CSS 규칙이나 문구가 없는 페이지 ${result.missing.length}개 (${some}${result.missing.length > 5 ? ' …' : ''})`,
    );
  }
  if (result.pictures.drawn > 0) {
    problems.push(
      `${scale}배 코드 변경: 공유 그림 ${result.pictures.drawn}개를 다시 그렸습니다 (복원되어야 합니다)`,
    );
  }
  return problems;
}
