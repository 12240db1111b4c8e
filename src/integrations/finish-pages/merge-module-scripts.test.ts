import { describe, expect, it } from 'vitest';
import { scriptHash } from './csp-policy.ts';
import { mergeModuleScripts } from './merge-module-scripts.ts';
import { pruneScriptHashes } from './prune-script-hashes.ts';
import { moduleBodies, moduleScript, policyPage } from './test-pages.ts';

describe('mergeModuleScripts', () => {
  const menu = 'var e=1;function t(){return e}window.menu=t()';
  const notice = 'var e=2,t=/dynamically imported module/;addEventListener("x",()=>e&&t)// the end';
  const fonts = 'const n=await Promise.resolve(3);window.fonts=n';

  it('runs every inline module script from one script, each in its own scope, in order', async () => {
    const html = policyPage(
      [scriptHash(menu), scriptHash(notice), scriptHash(fonts)],
      `<main>글</main>${moduleScript(menu)}<footer>바닥글</footer>${moduleScript(notice)}${moduleScript(fonts)}`,
    );
    const merged = pruneScriptHashes(mergeModuleScripts(html));
    const [body] = moduleBodies(merged);
    expect(moduleBodies(merged)).toHaveLength(1);
    // It stands where the last one stood; the content before it is untouched.
    expect(merged).toContain(`<main>글</main><footer>바닥글</footer><script type="module">`);
    // Only the merged script's hash is left in the policy.
    expect(merged).toContain(`script-src 'self' ${scriptHash(body!)};`);
    expect(merged).not.toContain(scriptHash(menu));

    // Each body keeps its own `var e` and its own top-level await, and a failure stays its own.
    const window: Record<string, unknown> = {};
    const run = new Function('window', 'addEventListener', `return (async()=>{${body}})()`);
    await run(window, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window).toEqual({ menu: 1, fonts: 3 });
  });

  it('keeps a later script running when an earlier one throws', async () => {
    const failing = 'window.broken.call()';
    const html = policyPage(
      [scriptHash(failing), scriptHash(menu)],
      moduleScript(failing) + moduleScript(menu),
    );
    const [body] = moduleBodies(mergeModuleScripts(html));
    // Observed here, so that the first script's failure is not an unhandled rejection of the test run.
    const observed = body!.replaceAll('\n})();', '\n})().catch((error)=>window.errors.push(error.name));');
    const window: Record<string, unknown> = { errors: [] };
    new Function('window', observed)(window);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.menu).toBe(1);
    expect(window.errors).toEqual(['TypeError']);
  });

  it('leaves the page alone when a script is not in the policy, or uses a static import', () => {
    const injected = 'alert(1)';
    const untrusted = policyPage([scriptHash(menu)], moduleScript(menu) + moduleScript(injected));
    expect(mergeModuleScripts(untrusted)).toBe(untrusted);
    for (const importing of ['import{a}from"/x.js";a()', 'var b;import a from"/x.js";a()', 'export{}']) {
      const withImport = policyPage(
        [scriptHash(menu), scriptHash(importing)],
        moduleScript(menu) + moduleScript(importing),
      );
      expect(mergeModuleScripts(withImport), importing).toBe(withImport);
    }
  });

  it('leaves a page with one module script, or without a policy, alone', () => {
    const one = policyPage([scriptHash(menu)], moduleScript(menu));
    expect(mergeModuleScripts(one)).toBe(one);
    const noPolicy = `<html><body>${moduleScript(menu)}${moduleScript(notice)}</body></html>`;
    expect(mergeModuleScripts(noPolicy)).toBe(noPolicy);
  });
});
