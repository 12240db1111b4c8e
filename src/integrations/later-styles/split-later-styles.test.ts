import { describe, expect, it } from 'vitest';
import { FOLD_MARK, SHOW_RULE, splitLaterStyles, topLevelRules, WAIT_RULE } from './split-later-styles.ts';

const page = (css: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>${body}</body></html>`;

const href = () => '/_astro/later.abc.css';

describe('splitLaterStyles', () => {
  const css =
    ':root{--a:1}' +
    '.top[data-astro-cid-aaa]{color:red}' +
    '.low[data-astro-cid-bbb]{color:blue}' +
    '@media (width<=980px){.low[data-astro-cid-bbb]{color:green}}' +
    '.both[data-astro-cid-ccc]{margin:0}' +
    '.gone[data-astro-cid-ddd]{padding:0}';
  const body =
    '<header class="top" data-astro-cid-aaa><p class="both" data-astro-cid-ccc>위</p></header>' +
    FOLD_MARK +
    '<section class="low" data-astro-cid-bbb><p class="both" data-astro-cid-ccc>아래</p></section>';

  it('moves the rules of components that appear only below the mark, in their order', () => {
    const split = splitLaterStyles(page(css, body), href);
    expect(split.css).toBe(
      '.low[data-astro-cid-bbb]{color:blue}@media (width<=980px){.low[data-astro-cid-bbb]{color:green}}' +
        SHOW_RULE,
    );
    // Unscoped rules, components above the mark (even when also below) and components the page
    // does not show stay in the page.
    expect(split.html).toContain(
      '<style>:root{--a:1}.top[data-astro-cid-aaa]{color:red}.both[data-astro-cid-ccc]{margin:0}.gone[data-astro-cid-ddd]{padding:0}</style>',
    );
    expect(split.html).not.toContain('color:blue');
  });

  it('moves the keyframes that only moved rules animate', () => {
    const animated =
      '@keyframes tab-in{0%{opacity:0}}@keyframes pulse{to{opacity:.5}}' +
      '.top[data-astro-cid-aaa]{animation:pulse 1s}' +
      '.low[data-astro-cid-bbb]{animation:tab-in .2s}.low[data-astro-cid-bbb] i{animation-name:pulse}';
    const split = splitLaterStyles(page(animated, body), href);
    expect(split.css).toBe(
      '.low[data-astro-cid-bbb]{animation:tab-in .2s}.low[data-astro-cid-bbb] i{animation-name:pulse}' +
        '@keyframes tab-in{0%{opacity:0}}' +
        SHOW_RULE,
    );
    // `pulse` still animates the first screen: it stays.
    expect(split.html).toContain('<style>@keyframes pulse{to{opacity:.5}}.top[data-astro-cid-aaa]');
  });

  it('names the later file where the mark was, for the loader and for visits without JavaScript', () => {
    const split = splitLaterStyles(page(css, body), href);
    expect(split.html).not.toContain(FOLD_MARK);
    expect(split.html).toContain(
      '</header><noscript data-later-styles="/_astro/later.abc.css"><link rel="stylesheet" href="/_astro/later.abc.css"></noscript><section',
    );
  });

  it('hides what follows the mark until the later file is in, or for a few seconds at most', () => {
    const split = splitLaterStyles(page(css, body), href);
    expect(split.html).toContain(`<style>${WAIT_RULE}</style></head>`);
    expect(WAIT_RULE).toMatch(/visibility:hidden;animation:later-styles 0s 4s forwards/);
    expect(split.css.endsWith('noscript[data-later-styles]~*{visibility:visible;animation:none}')).toBe(true);
  });

  it('leaves a page without the mark as it is', () => {
    const html = page(css, body.replace(FOLD_MARK, ''));
    expect(splitLaterStyles(html, href)).toEqual({ html, css: '' });
  });

  it('only drops the mark when nothing below it has styles of its own', () => {
    const html = page(':root{--a:1}', `<p>위</p>${FOLD_MARK}<p>아래</p>`);
    expect(splitLaterStyles(html, href)).toEqual({ html: html.replace(FOLD_MARK, ''), css: '' });
  });

  it('ignores a mark written inside the head', () => {
    const html = page(
      `.low[data-astro-cid-bbb]{content:"${FOLD_MARK}"}`,
      '<p class="low" data-astro-cid-bbb>x</p>',
    );
    expect(splitLaterStyles(html, href)).toEqual({ html, css: '' });
  });
});

describe('topLevelRules', () => {
  it('splits at the end of each top-level block, not at braces in strings or comments', () => {
    expect(topLevelRules('a{content:"}"}/* { */b{c:d}@media x{e{f:g}}@import "h";')).toEqual([
      'a{content:"}"}',
      '/* { */b{c:d}',
      '@media x{e{f:g}}',
      '@import "h";',
    ]);
  });
});
