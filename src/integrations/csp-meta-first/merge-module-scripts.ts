/**
 * Astro writes each inline page script (the menu, the new-version notice, the after-paint
 * loaders…) as a `<script type="module">` of its own, and its CSP lists a hash for each: about
 * 50 incompressible bytes apiece in a document that must arrive in the first round trip of a
 * slow connection. Inline module scripts all run after parsing, in document order, so one script
 * that runs each body in turn does the same. Each body keeps its own scope and its own failure:
 * it runs in a function of its own (async, so that a top-level `await` stays valid), and an
 * exception in one leaves the next to run, as with separate scripts.
 *
 * Only scripts the policy already trusts are merged (their hashes are in `script-src`), and the
 * merged script's hash joins them; pruneScriptHashes() then drops the hashes nothing uses. A page
 * with a script that has a static `import` or `export` (which cannot run inside a function) is
 * left as it is.
 */
import { createHash } from 'node:crypto';

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)("\s*\/?>)/i;
const MODULE_SCRIPT = /<script type="module">((?:(?!<\/script>)[\s\S])*)<\/script>/gi;
/**
 * A static import or export at the start of a statement; dynamic `import()`, `import.meta` and
 * the words in strings ("imported") are fine. Errs on the side of no merge.
 */
const MODULE_SYNTAX = /(?:^|[;}\n])\s*(?:import\s*(?:[{*"'`]|[\w$]+\s*(?:,|from\b))|export\s*[{*\w])/;

export const scriptHash = (body: string) =>
  `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** The page with its inline module scripts run by one script, listed in its CSP. */
export function mergeModuleScripts(html: string): string {
  const meta = CSP_META.exec(html);
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (!meta || scripts.length < 2) return html;
  const scriptSrc = meta[2]!.split(';').find((directive) => directive.trim().startsWith('script-src'));
  const trusted = new Set(scriptSrc?.trim().split(/\s+/));
  const bodies = scripts.map((match) => match[1]!);
  if (bodies.some((body) => MODULE_SYNTAX.test(body) || !trusted.has(scriptHash(body)))) return html;

  // A line break before the closing brace: a body may end in a `//` comment.
  const merged = bodies.map((body) => `(async()=>{${body}\n})();`).join('');
  const policy = meta[2]!
    .split(';')
    .map((directive) =>
      directive.trim().startsWith('script-src') ? `${directive.trimEnd()} ${scriptHash(merged)}` : directive,
    )
    .join(';');
  let page = html.slice(0, meta.index) + meta[1] + policy + meta[3] + html.slice(meta.index + meta[0].length);
  // Where the last one was: everything before it is parsed (and can paint) first, as before.
  let left = scripts.length;
  page = page.replace(MODULE_SCRIPT, () => (--left === 0 ? `<script type="module">${merged}</script>` : ''));
  return page;
}
