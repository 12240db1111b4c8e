/**
 * Astro's CSP lists in every page's `<meta>` policy the hashes of every inline script of the
 * whole site. A page needs only its own: the others are ~50 incompressible bytes each in a
 * document that must fit in the first round trip of a slow connection, and each one allows a
 * script the page never runs.
 */
import { editScriptSources, scriptHash } from './csp-policy.ts';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Scripts that are data, not code: the browser runs none of them, so no policy applies. */
const DATA_TYPE = /\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|importmap|speculationrules)/i;

/** The `'sha256-…'` sources of the page's inline scripts. */
export function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(scriptHash(body));
  }
  return hashes;
}

/** The page with its CSP `script-src` reduced to the hashes of scripts the page has. */
export function pruneScriptHashes(html: string): string {
  const own = inlineScriptHashes(html);
  return editScriptSources(html, (sources) =>
    sources.filter((source) => !source.startsWith("'sha256-") || own.has(source)),
  );
}
