/** The built site on disk (the folder the Playwright web server serves) and helpers to read its pages. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Same default as scripts/start.ts. */
export const distDir = resolve(process.env.ASTRO_OUT_DIR ?? join(root, 'dist'));

export interface BuiltPage {
  /** Site path as the canonical address writes it: `/`, `/faq/`, `/info/blog/hr-0001/`; `/404` for 404.html. */
  path: string;
  html: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : file.endsWith('.html') ? [file] : [];
  });
}

/** Every HTML page of the build. */
export function builtPages(): BuiltPage[] {
  if (!existsSync(distDir)) throw new Error(`빌드 폴더가 없습니다: ${distDir}`);
  return walk(distDir)
    .map((file) => {
      const rel = relative(distDir, file).split(sep).join('/');
      const path = rel === '404.html' ? '/404' : `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
      return { path, html: readFileSync(file, 'utf8') };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Ids of the pre-rendered details under a prefix such as `info/blog`. */
export function detailIds(prefix: string): string[] {
  return readdirSync(join(distDir, prefix), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Attribute value of the first tag matching `selector` (a regex source for the tag's attributes). */
export function attrOf(html: string, tagPattern: RegExp, attr: string): string | undefined {
  const tag = tagPattern.exec(html)?.[0];
  if (!tag) return undefined;
  return new RegExp(`\\s${attr}="([^"]*)"`).exec(tag)?.[1];
}

export const isNoindex = (html: string) => /<meta name="robots" content="[^"]*noindex/.test(html);
export const canonicalOf = (html: string) => attrOf(html, /<link rel="canonical"[^>]*>/, 'href');

/** The `content` of a `<meta property|name=key>`. */
export function metaOf(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return attrOf(html, new RegExp(`<meta (?:property|name)="${escaped}"[^>]*>`), 'content');
}

/** Every JSON-LD block of a page, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const data = JSON.parse(match[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

/** Decodes the few entities Astro writes into attribute values. */
export function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
