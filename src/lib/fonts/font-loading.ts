/**
 * How the site loads Pretendard without putting it on the critical path or shifting the layout.
 *
 * A Korean page needs 10–20 of Pretendard's 92 unicode-range subsets (about 25 KB each). Fetched
 * with the page they delayed the first paint by seconds on Lighthouse's mobile connection (FCP
 * 3.8 s instead of 1 s), and swapping them in after the paint moved the layout (CLS 0.025: the
 * glyphs are narrower, so lines wrap differently). So:
 *
 * 1. **First visit**: the page paints in the system Korean font of `--font-sans` (Apple SD Gothic
 *    Neo, Noto Sans KR, Malgun Gothic…) and stays in it. After the load event, when the browser
 *    is idle, the subset files this page's text needs are fetched at low priority into the HTTP
 *    cache and the stylesheet's address is remembered (localStorage). Nothing is added to the
 *    document: no stylesheet and no `FontFace` (registering the 92 rules, even under another
 *    family name, invalidated the style of the whole page, a 230–375 ms task on a slow phone).
 * 2. **Later pages**: a tiny script in <head> sees the remembered address and adds the
 *    stylesheet before the first paint (`blocking="render"`); the font files come from the HTTP
 *    cache (hashed names, cached for a year), and `font-display: fallback` keeps text from
 *    swapping late if a rare subset still has to be fetched.
 *
 * This module holds the parts that run at build time; src/styles/load-fonts.ts the browser side.
 */

/** localStorage key holding the address of the stylesheet whose fonts are in the HTTP cache. */
export const FONT_CACHE_KEY = 'web-fonts';

/**
 * The <head> script of step 2. It reads the stylesheet's address from `<html data-web-fonts>`,
 * so its text (and its CSP hash) is the same on every page and every build.
 */
export const EARLY_FONT_SCRIPT =
  `try{var r=document.documentElement,h=r.dataset.webFonts;` +
  `if(h&&localStorage.getItem(${JSON.stringify(FONT_CACHE_KEY)})===h){` +
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
 * up each code point of each range in the text's set (about 20,000 look-ups for Pretendard,
 * a millisecond), not each character against each range (a million comparisons, a long task
 * on a slow phone); and it is short, because it is inlined into every page.
 */
export function rulesForText(rules: readonly FontFaceRule[], text: string): FontFaceRule[] {
  const points = new Set([...text.replace(/\s/g, '')].map((char) => char.codePointAt(0)));
  return rules.filter((rule) =>
    [...rule.unicodeRange.matchAll(/U\+([0-9a-f]+)(?:-([0-9a-f]+))?/gi)].some(([, first = '', last = first]) => {
      for (let point = parseInt(first, 16), end = parseInt(last, 16); point <= end; point++) {
        if (points.has(point)) return true;
      }
      return false;
    }),
  );
}
