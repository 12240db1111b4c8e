import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../../scripts/publish/lib/headers-file.ts';
import { BUILT_RULES_MARKER, preloadLink, priorityPicture, withBuiltRules } from './preload-link.ts';

/** The home's hero as the build writes it (HomeBanner.astro): desktops one file, phones a choice. */
const home =
  '<picture data-astro-cid-x><source media="(width>980px)" type="image/avif" srcset="/_astro/hero.a_Z1x.avif 1120w" sizes="540px" data-astro-cid-x><source type="image/avif" srcset="/_astro/hero.a_11B.avif 760w, /_astro/hero.a_Z1x.avif 1120w" sizes="64vw" data-astro-cid-x><img src="/_astro/hero.a_A51.webp" alt="대시보드" width="760" height="507" fetchpriority="high" data-astro-cid-x></picture>';
/** A hero whose first source is a choice, everywhere. */
const hero =
  '<picture data-astro-cid-x><source type="image/avif" srcset="/_astro/hero-dashboard.exee85oK_11Bqlv.avif 760w, /_astro/hero-dashboard.exee85oK_Z1xtULs.avif 1120w" sizes="(max-width: 980px) 100vw, 540px" data-astro-cid-x><img src="/_astro/hero-dashboard.exee85oK_A51AQ.webp" alt="대시보드" width="760" height="507" loading="eager" fetchpriority="high" decoding="async" data-astro-cid-x></picture>';
const lazy =
  '<picture><source type="image/avif" srcset="/_astro/logo.a.avif 200w"><img src="/_astro/logo.b.webp" alt="" loading="lazy"></picture>';

const link =
  '</_astro/hero-dashboard.exee85oK_11Bqlv.avif>; rel=preload; as=image; type="image/avif"; ' +
  'imagesrcset="/_astro/hero-dashboard.exee85oK_11Bqlv.avif 760w, /_astro/hero-dashboard.exee85oK_Z1xtULs.avif 1120w"; ' +
  'imagesizes="(max-width: 980px) 100vw, 540px"; fetchpriority=high';

describe('priorityPicture', () => {
  it("reads the high-priority picture's first source, after any other picture", () => {
    expect(priorityPicture(`<main>${lazy}<h1>홈</h1>${hero}</main>`)).toEqual({
      href: '/_astro/hero-dashboard.exee85oK_11Bqlv.avif',
      type: 'image/avif',
      srcset:
        '/_astro/hero-dashboard.exee85oK_11Bqlv.avif 760w, /_astro/hero-dashboard.exee85oK_Z1xtULs.avif 1120w',
      sizes: '(max-width: 980px) 100vw, 540px',
      media: undefined,
    });
  });

  it('takes the <img> of a picture without sources, and decodes entities', () => {
    const html = '<picture><img src="/a.webp?w=1&amp;q=80" fetchpriority=high alt=""></picture>';
    expect(priorityPicture(html)).toEqual({
      href: '/a.webp?w=1&q=80',
      type: undefined,
      srcset: undefined,
      sizes: undefined,
      media: undefined,
    });
  });

  it("takes the first source's media: where the preload applies", () => {
    expect(priorityPicture(home)).toEqual({
      href: '/_astro/hero.a_Z1x.avif',
      type: 'image/avif',
      srcset: '/_astro/hero.a_Z1x.avif 1120w',
      sizes: '540px',
      media: '(width>980px)',
    });
  });

  it('finds nothing on a page without a high-priority picture', () => {
    expect(priorityPicture(`<main>${lazy}<img src="/x.webp" fetchpriority="high"></main>`)).toBeUndefined();
  });
});

describe('preloadLink', () => {
  it("writes the source's own srcset and sizes, so the browser fetches what the picture picks", () => {
    expect(preloadLink(priorityPicture(hero)!)).toBe(link);
  });

  it('names a source of one file by the address alone, limited to its media', () => {
    expect(preloadLink(priorityPicture(home)!)).toBe(
      '</_astro/hero.a_Z1x.avif>; rel=preload; as=image; type="image/avif"; media="(width>980px)"; fetchpriority=high',
    );
    // Descriptor or not, one file is the one the browser takes.
    expect(preloadLink({ href: '/a.avif', srcset: '/a.avif', sizes: undefined })).toBe(
      '</a.avif>; rel=preload; as=image; fetchpriority=high',
    );
  });

  it('refuses what a quoted parameter or the address cannot hold', () => {
    expect(() => preloadLink({ href: '/a.avif', srcset: '/a"b.avif 1w, /c.avif 2w' })).toThrow(/imagesrcset/);
    expect(() => preloadLink({ href: '/a.avif', media: '(width>"1")' })).toThrow(/media/);
    expect(() => preloadLink({ href: '/a b.avif' })).toThrow();
  });
});

describe('withBuiltRules', () => {
  const project = readFileSync(new URL('../../../public/_headers', import.meta.url), 'utf8');
  const built = withBuiltRules(project, ['/', '/index.html'], link);

  it("adds the Link to the home's addresses alone, after the project's rules, untouched", () => {
    expect(built.startsWith(`${project}\n${BUILT_RULES_MARKER}`)).toBe(true);
    const rules = parseHeadersFile(built);
    for (const path of ['/', '/index.html']) {
      expect(headersFor(rules, path)).toEqual({ ...headersFor(parseHeadersFile(project), path), Link: link });
    }
    for (const path of ['/faq', '/_astro/hero-dashboard.exee85oK_11Bqlv.avif', '/index.html/x'])
      expect(headersFor(rules, path)).not.toHaveProperty('Link');
  });

  it('replaces the rules of an earlier run instead of adding them again', () => {
    expect(withBuiltRules(built, ['/', '/index.html'], link)).toBe(built);
    const other = withBuiltRules(built, ['/'], '</b.avif>; rel=preload; as=image');
    expect(other.startsWith(project)).toBe(true);
    expect(parseHeadersFile(other).filter((rule) => 'Link' in rule.headers)).toHaveLength(1);
  });
});
