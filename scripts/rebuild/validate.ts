/**
 * Phase 3, second half: is the built folder a complete site? Every expected route has its
 * file, every HTML file parses into a whole document, and no internal link or asset reference
 * points to a file that is not there.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Parser } from 'htmlparser2';
import { routeFile } from './routes.ts';

export interface ValidationResult {
  htmlFiles: number;
  links: number;
  /** Korean descriptions of every problem found (empty: valid). */
  problems: string[];
}

/** Attributes holding one address. `component-url` & co. are the island scripts Astro loads. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'component-url', 'renderer-url', 'before-hydration-url'];
/** Elements whose end tag HTML lets the parser imply; anything else left open is a broken document. */
const OPTIONAL_END = new Set(['html', 'head', 'body', 'p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'caption', 'rt', 'rp']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Most problems listed; a broken build can produce thousands of the same. */
const MAX_PROBLEMS = 30;

/** Checks the output folder against the expected routes. */
export function validateOutput(outDir: string, expectedRoutes: readonly string[]): ValidationResult {
  const problems: string[] = [];
  const add = (problem: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
    else if (problems.length === MAX_PROBLEMS) problems.push('… (이하 생략)');
  };

  const files = new Set(listFiles(outDir));
  for (const route of expectedRoutes) {
    if (!files.has(routeFile(route))) add(`페이지가 없습니다: ${route} (${routeFile(route)})`);
  }

  let links = 0;
  const htmlFiles = [...files].filter((file) => file.endsWith('.html'));
  for (const file of htmlFiles) {
    const html = readFileSync(join(outDir, file), 'utf8');
    const { errors, urls } = parseHtml(html);
    for (const error of errors) add(`HTML 오류: /${file}: ${error}`);
    for (const url of urls) {
      const target = internalTarget(url, file);
      if (target === null) continue;
      links++;
      if (!resolvesTo(target, files)) add(`깨진 내부 링크: /${file} → ${url}`);
    }
  }
  return { htmlFiles: htmlFiles.length, links, problems };
}

/** Parses one document; returns structural errors and every address it references. */
export function parseHtml(html: string): { errors: string[]; urls: string[] } {
  const errors: string[] = [];
  const urls: string[] = [];
  const seen = new Set<string>();
  let title = '';
  let inTitle = false;
  // Inside inline SVG and MathML `<rect/>` is a complete element (htmlparser2 reports it as an
  // implied close), so only HTML elements left open are errors.
  let foreignDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        seen.add(name);
        if (name === 'title') inTitle = true;
        if (name === 'svg' || name === 'math') foreignDepth++;
        for (const attribute of URL_ATTRIBUTES) {
          const value = attribs[attribute];
          if (value !== undefined) urls.push(value);
        }
        if (attribs['srcset']) {
          for (const candidate of attribs['srcset'].split(',')) {
            const url = candidate.trim().split(/\s+/)[0];
            if (url) urls.push(url);
          }
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name, isImplied) {
        if (name === 'title') inTitle = false;
        if (name === 'svg' || name === 'math') foreignDepth--;
        if (isImplied && foreignDepth === 0 && !VOID.has(name) && !OPTIONAL_END.has(name)) errors.push(`<${name}> 요소가 닫히지 않았습니다`);
      },
      onerror(error) {
        errors.push(error.message);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (!/^\s*<!doctype html>/i.test(html)) errors.push('<!DOCTYPE html>이 없습니다');
  for (const required of ['html', 'head', 'body']) if (!seen.has(required)) errors.push(`<${required}> 요소가 없습니다`);
  if (title.trim() === '') errors.push('<title>이 비어 있습니다');
  // A file cut short (disk full, killed build) still parses; its missing end tag tells.
  if (!/<\/body>/i.test(html) || !/<\/html>/i.test(html)) errors.push('</body></html>이 없습니다 (잘린 파일)');
  return { errors, urls };
}

/**
 * The output-relative path an address points to, or `null` when it is not ours to check:
 * other origins, `mailto:`/`tel:`/`javascript:`/`data:`, fragments, and empty values.
 * Query strings and fragments are dropped; relative addresses are resolved against the page.
 */
export function internalTarget(url: string, fromFile: string): string | null {
  const value = url.trim();
  if (value === '' || value.startsWith('#') || value.startsWith('//')) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  const page = new URL(`/${fromFile}`, 'http://site.invalid');
  const resolved = new URL(value, page);
  let path: string;
  try {
    path = decodeURIComponent(resolved.pathname);
  } catch {
    path = resolved.pathname;
  }
  return path.replace(/^\/+/, '');
}

/** Whether a path is served by the folder: the file itself, `path/index.html` or `path.html`. */
function resolvesTo(target: string, files: ReadonlySet<string>): boolean {
  const path = target.replace(/\/+$/, '');
  if (path === '') return files.has('index.html');
  return files.has(path) || files.has(`${path}/index.html`) || files.has(`${path}.html`);
}

function listFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(path).isDirectory())) walk(path);
      else files.push(relative(root, path).split(sep).join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}
