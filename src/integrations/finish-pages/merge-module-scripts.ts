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
import { editScriptSources, scriptHash, scriptSources } from './csp-policy.ts';

export const MODULE_SCRIPT = /<script type="module">((?:(?!<\/script>)[\s\S])*)<\/script>/gi;
/**
 * A static import or export at the start of a statement; dynamic `import()`, `import.meta` and
 * the words in strings ("imported") are fine. Errs on the side of no merge.
 */
export const MODULE_SYNTAX = /(?:^|[;}\n])\s*(?:import\s*(?:[{*"'`]|[\w$]+\s*(?:,|from\b))|export\s*[{*\w])/;

/** The page with its inline module scripts run by one script, listed in its CSP. */
export function mergeModuleScripts(html: string): string {
  const trusted = new Set(scriptSources(html));
  const bodies = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (trusted.size === 0 || bodies.length < 2) return html;
  if (bodies.some((body) => MODULE_SYNTAX.test(body) || !trusted.has(scriptHash(body)))) return html;

  // A line break before the closing brace: a body may end in a `//` comment.
  const merged = bodies.map((body) => `(async()=>{${body}\n})();`).join('');
  // Where the last one was: everything before it is parsed (and can paint) first, as before.
  let left = bodies.length;
  const page = html.replace(MODULE_SCRIPT, () =>
    --left === 0 ? `<script type="module">${merged}</script>` : '',
  );
  return editScriptSources(page, (sources) => [...sources, scriptHash(merged)]);
}
