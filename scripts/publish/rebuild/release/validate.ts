/**
 * Phase 3, second half: is the built folder a complete site? Every expected route has its
 * file, every HTML file parses into a whole document, the feed and the sitemaps are
 * well-formed XML, no address runs script, and no internal link or asset reference of the
 * site's own structure points to a file that is not there.
 *
 * Links that come from the content (a card's address, a link in an article body) are the
 * content team's to fix: one that leads nowhere is a warning, never a reason to keep the
 * whole site from updating.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import { ADDRESS_FIELDS, HTML_FIELDS } from '../../../../src/lib/api/schemas.ts';
import { oneLine } from '../../../../src/lib/content/one-line.ts';
import type { ExpectedRoute } from './routes.ts';

export interface ValidationResult {
  htmlFiles: number;
  links: number;
  /** Korean descriptions of every problem found (empty: valid), one line each. */
  problems: string[];
  /**
   * Content links that lead nowhere, one Korean line per target (with the pages showing it).
   * The target is decoded (`%0A` is a line break) and CI prints warnings line by line, so
   * each is made a single line (`oneLine`).
   */
  warnings: string[];
}

/** A scheme that runs script or renders a document of its own, wherever it appears. */
const DANGEROUS_SCHEME = /^(javascript|vbscript|data:text\/html|data:application\/xhtml)/i;
/** Characters XML 1.0 does not allow anywhere in a document. */
const INVALID_XML_CHAR = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** Attributes holding one address. `component-url` & co. are the island scripts Astro loads. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'component-url', 'renderer-url', 'before-hydration-url'];
/** Elements whose end tag HTML lets the parser imply; anything else left open is a broken document. */
const OPTIONAL_END = new Set([
  'html',
  'head',
  'body',
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
  'rt',
  'rp',
]);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Most problems listed; a broken build can produce thousands of the same. */
const MAX_PROBLEMS = 30;

/** Checks the output folder against the expected routes (routes.ts `expectedRoutes`). */
export function validateOutput(
  outDir: string,
  expectedRoutes: readonly ExpectedRoute[],
  contentTargets: ReadonlySet<string> = new Set(),
): ValidationResult {
  const problems: string[] = [];
  const brokenContent = new Map<string, Set<string>>();
  const add = (problem: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(oneLine(problem));
    else if (problems.length === MAX_PROBLEMS) problems.push('… (이하 생략)');
  };

  const files = new Set(listFiles(outDir));
  for (const { route, file } of expectedRoutes) {
    if (!files.has(file)) add(`페이지가 없습니다: ${route} (${file})`);
  }

  let links = 0;
  const htmlFiles = [...files].filter((file) => file.endsWith('.html'));
  for (const file of htmlFiles) {
    const html = readFileSync(join(outDir, file), 'utf8');
    const { errors, urls } = parseHtml(html);
    for (const error of errors) add(`HTML 오류: /${file}: ${error}`);
    for (const url of urls) {
      if (DANGEROUS_SCHEME.test(url.replace(/[\u0000-\u0020]/g, '')))
        add(`스크립트를 실행하는 주소: /${file} → ${url.slice(0, 80)}`);
      const target = internalTarget(url, file);
      if (target === null) continue;
      links++;
      if (resolvesTo(target, files)) continue;
      if (contentTargets.has(target)) {
        const pages = brokenContent.get(target) ?? new Set<string>();
        pages.add(`/${file}`);
        brokenContent.set(target, pages);
      } else add(`깨진 내부 링크: /${file} → ${url}`);
    }
  }
  for (const file of [...files].filter((name) => name.endsWith('.xml'))) {
    for (const error of xmlErrors(readFileSync(join(outDir, file), 'utf8')))
      add(`XML 오류: /${file}: ${error}`);
  }
  const warnings = [...brokenContent].map(([target, pages]) => {
    const shown = [...pages].sort().slice(0, 3).join(' ');
    return oneLine(
      `콘텐츠의 링크가 없는 페이지를 가리킵니다: /${target} (${shown}${pages.size > 3 ? ` 외 ${pages.size - 3}곳` : ''})`,
    );
  });
  return { htmlFiles: htmlFiles.length, links, problems, warnings };
}

/** Why a document is not well-formed XML (empty: it is). */
export function xmlErrors(xml: string): string[] {
  const errors: string[] = [];
  const bad = INVALID_XML_CHAR.exec(xml);
  if (bad)
    errors.push(
      `XML에 쓸 수 없는 문자 U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} (위치 ${bad.index})`,
    );
  const result = XMLValidator.validate(xml);
  if (result !== true) errors.push(`${result.err.msg} (${result.err.line}행)`);
  return errors;
}

/**
 * The output paths that links from the content point to (card addresses, links in article
 * HTML), resolved as {@link internalTarget} resolves the built pages' links.
 */
export function contentLinkTargets(addresses: Iterable<string>): Set<string> {
  const targets = new Set<string>();
  for (const address of addresses) {
    const target = internalTarget(address, 'index.html');
    if (target !== null) targets.add(target);
  }
  return targets;
}

const ADDRESS_FIELD_SET: ReadonlySet<string> = new Set(ADDRESS_FIELDS);
const HTML_FIELD_SET: ReadonlySet<string> = new Set(HTML_FIELDS);

/**
 * Every address in the API's answers: the contract's address fields (`absolute_url`,
 * `featured_image` …) and the `href`/`src` of its HTML fields (article bodies, FAQ answers).
 * Other text is never an address, whatever it looks like: a title `/\ 공지 /\` is shown as
 * text, and taking a title `/faq` for a link would let a broken menu link pass as content.
 */
export function addressesIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const inner of value) addressesIn(inner, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner !== 'string') addressesIn(inner, into);
      else if (ADDRESS_FIELD_SET.has(key)) into.push(inner);
      else if (HTML_FIELD_SET.has(key)) into.push(...parseHtml(inner).urls);
    }
  }
  return into;
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
        if (isImplied && foreignDepth === 0 && !VOID.has(name) && !OPTIONAL_END.has(name))
          errors.push(`<${name}> 요소가 닫히지 않았습니다`);
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
  for (const required of ['html', 'head', 'body'])
    if (!seen.has(required)) errors.push(`<${required}> 요소가 없습니다`);
  if (title.trim() === '') errors.push('<title>이 비어 있습니다');
  // A file cut short (disk full, killed build) still parses; its missing end tag tells.
  if (!/<\/body>/i.test(html) || !/<\/html>/i.test(html))
    errors.push('</body></html>이 없습니다 (잘린 파일)');
  return { errors, urls };
}

/** A base that cannot be a real host: what resolves elsewhere is another site's address. */
const SITE = 'http://site.invalid';

/**
 * The output-relative path an address points to, or `null` when it is not ours to check:
 * other origins, `mailto:`/`tel:`/`javascript:`/`data:`, fragments, and empty values.
 * Query strings and fragments are dropped; relative addresses are resolved against the page.
 *
 * Never throws. An address that does not parse is `null` too: against a page of ours only an
 * authority can fail to parse (`/\ 공지 /\` reads as `//` and the host ` 공지 `), so it names
 * another host — never a file of this site — like `//host` does.
 */
export function internalTarget(url: string, fromFile: string): string | null {
  const value = url.trim();
  if (value === '' || value.startsWith('#')) return null;
  // To a browser `/\host`, `\/host` and `\\host` name another host, just as `//host` does.
  if (/^[/\\]{2}/.test(value)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, new URL(`/${fromFile}`, SITE));
  } catch {
    return null;
  }
  // Tabs and newlines inside the scheme or the slashes (`/\t/host`) are dropped by the parser.
  if (resolved.origin !== SITE) return null;
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
