// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { describe, expect, it } from 'vitest';
import { addLaterStyles } from './later-styles.ts';

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
