// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { describe, expect, it } from 'vitest';
import { addLaterStyles, injectStyles } from './later-styles.ts';

describe('addLaterStyles', () => {
  it('links each stylesheet the page names, once', () => {
    document.body.innerHTML =
      '<footer data-later-styles="/_astro/site-footer.A1.css"></footer><div data-later-styles="/_astro/site-footer.A1.css"></div>';
    addLaterStyles();
    addLaterStyles();
    const links = document.head.querySelectorAll('link[rel="stylesheet"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/_astro/site-footer.A1.css');
  });
});

describe('keepFragmentsInPlace', () => {
  it('adds the stylesheets at once when the address names a section, and hands them over to keep it in place', async () => {
    const { keepFragmentsInPlace } = await import('./later-styles.ts');
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<section id="top"></section><noscript data-later-styles="/_astro/later.B2.css"></noscript><section id="results"></section>';
    location.hash = '#results';
    const handed: [string[], string][] = [];
    keepFragmentsInPlace((links, target) =>
      handed.push([links.map((link) => link.getAttribute('href')!), target.id]),
    );
    expect(document.head.querySelector('link[href="/_astro/later.B2.css"]')).not.toBeNull();
    expect(handed).toEqual([[['/_astro/later.B2.css'], 'results']]);
  });

  it('does the same for a jump within the page made before the styles are in', async () => {
    const { keepFragmentsInPlace } = await import('./later-styles.ts');
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<section id="banner"></section><noscript data-later-styles="/_astro/later.D4.css"></noscript><section id="solution"></section>';
    history.replaceState(null, '', location.pathname);
    const handed: string[] = [];
    keepFragmentsInPlace((links, target) => handed.push(`${links.length} ${target.id}`));
    expect(handed).toEqual([]);
    location.hash = '#solution';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(handed).toEqual(['1 solution']);
  });

  it('hands over styles it added even when the cache applied them at once', async () => {
    // The browser scrolled to the section before they were added, with the page laid out
    // without them: the section must still be brought back (a second visit, or a script that
    // runs only after the page has scrolled).
    const { keepFragmentsInPlace } = await import('./later-styles.ts');
    const sheet = Object.getOwnPropertyDescriptor(window.HTMLLinkElement.prototype, 'sheet');
    Object.defineProperty(window.HTMLLinkElement.prototype, 'sheet', { configurable: true, get: () => ({}) });
    try {
      document.head.innerHTML = '';
      document.body.innerHTML =
        '<section id="top"></section><noscript data-later-styles="/_astro/later.C3.css"></noscript><section id="results"></section>';
      location.hash = '#results';
      const handed: string[] = [];
      keepFragmentsInPlace((links, target) => handed.push(`${links.length} ${target.id}`));
      expect(handed).toEqual(['1 results']);
      // Once in, a later jump within the page has nothing to wait for.
      location.hash = '#top';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      expect(handed).toEqual(['1 results']);
    } finally {
      if (sheet) Object.defineProperty(window.HTMLLinkElement.prototype, 'sheet', sheet);
      else delete (window.HTMLLinkElement.prototype as { sheet?: unknown }).sheet;
    }
  });
});

describe('injectStyles', () => {
  it('adds the rules once, however often the code runs, as a sheet no <style> carries', () => {
    const before = document.adoptedStyleSheets.length;
    injectStyles('list-states', '.a{color:red}');
    injectStyles('list-states', '.a{color:red}');
    expect(document.adoptedStyleSheets).toHaveLength(before + 1);
    const rules = [...document.adoptedStyleSheets.at(-1)!.cssRules].map((rule) => rule.cssText);
    expect(rules.join('')).toMatch(/\.a\s*\{\s*color:\s*red;?\s*\}/);
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });
});
