/**
 * Astro's CSP lists in every page's `<meta>` policy the hashes of every inline script of the
 * whole site. A page needs only its own: the others are ~50 incompressible bytes each in a
 * document that must fit in the first round trip of a slow connection, and each one allows a
 * script the page never runs.
 */
import { createHash } from 'node:crypto';

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)("\s*\/?>)/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Scripts that are data, not code: the browser runs none of them, so no policy applies. */
const DATA_TYPE = /\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|importmap|speculationrules)/i;

/** The `'sha256-…'` sources of the page's inline scripts. */
export function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The page with its CSP `script-src` reduced to the hashes of scripts the page has. */
export function pruneScriptHashes(html: string): string {
  const meta = CSP_META.exec(html);
  if (!meta) return html;
  const own = inlineScriptHashes(html);
  const policy = meta[2]!
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive;
      const kept = sources.filter((source) => !source.startsWith("'sha256-") || own.has(source));
      return ` ${[name, ...kept].join(' ')}`;
    })
    .join(';');
  return html.slice(0, meta.index) + meta[1] + policy + meta[3] + html.slice(meta.index + meta[0].length);
}
