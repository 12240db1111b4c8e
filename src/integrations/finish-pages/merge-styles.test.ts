import { describe, expect, it } from 'vitest';
import { directiveSources, scriptHash as hash } from './csp-policy.ts';
import { hashPageStyles, mergeStyles } from './merge-styles.ts';

const page = (styleSrc: string, head: string, body = '') =>
  `<html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-s='; style-src ${styleSrc} ;">` +
  `${head}</head><body>${body}</body></html>`;

describe('mergeStyles', () => {
  it("merges the page's <style> elements into the first, in order, a text written twice once", () => {
    const html = page(
      "'self'",
      '<style>:root{--a:1}</style><style>.b{color:red}</style>',
      '<style>.r-1-2{aspect-ratio:1/2}</style><p>x</p><style>.r-1-2{aspect-ratio:1/2}</style>',
    );
    const merged = mergeStyles(html);
    expect([...merged.matchAll(/<style>/g)]).toHaveLength(1);
    expect(merged).toContain('<style>:root{--a:1}.b{color:red}.r-1-2{aspect-ratio:1/2}</style></head>');
    expect(merged).toContain('<body><p>x</p></body>');
  });

  it('leaves a <style> inside <noscript> and one with attributes where they are', () => {
    const html = page(
      "'self'",
      '<noscript><style>.n{}</style></noscript><style>.a{}</style><style media="print">.p{}</style><style>.b{}</style>',
    );
    expect(mergeStyles(html)).toContain(
      '<noscript><style>.n{}</style></noscript><style>.a{}.b{}</style><style media="print">.p{}</style>',
    );
  });
});

describe('hashPageStyles', () => {
  it("lets style-src name the page's own styles only: no 'unsafe-inline', none of the site's other hashes", () => {
    const html = page(`'self' 'unsafe-inline' ${hash('.other{}')}`, '<style>.a{}</style><style>.b{}</style>');
    const finished = hashPageStyles(html);
    expect(directiveSources(finished, 'style-src')).toEqual(["'self'", hash('.a{}.b{}')]);
    expect(directiveSources(finished, 'script-src')).toEqual(["'self'", "'sha256-s='"]);
  });

  it("keeps 'self' alone on a page without inline styles, and leaves a page without a policy alone", () => {
    expect(directiveSources(hashPageStyles(page(`'self' ${hash('.x{}')}`, '')), 'style-src')).toEqual([
      "'self'",
    ]);
    const bare = '<html><head><style>.a{}</style><style>.b{}</style></head></html>';
    expect(hashPageStyles(bare)).toBe('<html><head><style>.a{}.b{}</style></head></html>');
  });
});
