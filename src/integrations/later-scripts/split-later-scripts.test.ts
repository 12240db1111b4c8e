import { describe, expect, it } from 'vitest';
import { scriptHash } from '../finish-pages/csp-policy.ts';
import { mergeModuleScripts } from '../finish-pages/merge-module-scripts.ts';
import { pruneScriptHashes } from '../finish-pages/prune-script-hashes.ts';
import { FOLD_MARK } from '../later-styles/split-later-styles.ts';
import { LATER_SCRIPTS_MARK, laterScriptLoader, splitLaterScripts } from './split-later-scripts.ts';
import { moduleBodies, moduleScript, policyPage } from '../finish-pages/test-pages.ts';

describe('splitLaterScripts', () => {
  const menu = 'window.order.push("menu")';
  const tabs = 'var e=1;window.order.push("tabs"+e)';
  const notice = 'var e=2;window.order.push("notice"+e)// the end';
  const fonts = 'throw new Error("fonts")';
  const all = [menu, tabs, notice, fonts].map(scriptHash);
  const href = () => '/_astro/later.abc.js';

  it('moves the trusted scripts after the mark into one file, imported after the paint', () => {
    const html = policyPage(
      all,
      `<header>${moduleScript(menu)}</header>${FOLD_MARK}<section>탭${moduleScript(tabs)}</section>` +
        `<footer>${moduleScript(notice)}${moduleScript(fonts)}</footer>`,
    );
    const split = splitLaterScripts(html, href);
    const loader = laterScriptLoader('/_astro/later.abc.js');
    expect(moduleBodies(split.html)).toEqual([menu, loader]);
    // No script file for the browser to fetch while it parses: the loader imports it.
    expect(split.html).not.toMatch(/<script[^>]+src=/);
    expect(split.html).toContain(
      `${FOLD_MARK}<section>탭<script type="module">${loader}</script></section><footer></footer>`,
    );
    // The loader is trusted, so the merge step runs it with the menu and prunes the moved hashes.
    const merged = pruneScriptHashes(mergeModuleScripts(split.html));
    expect(moduleBodies(merged)).toHaveLength(1);
    expect(merged).toContain(loader);
    expect(merged).not.toContain(scriptHash(tabs));
  });

  it('runs the moved scripts in their order, each in its own scope and with its own failure', async () => {
    const html = policyPage(
      all,
      `${FOLD_MARK}${moduleScript(tabs)}${moduleScript(fonts)}${moduleScript(notice)}`,
    );
    const { js } = splitLaterScripts(html, href);
    const window = { order: [] as string[] };
    const failures: unknown[] = [];
    const run = new Function('window', js.replaceAll('})();', '})().catch(window.fail);'));
    run(Object.assign(window, { fail: (error: unknown) => failures.push(error) }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.order).toEqual(['tabs1', 'notice2']);
    expect(failures).toHaveLength(1);
  });

  it('leaves a page alone without a mark, and keeps untrusted or importing scripts inline', () => {
    const unmarked = policyPage(all, `${moduleScript(tabs)}`);
    expect(splitLaterScripts(unmarked, href)).toEqual({ html: unmarked, js: '' });

    const importing = 'import{a}from"/_astro/a.js";a()';
    const untrusted = 'window.evil=1';
    const html = policyPage(
      [scriptHash(importing), scriptHash(tabs)],
      `${FOLD_MARK}${moduleScript(untrusted)}${moduleScript(importing)}${moduleScript(tabs)}`,
    );
    const split = splitLaterScripts(html, href);
    expect(moduleBodies(split.html)).toEqual([untrusted, importing, laterScriptLoader(href())]);
    expect(split.js).toContain(tabs);
    expect(split.js).not.toContain(untrusted);
  });

  it("on a page without a fold mark, moves what follows the layout's scripts mark, and drops the mark", () => {
    const html = policyPage(
      all,
      `<header>${moduleScript(menu)}</header><main>${moduleScript(tabs)}</main>` +
        `<footer>${moduleScript(notice)}</footer>${LATER_SCRIPTS_MARK}${moduleScript(fonts)}`,
    );
    const split = splitLaterScripts(html, href);
    expect(moduleBodies(split.html)).toEqual([menu, tabs, notice, laterScriptLoader(href())]);
    expect(split.js).toContain(fonts);
    expect(split.js).not.toContain(notice);
    expect(split.html).not.toContain(LATER_SCRIPTS_MARK);
  });

  it('splits at the fold mark when a page has both, and drops the scripts mark', () => {
    const html = policyPage(
      all,
      `${moduleScript(menu)}${FOLD_MARK}${moduleScript(tabs)}${moduleScript(notice)}${LATER_SCRIPTS_MARK}${moduleScript(fonts)}`,
    );
    const split = splitLaterScripts(html, href);
    expect(moduleBodies(split.html)).toEqual([menu, laterScriptLoader(href())]);
    expect(split.js.indexOf(tabs)).toBeLessThan(split.js.indexOf(fonts));
    expect(split.html).toContain(FOLD_MARK);
    expect(split.html).not.toContain(LATER_SCRIPTS_MARK);

    const nothingAfter = policyPage(all, `${moduleScript(menu)}${LATER_SCRIPTS_MARK}`);
    expect(splitLaterScripts(nothingAfter, href)).toEqual({
      html: nothingAfter.replace(LATER_SCRIPTS_MARK, ''),
      js: '',
    });
  });
});
