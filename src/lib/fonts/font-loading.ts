/**
 * How the site loads Pretendard without putting it on the critical path or shifting the layout.
 *
 * A Korean page needs 10–20 of Pretendard's 92 unicode-range subsets (about 25 KB each). Fetched
 * with the page they delayed the first paint by seconds on Lighthouse's mobile connection (FCP
 * 3.8 s instead of 1 s), and swapping them in after the paint moved the layout (CLS 0.025: the
 * glyphs are narrower, so lines wrap differently). So:
 *
 * 1. **First visit**: the page paints in the system Korean font of `--font-sans` (Apple SD Gothic
 *    Neo, Malgun Gothic, Noto Sans KR…) and stays in it. After the load event, when the browser
 *    is idle, the subset files this page's text needs are fetched at low priority into the HTTP
 *    cache and the stylesheet's address is remembered (localStorage). Nothing is added to the
 *    document: no stylesheet and no `FontFace` (registering the 92 rules, even under another
 *    family name, invalidated the style of the whole page, a 230–375 ms task on a slow phone).
 *    Which subsets the text needs is worked out at build time (`subsetIndexes`, written into the
 *    page by components/layout/BodyWithFontSubsets.astro): matching the text against the ranges in
 *    the browser was a 9 ms task on a fast desktop, 80 ms on the slow phone. The first-visit
 *    font stack names no Pretendard either: each family the system lacks is a font look-up per
 *    size and weight during the first layout (about a quarter of a detail page's layout time).
 * 2. **Later pages**: a tiny script in <head> sees the remembered address and adds the
 *    stylesheet before the first paint (`blocking="render"`), marking <html> so that
 *    `--font-sans` puts Pretendard first (src/styles/_tokens.scss); the font files come from the HTTP
 *    cache (hashed names, cached for a year), and `font-display: fallback` keeps text from
 *    swapping late if a rare subset still has to be fetched.
 *
 * This module holds the parts that run at build time; src/lib/fonts/load-fonts.ts the browser side.
 */

/** localStorage key holding the address of the stylesheet whose fonts are in the HTTP cache. */
export const FONT_CACHE_KEY = 'web-fonts';

/**
 * The <head> script of step 2. It reads the stylesheet's address from `<html data-web-fonts>`,
 * so its text (and its CSP hash) is the same on every page and every build.
 */
export const EARLY_FONT_SCRIPT =
  `try{var r=document.documentElement,h=r.dataset.webFonts;` +
  `if(h&&localStorage.getItem("${FONT_CACHE_KEY}")===h){` +
  `var l=document.createElement("link");l.rel="stylesheet";l.href=h;l.setAttribute("blocking","render");` +
  `document.head.appendChild(l);r.setAttribute("data-web-fonts-applied","")}}catch(e){}`;

/** One `@font-face` rule of the stylesheet. */
export interface FontFaceRule {
  url: string;
  unicodeRange: string;
}

/** The rules of a stylesheet like Pretendard's dynamic-subset CSS (one `src` url each). */
export function parseFontFaces(css: string): FontFaceRule[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, body = '']) => {
    const url = /src:\s*url\((['"]?)([^'")]+)\1\)/.exec(body)?.[2];
    const unicodeRange = /unicode-range:\s*([^;]+)/.exec(body)?.[1]?.trim();
    return url && unicodeRange ? [{ url, unicodeRange }] : [];
  });
}

/**
 * The rules whose unicode-range covers at least one character of `text` (whitespace aside),
 * in stylesheet order: the subset files a browser applying the stylesheet to this text would
 * download. Ranges are `U+AC00` or `U+AC00-AC10`; Pretendard uses no `?` wildcards. It looks
 * up each code point of each range in the text's set (about 20,000 look-ups for Pretendard),
 * not each character against each range (a million comparisons per page at build time).
 */
export function rulesForText(rules: readonly FontFaceRule[], text: string): FontFaceRule[] {
  const points = new Set([...text.replace(/\s/g, '')].map((char) => char.codePointAt(0)));
  return rules.filter((rule) =>
    [...rule.unicodeRange.matchAll(/U\+([0-9a-f]+)(?:-([0-9a-f]+))?/gi)].some(
      ([, first = '', last = first]) => {
        for (let point = parseInt(first, 16), end = parseInt(last, 16); point <= end; point++) {
          if (points.has(point)) return true;
        }
        return false;
      },
    ),
  );
}

/**
 * The positions, in stylesheet order, of the rules `rulesForText` keeps: what a page carries
 * so the browser can pick the files out of the stylesheet without looking at the text.
 */
export function subsetIndexes(rules: readonly FontFaceRule[], text: string): number[] {
  const needed = new Set(rulesForText(rules, text));
  return rules.flatMap((rule, index) => (needed.has(rule) ? [index] : []));
}

/** The `data-web-font-subsets` value of a page: the positions separated by spaces. */
export function formatSubsetIndexes(indexes: readonly number[]): string {
  return indexes.join(' ');
}

/**
 * The positions read back from `data-web-font-subsets`; anything that is not a position in a stylesheet
 * of `ruleCount` rules is left out.
 */
export function parseSubsetIndexes(value: string | null | undefined, ruleCount: number): number[] {
  return (value ?? '')
    .split(' ')
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((index) => index < ruleCount);
}
