/**
 * Pretendard's dynamic-subset stylesheet (92 unicode-range subsets of the variable font), served
 * as its own file `/fonts/pretendard-<hash>.css` with the font files emitted by Vite as hashed
 * `/_astro/` assets. It is deliberately not imported as CSS: Astro would then link it from every
 * page as a render-blocking stylesheet, and the browser would fetch the fonts before the first
 * paint. The layout adds it after the page has loaded instead (src/lib/fonts/load-fonts.ts).
 */
import { createHash } from 'node:crypto';
import { visibleTextOfHtml } from '../html/visible-text.ts';
import { formatSubsetIndexes, parseFontFaces, subsetIndexes } from './font-loading.ts';
import css from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?raw';

const fontFiles = import.meta.glob<string>(
  '/node_modules/pretendard/dist/web/variable/woff2-dynamic-subset/*.woff2',
  {
    query: '?url',
    import: 'default',
    eager: true,
  },
);

const urlByName = new Map(
  Object.entries(fontFiles).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
);

/**
 * The package's CSS with each `url(./woff2-dynamic-subset/<file>)` pointing at the emitted file.
 * Throws when a file is missing, so a changed package fails the build instead of shipping 404s.
 */
export function rewriteFontUrls(text: string, urls: ReadonlyMap<string, string>): string {
  return text.replace(
    /url\((['"]?)\.\/woff2-dynamic-subset\/([^'")]+)\1\)/g,
    (_match, _quote, name: string) => {
      const url = urls.get(name);
      if (!url) throw new Error(`Pretendard: ${name} 파일을 찾을 수 없습니다.`);
      return `url(${url})`;
    },
  );
}

/**
 * The stylesheet's text. It is only applied on pages whose fonts are already cached (see
 * font-loading.ts), so `fallback` (a 100 ms block, no late swap) replaces the package's `swap`.
 */
export const pretendardCss = rewriteFontUrls(css, urlByName).replace(
  /font-display:\s*swap/g,
  'font-display: fallback',
);

/** Content hash in the file name, so the stylesheet can be cached like the hashed assets. */
export const pretendardCssName = `pretendard-${createHash('sha256').update(pretendardCss).digest('hex').slice(0, 10)}`;

/** Site path of the stylesheet. */
export const pretendardCssPath = `/fonts/${pretendardCssName}.css`;

const pretendardRules = parseFontFaces(pretendardCss);

/** The `data-web-font-subsets` of a rendered page: which of the stylesheet's files its text needs. */
export function pretendardSubsetsForHtml(html: string): string {
  return formatSubsetIndexes(subsetIndexes(pretendardRules, visibleTextOfHtml(html)));
}
