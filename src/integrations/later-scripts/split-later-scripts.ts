/**
 * A long page's scripts for what is below its first screen, moved out of its HTML into one file.
 * The home's document must arrive in the first round trip of a slow connection (about 14 KB
 * compressed); the code for its tabs, sliders, new-version notice, web fonts and later styles was
 * about 1.6 KB of it, and none of it is needed before the visitor reaches those sections or the
 * page has painted. What the first screen needs (the menu, the search shortcut, the hero picture)
 * stays inline, so the first tap on it never waits for a file.
 *
 * The inline module scripts after the page's fold mark (the one the later styles use, so one mark
 * says where the first screen ends), or on a page without one after {@link LATER_SCRIPTS_MARK}
 * (the layout's, after the last thing a visitor may see: the web fonts, the later styles and the
 * sliders' loader need nothing before the paint), are joined into a module file that a few bytes
 * of inline code import once the page has painted, as the islands and sliders load theirs: no
 * script file competes with the document, its styles and the hero picture for a slow
 * connection's first round trips (tests/e2e/first-paint.spec.ts). They ran after parsing, in
 * document order; now they run, in the same order, after the scripts that stay. Each body runs in
 * a function of its own and keeps its own failure, as merge-module-scripts.ts does for the inline
 * ones.
 *
 * Only scripts the page's policy trusts move (their hashes are in `script-src`): a file from the
 * site itself would run under `'self'` what the policy meant to block. A script with a static
 * `import` or `export` stays where it is.
 */
import { editScriptSources, scriptHash, scriptSources } from '../finish-pages/csp-policy.ts';
import { MODULE_SCRIPT, MODULE_SYNTAX } from '../finish-pages/merge-module-scripts.ts';
import { FOLD_MARK } from '../later-styles/split-later-styles.ts';

/**
 * Where the page's own scripts end and those that wait for the paint begin, on every page
 * (layouts/BaseLayout.astro); a fold mark before it wins. Taken out of the page either way.
 */
export const LATER_SCRIPTS_MARK = '<!--later-scripts-->';

/**
 * The inline script that imports the file after the first contentful paint (or two frames, where
 * the browser does not report paints). A page that is never shown never paints, and loads nothing.
 * A page opened at a section's address imports it at once: the scrolled-to section may have
 * nothing to paint until the later styles show it, and the file holds the code that loads them
 * and keeps that section in place (FirstScreenEnd.astro).
 */
export function laterScriptLoader(src: string): string {
  const url = JSON.stringify(src);
  return (
    `let d=0,g=()=>d||(d=1,import(${url}));` +
    'location.hash?g():PerformanceObserver.supportedEntryTypes?.includes("paint")' +
    '?new PerformanceObserver(l=>l.getEntriesByName("first-contentful-paint").length&&g()).observe({type:"paint",buffered:!0})' +
    ':requestAnimationFrame(()=>requestAnimationFrame(g))'
  );
}

export interface SplitScripts {
  /** The page with the later scripts replaced by one inline script that loads them after the paint. */
  html: string;
  /** The moved scripts as one module; empty when nothing moved (the page is then unchanged). */
  js: string;
}

/**
 * Splits `html`'s inline module scripts at its fold mark, or else at the layout's scripts mark;
 * `src(js)` names the file they go to.
 */
export function splitLaterScripts(html: string, src: (js: string) => string): SplitScripts {
  const fold = html.indexOf(FOLD_MARK);
  const mark = fold === -1 ? html.indexOf(LATER_SCRIPTS_MARK) : fold;
  // The scripts' mark goes either way (a fold mark is before it, and stays for the later styles).
  const page = html.replace(LATER_SCRIPTS_MARK, '');
  const trusted = new Set(scriptSources(page));
  if (mark === -1 || trusted.size === 0) return { html: page, js: '' };
  const later = [...page.matchAll(MODULE_SCRIPT)].filter(
    (match) => match.index >= mark && !MODULE_SYNTAX.test(match[1]!) && trusted.has(scriptHash(match[1]!)),
  );
  if (later.length === 0) return { html: page, js: '' };
  // A line break before the closing brace: a body may end in a `//` comment.
  const js = later.map((match) => `(async()=>{${match[1]!}\n})();`).join('');
  const loader = laterScriptLoader(src(js));
  const tag = `<script type="module">${loader}</script>`;
  let out = '';
  let from = 0;
  later.forEach((match, i) => {
    out += page.slice(from, match.index) + (i === 0 ? tag : '');
    from = match.index + match[0].length;
  });
  // The policy trusts the loader; the moved scripts' hashes are left for the merge step to prune.
  return {
    html: editScriptSources(out + page.slice(from), (sources) => [...sources, scriptHash(loader)]),
    js,
  };
}
